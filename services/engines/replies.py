"""What of an upstream's reply a customer may see, and what the log keeps of it for staff.

Some documented errors quote the reply: 'Webhook error: {status} {statusText} - {body text}' and
'Invalid JSON response: …'. The reply is written by someone else's server, and an error page from a
proxy or the automation tool can be an HTML document of tens of kilobytes naming internal paths and
keys. So a customer gets at most a short plain-text excerpt of it, and nothing of an HTML page; the
log keeps the whole body (its credentials masked) so staff can still see what went wrong.
"""

import re

from django.conf import settings

from config.access_log import redact_secrets

# As long as the 'Invalid JSON response: …' excerpt has always been: one readable sentence or two.
EXCERPT_MAX_CHARS = 200
ELLIPSIS = "…"
# A log line's share of a reply: the whole of any error page (they run to tens of kilobytes), but
# not all of the 40 MB a reply may be.
LOGGED_MAX_CHARS = 64 * 1024
MASK = "***"  # as the engines have always masked their keys in the log

_HTML_TYPES = ("text/html", "application/xhtml+xml")
_HTML_START = re.compile(r"(?:<!doctype|<html[\s>])", re.IGNORECASE)
# Encoded bytes, a bare base64 image or a data: URL: unreadable to a customer, and an image is
# not an error message. (Only Meta Ads Full's creative step takes a bare base64 image as its
# reply; on every other tool it is an unparsable reply.)
# (Mixed case and digits: a long run of one letter or a snake_case word is still quoted.)
_ENCODED = re.compile(
    r"(?:data:[\w.+/-]+;base64,)?(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=\D*\d)[A-Za-z0-9+/_-]{64,}={0,2}"
)
_CONTROL_RANGES = r"\x00-\x1f\x7f-\x9f"
_CONTROL = re.compile(rf"[{_CONTROL_RANGES}]")
# Lines a log reader would take for new records (log forging), escaped in a logged body.
_LINE_BREAKING = re.compile(rf"[{_CONTROL_RANGES}\u2028\u2029]")
# Credentials an error page may echo: `api_key=…` (a query or an environment dump), `"token": "…"`
# (JSON), `Authorization: Bearer …`, and keys shaped like OpenAI's or Stripe's (sk-…, sk_live_…).
# Prose such as "access token: expired" is left readable.
_NAMED_CREDENTIAL = re.compile(
    r"""(?P<name>\b(?:api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|client[_-]?secret"""
    r"""|password|passwd)(?:\s*=\s*["']?|["']\s*:\s*["']))[^\s"'&,;<>]+""",
    re.IGNORECASE,
)
_BEARER = re.compile(r"(?P<name>\bBearer\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE)
_KEY_SHAPED = re.compile(r"\b(?:sk|rk)[-_][A-Za-z0-9_-]{8,}")


def is_html(text: str, *, content_type: str = "") -> bool:
    """Whether the reply is a web page: by its Content-Type, or by how it starts."""
    if any(kind in content_type.lower() for kind in _HTML_TYPES):
        return True
    return bool(_HTML_START.match(text.lstrip("\ufeff \t\r\n")))


def excerpt(text: str, *, content_type: str = "") -> str:
    """What a customer may see of a reply's text: "" for an HTML page or encoded bytes (base64, a
    data: URL), otherwise the text with its whitespace collapsed, at most EXCERPT_MAX_CHARS long
    and ending in "…" when cut."""
    if not text or is_html(text, content_type=content_type) or _ENCODED.fullmatch(text.strip()):
        return ""
    collapsed = " ".join(_CONTROL.sub(" ", text).split())
    if len(collapsed) <= EXCERPT_MAX_CHARS:
        return collapsed
    return collapsed[: EXCERPT_MAX_CHARS - len(ELLIPSIS)].rstrip() + ELLIPSIS


def for_log(text: str) -> str:
    """A reply's body as part of one log line: our own credentials and anything credential-shaped
    masked, the link keys config.access_log redacts too, line breaks escaped so the body cannot
    forge records, and at most LOGGED_MAX_CHARS (a longer body says how long it was)."""
    # Masked with a margin past the cut, so a credential across the cut is not half logged.
    cut = text[: LOGGED_MAX_CHARS + 512]
    for secret in (settings.WEBHOOK_SECRET, settings.OPENAI_API_KEY, settings.META_ACCESS_TOKEN):
        if secret:
            cut = cut.replace(secret, MASK)
    cut = _NAMED_CREDENTIAL.sub(rf"\g<name>{MASK}", cut)
    cut = _BEARER.sub(rf"\g<name>{MASK}", cut)
    cut = _KEY_SHAPED.sub(MASK, cut)
    cut = redact_secrets(cut)[:LOGGED_MAX_CHARS]
    cut = _LINE_BREAKING.sub(lambda match: match.group().encode("unicode_escape").decode("ascii"), cut)
    if len(text) > LOGGED_MAX_CHARS:
        cut += f" … (cut; {len(text)} characters in all)"
    return cut
