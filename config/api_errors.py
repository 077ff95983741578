"""The JSON API's answers to what goes wrong outside its views' own checks: an unknown address
under the API, a body Django refuses before any parser reads it, a server error. The API
promises JSON errors (services/api.py): 400 `{"errors": …}` from the views, `{"detail": …}`
otherwise — never Django's HTML error pages, which the islands could only show as
"HTTP error! status: 400".

The error handlers (config/views.py) answer these paths with JSON and every other path with a page.
"""

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from rest_framework.exceptions import ErrorDetail, NotAuthenticated, ParseError, UnsupportedMediaType
from rest_framework.response import Response

from config.rate_limits import retry_after_headers

API_PATH_PREFIXES = ("/api/", "/billing/api/")

NOT_FOUND = "Not found."  # DRF's own text for a missing object
BAD_REQUEST = "Bad request."
SERVER_ERROR = "Something went wrong on our side. Please try again in a moment."
BODY_TOO_LARGE = "The request body is too large."
TOO_MANY_FIELDS = "The request has too many form fields."
TOO_MANY_FILES = "The request has too many files."
UNSUPPORTED_CONTENT_TYPE = "Unsupported content type."
# A stale or missing CSRF token: the page was open across a sign-in or sign-out (which rotates
# or ends the session) in another tab, or cookies are blocked.
SESSION_CHANGED = (
    "Your session has changed since this page was opened (for example, you signed in or out in "
    "another tab). Please reload the page and try again."
)

# A signed-out request to an endpoint with no sign-in text of its own (services.api.SignInRequired
# gives the documented ones): DRF's "Authentication credentials were not provided." means
# nothing to someone whose session ended in another tab.
SIGNED_OUT = "Your session has ended. Please sign in again."


def is_api_request(request) -> bool:
    return request.path_info.startswith(API_PATH_PREFIXES)


def wants_json(request) -> bool:
    """Under the API, or a fetch() asking for JSON only (frontend/lib/api.js sends
    `Accept: application/json`, as the avatar upload on /profile does); a browser navigating
    asks for text/html and gets a page."""
    return is_api_request(request) or (
        request.accepts("application/json") and not request.accepts("text/html")
    )


def refused_body_message(exc: BaseException | None) -> str | None:
    """What to tell a client whose body Django refused (DATA_UPLOAD_MAX_MEMORY_SIZE,
    DATA_UPLOAD_MAX_NUMBER_FIELDS, DATA_UPLOAD_MAX_NUMBER_FILES); None for anything else."""
    if isinstance(exc, RequestDataTooBig):
        return BODY_TOO_LARGE
    if isinstance(exc, TooManyFieldsSent):
        return TOO_MANY_FIELDS
    if isinstance(exc, TooManyFilesSent):
        return TOO_MANY_FILES
    return None


def content_length(request) -> int:
    """The request's declared body size (0 when absent or not a number): lets an upload view
    refuse a body far over its limit before anything reads it."""
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class BadRequestMixin:
    """For APIViews whose errors have the `{"errors": …}` shape: malformed bodies (bad JSON or
    multipart, a wrong content type, a body Django refuses as too large or of too many fields)
    answer 400 `{"errors": {"non_field_errors": [message]}}`."""

    def handle_exception(self, exc):
        if (message := bad_body_message(exc)) is not None:
            return Response({"errors": {"non_field_errors": [message]}}, status=400)
        return super().handle_exception(exc)


def bad_body_message(exc) -> str | None:
    if isinstance(exc, UnsupportedMediaType):
        return UNSUPPORTED_CONTENT_TYPE
    if isinstance(exc, ParseError):
        return str(exc.detail)  # the project's parsers word it for users (config/parsers.py)
    return refused_body_message(exc)


def limit_reached(exc) -> Response:
    """429 `{"detail": message}` for a per-user limit (`exc` carries `message`, and `retry_after` in
    seconds when the wait is known: then the `Retry-After` header says it too)."""
    return Response({"detail": exc.message}, status=429, headers=retry_after_headers(exc.retry_after))


def exception_handler(exc, context):
    """REST_FRAMEWORK's EXCEPTION_HANDLER: DRF's, and a refused body as 400 `{"detail": …}`. DRF
    leaves Django's exceptions to Django, whose answer to these is its bare HTML 400 page."""
    # Imported here: rest_framework.views reads the REST_FRAMEWORK classes as it loads, and one
    # of them (config.authentication) imports this module.
    from rest_framework.views import exception_handler as drf_exception_handler

    if (message := refused_body_message(exc)) is not None:
        return Response({"detail": message}, status=400)
    if isinstance(exc, NotAuthenticated) and exc.detail == NotAuthenticated.default_detail:
        # Only the text: the view has already chosen the status (403 without an auth header).
        exc.detail = ErrorDetail(SIGNED_OUT, code=exc.detail.code)
    return drf_exception_handler(exc, context)
