"""Delete expired sessions and old task results, empty old Stripe event payloads, and top up the
Free plan's monthly credits (config/housekeeping.py).

The reaper's loop runs this once an hour; run it from cron instead if the reaper is not looping.
Verbosity 0 prints nothing unless something goes wrong (cron mails any output).
"""

from django.core.management.base import BaseCommand, CommandError, CommandParser

from billing.housekeeping import STRIPE_EVENT_PAYLOADS_KEPT_DAYS
from config.housekeeping import TASK_RESULTS_KEPT_DAYS, clean_up

# Ten years: far beyond any use, and a cut-off date well inside what dates (and the database's
# integers) hold — a larger N would crash with an overflow instead of keeping everything.
TASK_RESULTS_MAX_DAYS = 3650


class Command(BaseCommand):
    help = (
        "Delete expired sessions and the task results of jobs finished more than N days ago, and empty"
        f" the payloads of Stripe events processed more than {STRIPE_EVENT_PAYLOADS_KEPT_DAYS} days ago;"
        " then top up the Free accounts whose month has turned."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--task-results-days",
            type=int,
            default=TASK_RESULTS_KEPT_DAYS,
            metavar="N",
            help=f"Keep old task results for N days, 0 to {TASK_RESULTS_MAX_DAYS} (default: {TASK_RESULTS_KEPT_DAYS}).",
        )

    def handle(self, *, task_results_days: int, verbosity: int, **options) -> None:
        if task_results_days < 0:
            raise CommandError("--task-results-days cannot be negative")
        if task_results_days > TASK_RESULTS_MAX_DAYS:
            raise CommandError(
                f"--task-results-days can be at most {TASK_RESULTS_MAX_DAYS} (ten years), not {task_results_days}"
            )
        cleaned = clean_up(task_results_kept_days=task_results_days)
        if verbosity >= 1:
            self.stdout.write(f"Housekeeping: {cleaned}")
