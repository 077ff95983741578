"""Our routes' paths for code that asks on every page (the sidebar's menu, the tools' paths).

reverse() takes tens of microseconds; a route's path changes only with the script prefix the
site is served under or the URLconf, so it is kept per both.
"""

import functools

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse


def path_for(name: str, *args) -> str:
    """reverse(name, args=args), kept for the current script prefix and URLconf."""
    return _path(name, args, get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)


@functools.cache
def _path(name: str, args: tuple, script_prefix: str, urlconf: str) -> str:
    return reverse(name, args=args, urlconf=urlconf)
