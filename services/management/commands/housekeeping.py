"""Delete expired sessions, old finished task results and what other apps registered
(services/housekeeping.py, config/housekeeping.py).

The reaper's loop runs this once an hour; run it from cron instead if the reaper is not looping.
"""

from django.core.management.base import BaseCommand, CommandError, CommandParser

from services.housekeeping import TASK_RESULTS_KEPT_DAYS, clean_up


class Command(BaseCommand):
    help = (
        "Delete expired sessions and the task results of jobs finished more than N days ago, then run"
        " the housekeeping other apps registered (such as clearing old Stripe event payloads)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--task-results-days",
            type=int,
            default=TASK_RESULTS_KEPT_DAYS,
            metavar="N",
            help=f"Keep finished task results for N days (default: {TASK_RESULTS_KEPT_DAYS}).",
        )

    def handle(self, *, task_results_days: int, **options) -> None:
        if task_results_days < 0:
            raise CommandError("--task-results-days cannot be negative")
        self.stdout.write(f"Housekeeping: {clean_up(task_results_kept_days=task_results_days)}")
