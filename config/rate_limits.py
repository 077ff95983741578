"""Per-user hourly allowances: how long until one frees, and the uploads allowance itself.

Every hourly limit (generations, scrapes, uploads) is a sliding hour, and its refusal says when a
slot frees — "Please try again in 12 minutes." — and sends the same wait, in seconds, as the
429's `Retry-After` header (`retry_after_headers`).

Uploads (tool images, avatars and the text-overlay editor's saved versions) leave no database row
to count: the shared cache keeps, per user, the times of the uploads let through in the last hour
(at most UPLOADS_PER_HOUR of them), so "in the last hour" is what the message says — not a clock
hour, which would let 2 × the allowance through around :00. The list is read and written while the
user's own row is locked: one user's concurrent attempts are then counted one at a time (a cache
read and write is not atomic), and other users never wait. Attempts count, not only successes:
decoding a hostile image is the cost being limited. A refused attempt is not recorded (it decoded
nothing), so the allowance comes back an hour after each upload however often the user retried
meanwhile.
"""

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

TOO_MANY_UPLOADS = "You have uploaded too many files in the last hour. Please try again in {wait}."
WINDOW = timedelta(hours=1)


def seconds_until_a_slot_frees(*, starts: list[datetime], limit: int, now: datetime) -> int:
    """The wait before one more start fits in the sliding hour, given the `starts` inside it (the
    refused one not among them, at least `limit` of them). A slot frees when so many of the oldest
    have left the window that fewer than `limit` remain: with exactly `limit`, when the oldest does.
    At least one second (Retry-After: 0 would invite an immediate, refused retry); the whole
    window when nothing can leave it (a limit set to 0)."""
    if not starts:
        return int(WINDOW.total_seconds())
    frees_at = sorted(starts)[max(0, len(starts) - max(limit, 1))] + WINDOW
    return max(1, math.ceil((frees_at - now).total_seconds()))


def wait_in_words(seconds: int) -> str:
    """'12 minutes', '1 minute': whole minutes rounded up, so the user never retries too soon
    (a wait under a minute reads '1 minute')."""
    minutes = max(1, math.ceil(seconds / 60))
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def retry_after_headers(seconds: int | None) -> dict[str, str]:
    """The 429's `Retry-After` header (RFC 9110: delay-seconds), none when the wait is unknown."""
    return {"Retry-After": str(seconds)} if seconds else {}


class UploadLimitReached(Exception):
    """UPLOADS_PER_HOUR reached (429): `message` says so and when to retry, `retry_after` is
    that wait in seconds."""

    def __init__(self, retry_after: int):
        self.retry_after = retry_after
        self.message = TOO_MANY_UPLOADS.format(wait=wait_in_words(retry_after))
        super().__init__(self.message)


def take_upload_slot(*, user, now: datetime | None = None) -> None:
    """Count one upload attempt against the user's UPLOADS_PER_HOUR; raises UploadLimitReached
    while that many were let through in the hour before `now`."""
    now = now or timezone.now()
    key = f"uploads:{user.pk}"
    limit = settings.UPLOADS_PER_HOUR
    with transaction.atomic():
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
        since = (now - WINDOW).timestamp()
        recent = [stamp for stamp in cache.get(key, []) if stamp > since]
        allowed = len(recent) < limit
        if allowed:
            recent.append(now.timestamp())
        cache.set(key, recent, timeout=int(WINDOW.total_seconds()))
    if not allowed:
        starts = [datetime.fromtimestamp(stamp, tz=now.tzinfo) for stamp in recent]
        raise UploadLimitReached(seconds_until_a_slot_frees(starts=starts, limit=limit, now=now))
