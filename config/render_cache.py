"""HTML kept in this process, keyed by everything it was rendered from.

Nothing is ever invalidated: a key names the inputs, so a change to them is a different key and
an entry can only be old, never wrong. That makes a per-process cache safe with many web
processes, and cheaper than a shared one (no round trip). Least recently used entries go first.
"""

import secrets
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable

from django.contrib.messages import get_messages
from django.http import HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string


class RenderCache:
    _instances: "weakref.WeakSet[RenderCache]" = weakref.WeakSet()

    def __init__(self, *, max_entries: int):
        self._instances.add(self)
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, str | bytes] = OrderedDict()
        self._lock = threading.Lock()  # gunicorn runs several threads per process

    def get_or_render(self, key: Hashable, render: Callable[[], str | bytes]) -> str | bytes:
        with self._lock:
            if (html := self._entries.get(key)) is not None:
                self._entries.move_to_end(key)
                return html
        html = render()  # outside the lock: two threads may render the same key, both correctly
        with self._lock:
            self._entries[key] = html
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        return html

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    @classmethod
    def clear_all(cls) -> None:
        """Tests start each database over (and SQLite hands out the same ids again)."""
        for cache in list(cls._instances):
            cache.clear()


_partials = RenderCache(max_entries=1024)


def render_kept(template_name: str, **values: Hashable) -> str:
    """A partial rendered with only `values` as its context, once per distinct set of values.
    The partial sees nothing else (no request, user, CSRF token or nonce), so the values are
    the whole key by construction."""
    key = (template_name, tuple(sorted(values.items())))
    return _partials.get_or_render(key, lambda: render_to_string(template_name, values))


# Rendered where each response needs a value of its own, then replaced by it. Random per process,
# so no text a user writes (escaped or not) can be one of them.
_NONCE_MARK = f"kept-nonce-{secrets.token_hex(16)}"
_CSRF_MARK = f"kept-csrf-{secrets.token_hex(16)}"
_NONCE_BYTES, _CSRF_BYTES = _NONCE_MARK.encode(), _CSRF_MARK.encode()
_pages = RenderCache(max_entries=256)


def render_kept_page(request, template_name: str, context: dict, *, key: Hashable) -> HttpResponse:
    """A whole page, kept per `key`, which must name everything the page shows except the two
    values every response gets its own of: the CSP nonce and the masked CSRF token (a mask per
    response is Django's BREACH defence). Those are rendered as marks and put in per response.

    A page with messages to show is rendered afresh: they show once, on this response only."""
    if get_messages(request):
        return render(request, template_name, context)
    marked = {**context, "csp_nonce": _NONCE_MARK, "csrf_token": _CSRF_MARK}
    # Kept as UTF-8, as sent: a str with one emoji in it would take four bytes a character.
    page = _pages.get_or_render(
        (template_name, key), lambda: render_to_string(template_name, marked, request).encode()
    )
    nonce, token = str(get_nonce(request)).encode(), get_token(request).encode()
    return HttpResponse(page.replace(_NONCE_BYTES, nonce).replace(_CSRF_BYTES, token))
