"""Dates in the reader's time zone: the dashboard's days and the billing dates the server writes.

site/behaviours/time-zone.js keeps the browser's UTC offset in the `tz_offset` cookie (minutes
east of UTC); this middleware activates it for the request, so `timezone.localdate()`, `|date`
and TruncDate(tzinfo=…) all use it. Without the cookie (a first request, a script-less client)
dates stay in UTC, as TIME_ZONE says.

An offset rather than a zone name (see time-zone.js): a date near midnight on a day the clocks
changed within the chart's 30 days may fall on the neighbouring day, nothing worse.
"""

import functools
import re
from datetime import timedelta
from datetime import timezone as fixed_offset

from django.utils import timezone

TZ_COOKIE = "tz_offset"
# UTC-12:00 (Baker Island) to UTC+14:00 (Kiritimati).
MIN_OFFSET, MAX_OFFSET = -12 * 60, 14 * 60
_OFFSET = re.compile(r"-?\d{1,3}")


@functools.lru_cache(maxsize=64)
def zone_for_offset(value: str) -> fixed_offset | None:
    """The fixed-offset zone a cookie value names, or None for anything else."""
    if not _OFFSET.fullmatch(value):
        return None
    minutes = int(value)
    if not MIN_OFFSET <= minutes <= MAX_OFFSET:
        return None
    return fixed_offset(timedelta(minutes=minutes))


def readers_time_zone(get_response):
    def middleware(request):
        zone = zone_for_offset(request.COOKIES.get(TZ_COOKIE, ""))
        if zone is None:
            return get_response(request)
        timezone.activate(zone)
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return middleware
