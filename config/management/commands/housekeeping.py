"""Delete expired sessions and old finished task results, and empty old Stripe event payloads
(config/housekeeping.py).

The reaper's loop runs this once an hour; run it from cron instead if the reaper is not looping.
Verbosity: 0 prints nothing unless something goes wrong (cron mails any output), 1 the summary,
2 also each step's log line.
"""

import logging
from contextlib import contextmanager

from django.core.management.base import BaseCommand, CommandError, CommandParser

from billing.housekeeping import STRIPE_EVENT_PAYLOADS_KEPT_DAYS
from config.housekeeping import TASK_RESULTS_KEPT_DAYS, clean_up


class Command(BaseCommand):
    help = (
        "Delete expired sessions and the task results of jobs finished more than N days ago, and empty"
        f" the payloads of Stripe events processed more than {STRIPE_EVENT_PAYLOADS_KEPT_DAYS} days ago."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--task-results-days",
            type=int,
            default=TASK_RESULTS_KEPT_DAYS,
            metavar="N",
            help=f"Keep finished task results for N days (default: {TASK_RESULTS_KEPT_DAYS}).",
        )

    def handle(self, *, task_results_days: int, verbosity: int, **options) -> None:
        if task_results_days < 0:
            raise CommandError("--task-results-days cannot be negative")
        with _info_logs_shown(verbosity >= 2):
            cleaned = clean_up(task_results_kept_days=task_results_days)
        if verbosity >= 1:
            self.stdout.write(f"Housekeeping: {cleaned}")


@contextmanager
def _info_logs_shown(shown: bool):
    """The steps log what they did at INFO for the reaper's loop, whose log is its output; here
    the summary says it once (or, at verbosity 0, nothing). Warnings and errors always show.
    Process-wide, which suits a command run on its own."""
    if shown:
        yield
        return
    previous = logging.root.manager.disable
    logging.disable(max(previous, logging.INFO))
    try:
        yield
    finally:
        logging.disable(previous)
