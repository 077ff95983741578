"""Logging filters (config/settings.py LOGGING): what a log line carries, and at which level."""

import logging
import secrets

from django.contrib.auth import SESSION_KEY
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.utils.functional import SimpleLazyObject, empty

from config.access_log import redact_secrets


class WithoutTraceback(logging.Filter):
    """Keeps a record's message and drops its traceback (for expected, noisy errors)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True


class AsWarning(logging.Filter):
    """Lowers an ERROR record to WARNING: for a client's mistake reported as an error (a request
    for another host name), which must not trip the alerting that watches ERROR."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.WARNING:
            record.levelno = logging.WARNING
            record.levelname = logging.getLevelName(logging.WARNING)
        return True


def assign_error_reference(request) -> str:
    """A short id for this request's failure: the 500 page shows it for the user to quote, and
    RequestContext adds it to the log line (the 500 handler runs before Django logs the error)."""
    request.error_reference = secrets.token_hex(4)
    return request.error_reference


class RequestContext(logging.Filter):
    """Adds who and what to django.request's lines ("Internal Server Error: /signin" and its
    traceback, "Not Found: /x"), which name only the path:
    `[reference=ab12cd34 method=POST user=42 ip=203.0.113.5]`.

    Never the query string (a reset or confirmation key may be in it), the body, cookies or
    headers. Every request pays nothing for it: the filter runs only when a line is logged."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if request is None or not hasattr(request, "META"):
            return True
        context = [
            f"reference={reference}" if (reference := getattr(request, "error_reference", None)) else "",
            f"method={_escaped(request.method or '')}",
            f"user={_user_label(request)}",
            f"ip={_client_ip(request)}",
        ]
        # Formatted here, so a "%" in the appended text is never taken for a placeholder.
        # The path may be a reset or confirmation link: its key stays out of the log.
        message = redact_secrets(record.getMessage())
        record.msg = f"{message} [{' '.join(part for part in context if part)}]"
        record.args = ()
        return True


def _user_label(request) -> str:
    """The user's id, "anonymous", or "unknown" when it cannot be told."""
    user = getattr(request, "user", None)
    if user is not None and not (isinstance(user, SimpleLazyObject) and user._wrapped is empty):
        return str(user.pk) if user.is_authenticated else "anonymous"
    # The view failed before reading its user. The session names them without loading the user.
    session = getattr(request, "session", None)
    if session is None:  # a middleware before the session's failed
        return "unknown"
    try:
        user_id = session.get(SESSION_KEY)
    except Exception:  # the database may be what failed; never fail while logging a failure
        return "unknown"
    return _escaped(str(user_id)) if user_id else "anonymous"


def _client_ip(request) -> str:
    """The client's address as the sign-in limits see it (TRUSTED_PROXY_COUNT): a validated IP."""
    # Imported here: logging is configured before the apps load, and allauth's adapter needs them.
    from allauth.account.adapter import get_adapter

    try:
        return get_adapter(request).get_client_ip(request)
    except (PermissionDenied, ImproperlyConfigured):  # no address, or X-Forwarded-For too short
        return "unknown"


def _escaped(text: str) -> str:
    # As Django escapes the path in these lines: no control characters reach the log.
    return text.encode("unicode_escape").decode("ascii")
