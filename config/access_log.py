"""gunicorn's access log without the credentials some addresses carry.

Whoever holds these links can use them, so they must not be readable in a log:

- a password-reset link, ours (/reset-password/<uidb36>-<key>, accounts/urls.py) and allauth's
  (/accounts/password/reset/key/<uidb36>-<key>/): the key stays valid until the password is set
  (allauth's design), so a logged request line lets anyone who reads the log take over the account;
- an e-mail confirmation link (/accounts/confirm-email/<key>/): it confirms an address for an account;
- an OAuth callback's ?code= (/accounts/github/login/callback/?code=…): used up by that very request,
  but a credential all the same.

gunicorn writes the address in several atoms: the request line (%(r)s), the path (%(U)s), the query
string (%(q)s), the Referer (%(f)s: a page opened from a confirmation link sends its full address with
every request for its styles and scripts), and any request header, response header or environ value a
custom format names. RedactingLogger replaces the key in all of them with [redacted] and keeps the rest
of the line, so the log still shows which link was used (/reset-password/1-[redacted]) and allauth's
stand-in once the key is in the session (/reset-password/1-set-password).

Wired in config/Procfile: gunicorn … --logger-class config.access_log.RedactingLogger
"""

import re

from gunicorn.glogging import Logger

REDACTED = "[redacted]"

# Matched anywhere in a value (a path, a request line, a full Referer URL), whatever the prefix the
# app is mounted under. `set-password` is what allauth puts in place of the key once it has moved
# the key into the session: not a secret, and worth seeing in the log.
_KEY_IN_PATH = re.compile(
    r"""
    (?P<before>
        /reset-password/[0-9A-Za-z]+-           # ours: accounts/urls.py
      | /password/reset/key/[0-9A-Za-z]+-       # allauth's own reset link
      | /confirm-email/                         # allauth's confirmation link
    )
    (?!set-password(?:[/?#\s"]|$))
    [^/?#\s"]+
    """,
    re.VERBOSE,
)
_OAUTH_CALLBACK_PATH = re.compile(r"/login/callback/?$")
# The query string of an OAuth callback inside a full address (a request line, a Referer)…
_CALLBACK_QUERY = re.compile(r"""(?P<before>/login/callback/?\?)(?P<query>[^#\s"]*)""")
# …and its code parameter(s).
_CODE_PARAMETER = re.compile(r"""(?P<before>(?:^|&)code=)[^&]+""")


def redact_secrets(text: str) -> str:
    """`text` (an address, a request line, any logged value) with the keys of the links above
    replaced by [redacted]."""
    # Every request passes here with some thirty values, and almost none names these routes:
    # substring tests first ("/reset" is in both reset paths), as they cost a fraction of the patterns.
    if "/reset" not in text and "/confirm-email/" not in text and "/login/callback" not in text:
        return text
    text = _KEY_IN_PATH.sub(rf"\g<before>{REDACTED}", text)
    return _CALLBACK_QUERY.sub(lambda match: match["before"] + redact_oauth_code(match["query"]), text)


def redact_oauth_code(query: str) -> str:
    """An OAuth callback's query string with its code replaced by [redacted]."""
    return _CODE_PARAMETER.sub(rf"\g<before>{REDACTED}", query)


class RedactingLogger(Logger):
    """gunicorn's Logger, with the credentials in addresses left out of the access log (and out of
    the error log's 'Error handling request <uri>')."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        # Every string atom, not only the default format's: a custom --access-logformat may name
        # %({raw_uri}e)s, %({referer}i)s or %({location}o)s.
        redacted = {
            name: redact_secrets(value) if isinstance(value, str) else value for name, value in atoms.items()
        }
        if _OAUTH_CALLBACK_PATH.search(environ.get("PATH_INFO") or ""):
            for name in ("q", "{query_string}e"):
                if isinstance(redacted.get(name), str):
                    redacted[name] = redact_oauth_code(redacted[name])
        return redacted

    def exception(self, msg, *args, **kwargs):
        # A worker names the request's address when the app raised out of it (workers/base.py).
        args = tuple(redact_secrets(arg) if isinstance(arg, str) else arg for arg in args)
        super().exception(msg, *args, **kwargs)
