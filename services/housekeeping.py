"""Housekeeping: records that only pile up. Expired sessions (what `manage.py clearsessions`
does), and the task queue's rows for finished jobs (one or more per generation) once they are
older than TASK_RESULTS_KEPT_DAYS: the generation record keeps everything worth keeping (status,
error, output, times), so a finished job's row is only of use while debugging it. Then the steps
other apps registered in config/housekeeping.py (billing: old Stripe event payloads), which this
app may not import.

Run by the reaper's loop once an hour (config/Procfile), or on its own: `manage.py housekeeping`.
"""

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import import_module

from django.conf import settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from config.housekeeping import housekeeping_steps

logger = logging.getLogger(__name__)

TASK_RESULTS_KEPT_DAYS = 7
# Deleting in slices keeps each statement (and the locks it takes) short on a large backlog.
BATCH_SIZE = 1000


@dataclass
class Cleaned:
    task_results: int
    registered_steps: list[str] = field(default_factory=list)  # each registered step's report

    def __str__(self) -> str:
        return "; ".join(
            [
                "expired sessions cleared",
                f"{self.task_results} finished task result(s) deleted",
                *self.registered_steps,
            ]
        )


def clean_up(
    *,
    now: datetime | None = None,
    task_results_kept_days: int = TASK_RESULTS_KEPT_DAYS,
    batch_size: int = BATCH_SIZE,
) -> Cleaned:
    """Delete expired sessions and the task results of jobs finished more than
    `task_results_kept_days` days before `now` (never queued or running jobs), then run the
    steps other apps registered (config.housekeeping)."""
    now = now or timezone.now()
    # The configured engine knows where its sessions live (a cache-based one expires them itself).
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
    old_results = DBTaskResult.objects.finished().filter(
        finished_at__lt=now - timedelta(days=task_results_kept_days)
    )
    cleaned = Cleaned(task_results=_delete_in_batches(old_results, batch_size=batch_size))
    cleaned.registered_steps = [step(now) for step in housekeeping_steps()]
    logger.info("Housekeeping: %s", cleaned)
    return cleaned


def _delete_in_batches(queryset, *, batch_size: int) -> int:
    deleted = 0
    while ids := list(queryset.values_list("pk", flat=True)[:batch_size]):
        deleted += queryset.model.objects.filter(pk__in=ids).delete()[0]
    return deleted
