"""Housekeeping: records that only pile up.

- Expired sessions (what `manage.py clearsessions` does).
- The task queue's rows for finished jobs (one or more per generation) once they are older than
  TASK_RESULTS_KEPT_DAYS: the generation record keeps everything worth keeping (status, error,
  output, times), so a finished job's row is only of use while debugging it. The same goes for a
  row still marked running that long after it started: its worker died (a killed worker never
  marks its row), and the reaper failed and refunded the generation within minutes.
- The payloads of old Stripe events (billing.housekeeping).

And, being the site's hourly job, it tops up the Free plan's monthly credits
(billing.actions.grant_free_monthly_credits): an account whose new month began within the hour
gets them within the hour.

Run by the reaper's loop once an hour (config/Procfile), or on its own: `manage.py housekeeping`.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from importlib import import_module

from django.conf import settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from billing.actions import grant_free_monthly_credits
from billing.housekeeping import clear_old_stripe_event_payloads
from config.batches import BATCH_SIZE, in_batches

TASK_RESULTS_KEPT_DAYS = 7


@dataclass
class Cleaned:
    task_results: int
    stripe_event_payloads: int
    free_monthly_credits: int

    def __str__(self) -> str:
        return (
            f"expired sessions cleared; {self.task_results} old task result(s) deleted; "
            f"{self.stripe_event_payloads} Stripe event payload(s) cleared; "
            f"{self.free_monthly_credits} Free account(s) given their monthly credits"
        )


def clean_up(
    *,
    now: datetime | None = None,
    task_results_kept_days: int = TASK_RESULTS_KEPT_DAYS,
    batch_size: int = BATCH_SIZE,
) -> Cleaned:
    """Delete expired sessions and the task results of jobs finished (or started, for those a dead
    worker left running) more than `task_results_kept_days` days before `now` — never queued
    jobs or recent ones — and empty the payloads of old Stripe events; then top up the Free
    accounts whose month has turned."""
    now = now or timezone.now()
    # The configured engine knows where its sessions live (a cache-based one expires them itself).
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
    cutoff = now - timedelta(days=task_results_kept_days)
    old_results = DBTaskResult.objects.finished().filter(
        finished_at__lt=cutoff
    ) | DBTaskResult.objects.running().filter(started_at__lt=cutoff)
    cleaned = Cleaned(
        task_results=sum(batch.delete()[0] for batch in in_batches(old_results, size=batch_size)),
        stripe_event_payloads=clear_old_stripe_event_payloads(now=now, batch_size=batch_size),
        free_monthly_credits=grant_free_monthly_credits(now=now, batch_size=batch_size),
    )
    return cleaned
