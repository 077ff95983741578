"""Per-user allowances that leave no database row to count: uploads (tool images, avatars and the
text-overlay editor's saved versions).

The allowance is a sliding hour: the shared cache keeps, per user, the times of the uploads let
through in the last hour (at most UPLOADS_PER_HOUR of them), so "in the last hour" is what the
message says — not a clock hour, which would let 2 × the allowance through around :00. The list is
read and written while the user's own row is locked: one user's concurrent attempts are then
counted one at a time (a cache read and write is not atomic), and other users never wait.
Attempts count, not only successes: decoding a hostile image is the cost being limited. A refused
attempt is not recorded (it decoded nothing), so the allowance comes back an hour after each
upload however often the user retried meanwhile.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

TOO_MANY_UPLOADS = "You have uploaded too many files in the last hour. Please try again later."
WINDOW = timedelta(hours=1)


def take_upload_slot(*, user, now: datetime | None = None) -> bool:
    """Count one upload attempt against the user's UPLOADS_PER_HOUR; False while that many were
    let through in the hour before `now`."""
    now = now or timezone.now()
    key = f"uploads:{user.pk}"
    with transaction.atomic():
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
        since = (now - WINDOW).timestamp()
        recent = [stamp for stamp in cache.get(key, []) if stamp > since]
        allowed = len(recent) < settings.UPLOADS_PER_HOUR
        if allowed:
            recent.append(now.timestamp())
        cache.set(key, recent, timeout=int(WINDOW.total_seconds()))
    return allowed
