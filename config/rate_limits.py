"""Per-user allowances that leave no database row to count: uploads (tool images and avatars).

Each attempt is counted in the shared cache per clock hour, while the user's own row is locked:
one user's concurrent attempts are then counted one at a time (the database cache's increment is
a read and a write, not atomic), and other users never wait. Attempts count, not only
successes: decoding a hostile image is the cost being limited.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

TOO_MANY_UPLOADS = "You have uploaded too many files in the last hour. Please try again later."


def take_upload_slot(*, user) -> bool:
    """Count one upload attempt against the user's UPLOADS_PER_HOUR; False once the hour's
    allowance is used up."""
    key = f"uploads:{user.pk}:{timezone.now():%Y%m%d%H}"
    with transaction.atomic():
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
        used = cache.get(key, 0) + 1
        cache.set(key, used, timeout=3600)
    return used <= settings.UPLOADS_PER_HOUR
