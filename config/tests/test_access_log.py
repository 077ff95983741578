"""gunicorn's access log (config.access_log.RedactingLogger, config/Procfile) leaves out the keys of
password-reset and confirmation links and OAuth codes, and logs every other request as gunicorn does.

The requests are gunicorn's own objects: raw HTTP parsed by its parser, turned into its WSGI environ
and response, logged through its access() with the configured format."""

import datetime
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from gunicorn.config import Config
from gunicorn.glogging import Logger
from gunicorn.http import wsgi
from gunicorn.http.parser import RequestParser

from config.access_log import REDACTED, RedactingLogger, redact_secrets

BASE_DIR = Path(__file__).resolve().parents[2]
RESET_KEY = "dif6r0-15d2a3f2619317195325bccd82b65b27"  # allauth's token: "<timestamp>-<hash>"
CONFIRMATION_KEY = "MQ:1vAbCd:Xy_z-0123456789abcdefghijklmnopq"  # allauth's signed HMAC key
CLIENT = ("203.0.113.9", 50123)


class _Socket:
    """Where gunicorn's Response would write; logging never sends anything."""

    def sendall(self, data):
        raise AssertionError("logging must not write to the client")


def http_get(target: str, *, host: str = "adsmith.example", **headers: str) -> bytes:
    lines = [f"GET {target} HTTP/1.1", f"Host: {host}"]
    lines += [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def access_log_line(
    tmp_path,
    request: bytes,
    *,
    status: str = "200 OK",
    response_headers: list[tuple[str, str]] | None = None,
    log_format: str | None = None,
    logger_class: type[Logger] = RedactingLogger,
) -> str:
    """The line gunicorn's access log gets for `request`, answered with `status`."""
    log_file = tmp_path / f"{logger_class.__name__}.log"
    cfg = Config()
    cfg.set("accesslog", str(log_file))
    cfg.set("errorlog", str(tmp_path / "error.log"))
    if log_format:
        cfg.set("access_log_format", log_format)
    logger = logger_class(cfg)
    try:
        parsed = next(RequestParser(cfg, iter([request]), CLIENT))
        response, environ = wsgi.create(parsed, _Socket(), CLIENT, ("127.0.0.1", 8000), cfg)
        response.start_response(status, response_headers or [])
        logger.access(response, parsed, environ, datetime.timedelta(milliseconds=12))
    finally:
        close_handlers(logger)
    return log_file.read_text().rstrip("\n")


def close_handlers(logger: Logger) -> None:
    # gunicorn's loggers are process-wide ("gunicorn.access", "gunicorn.error"): leave them bare.
    for log in (logger.access_log, logger.error_log):
        for handler in list(log.handlers):
            log.removeHandler(handler)
            handler.close()


def test_a_password_reset_link_is_logged_without_its_key(tmp_path):
    line = access_log_line(tmp_path, http_get(f"/reset-password/1-{RESET_KEY}"), status="302 Found")

    assert RESET_KEY not in line
    assert f'"GET /reset-password/1-{REDACTED} HTTP/1.1" 302 ' in line


def test_allauths_own_reset_link_is_logged_without_its_key(tmp_path):
    line = access_log_line(
        tmp_path, http_get(f"/accounts/password/reset/key/1-{RESET_KEY}/"), status="302 Found"
    )

    assert f'"GET /accounts/password/reset/key/1-{REDACTED}/ HTTP/1.1" 302 ' in line


def test_the_set_password_step_after_the_link_is_logged_as_it_is(tmp_path):
    # allauth moved the key into the session: what is left in the address is no secret.
    line = access_log_line(tmp_path, http_get("/reset-password/1-set-password"))

    assert '"GET /reset-password/1-set-password HTTP/1.1" 200 ' in line


def test_an_email_confirmation_link_is_logged_without_its_key(tmp_path):
    line = access_log_line(tmp_path, http_get(f"/accounts/confirm-email/{CONFIRMATION_KEY}/"))

    assert CONFIRMATION_KEY not in line
    assert f'"GET /accounts/confirm-email/{REDACTED}/ HTTP/1.1" 200 ' in line


def test_the_page_a_link_opened_is_named_in_the_referer_without_the_key(tmp_path):
    # The confirmation page's styles and scripts are requested with its full address as Referer.
    referer = f"https://adsmith.example/accounts/confirm-email/{CONFIRMATION_KEY}/"
    line = access_log_line(tmp_path, http_get("/static/dist/app.css", Referer=referer))

    assert line.endswith(f'"https://adsmith.example/accounts/confirm-email/{REDACTED}/" "-"')


@pytest.mark.parametrize(
    "callback", ["/accounts/github/login/callback/", "/accounts/oidc/linkedin/login/callback/"]
)
def test_an_oauth_callback_is_logged_without_its_code(tmp_path, callback):
    line = access_log_line(
        tmp_path,
        http_get(f"{callback}?state=St4te&code=0authC0de123"),
        status="302 Found",
        log_format='"%(r)s" %(q)s',
    )

    assert line == f'"GET {callback}?state=St4te&code={REDACTED} HTTP/1.1" state=St4te&code={REDACTED}'


def test_every_atom_a_custom_format_may_name_is_redacted(tmp_path):
    line = access_log_line(
        tmp_path,
        http_get(
            f"/reset-password/1-{RESET_KEY}", Referer=f"https://mail.example/?u=/reset-password/1-{RESET_KEY}"
        ),
        status="302 Found",
        response_headers=[("Location", f"/accounts/confirm-email/{CONFIRMATION_KEY}/")],
        log_format="%(U)s %({raw_uri}e)s %({path_info}e)s %({referer}i)s %({location}o)s",
    )

    assert RESET_KEY not in line and CONFIRMATION_KEY not in line
    assert line.count(REDACTED) == 5


def test_other_requests_are_logged_exactly_as_gunicorn_logs_them(tmp_path):
    # Everything but the time (%(t)s), which may tick between the two lines; a `code` outside an
    # OAuth callback is nobody's credential.
    log_format = '%(h)s %(l)s %(u)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(U)s %(q)s %(m)s %(H)s'
    request = http_get(
        "/dashboard?tab=usage&code=1", Referer="https://adsmith.example/billing", User_Agent="Mozilla/5.0"
    )

    redacting = access_log_line(tmp_path, request, log_format=log_format)
    plain = access_log_line(tmp_path, request, log_format=log_format, logger_class=Logger)

    assert redacting == plain
    assert '"GET /dashboard?tab=usage&code=1 HTTP/1.1" 200 ' in redacting


def test_a_request_that_failed_in_a_worker_is_logged_without_its_key(tmp_path):
    cfg = Config()
    cfg.set("errorlog", str(tmp_path / "error.log"))
    logger = RedactingLogger(cfg)
    try:
        try:
            raise RuntimeError("the app raised")
        except RuntimeError:
            # What gunicorn's worker logs then (workers/base.py, handle_error).
            logger.exception("Error handling request %s %s", "GET", f"/reset-password/1-{RESET_KEY}")
    finally:
        close_handlers(logger)

    error_log = (tmp_path / "error.log").read_text()
    assert f"Error handling request GET /reset-password/1-{REDACTED}" in error_log
    assert RESET_KEY not in error_log


def key_routes(resolver: URLResolver = None, namespace: str = ""):
    """(name, pattern) of every route of the site whose address carries a `key`."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from key_routes(pattern, inner)
        elif isinstance(pattern, URLPattern) and "key" in pattern.pattern.regex.groupindex:
            yield f"{namespace}{pattern.name}", pattern


def test_every_route_whose_address_carries_a_key_is_redacted():
    routes = dict(key_routes())
    # Ours and allauth's reset link, allauth's confirmation link: a new one must be covered too.
    assert {"accounts:reset-password", "account_reset_password_from_key", "account_confirm_email"} <= set(
        routes
    )
    for name, pattern in routes.items():
        kwargs = {group: "1" if group == "uidb36" else "x" for group in pattern.pattern.regex.groupindex}
        path = reverse(name, kwargs={**kwargs, "key": CONFIRMATION_KEY})

        assert CONFIRMATION_KEY not in redact_secrets(f"GET {path} HTTP/1.1"), name


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_gunicorn_run_as_the_procfile_says_logs_reset_links_without_their_keys(tmp_path):
    web = next(
        line for line in (BASE_DIR / "config/Procfile").read_text().splitlines() if line.startswith("web:")
    )
    port = free_port()
    access_log = tmp_path / "web.out"
    env = {**os.environ, "PORT": str(port), "DEBUG": "1", "DATA_DIR": str(tmp_path / "data")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    with access_log.open("w") as out, (tmp_path / "web.err").open("w") as err:
        gunicorn = subprocess.Popen(  # noqa: S603 (our own Procfile line)
            ["bash", "-c", "exec " + web.removeprefix("web:").strip()],
            cwd=BASE_DIR,
            env=env,
            stdout=out,
            stderr=err,
            start_new_session=True,
        )
    try:
        # allauth's reset link without its final slash: Django redirects to the slashed address
        # (no database needed); the Referer carries our own reset link.
        target = f"/accounts/password/reset/key/1-{RESET_KEY}"
        request = http_get(
            target, host="127.0.0.1", Referer=f"http://127.0.0.1:{port}/reset-password/2-{RESET_KEY}"
        )
        status_line = send_when_listening(port, request)
        assert status_line.startswith(b"HTTP/1.1 301")

        line = wait_for_line(access_log, target.split(RESET_KEY)[0])
    finally:
        os.killpg(gunicorn.pid, signal.SIGTERM)
        gunicorn.wait(timeout=30)

    assert RESET_KEY not in line
    assert f'"GET /accounts/password/reset/key/1-{REDACTED} HTTP/1.1" 301 ' in line
    assert f'"http://127.0.0.1:{port}/reset-password/2-{REDACTED}"' in line


WAIT_SECONDS = 60  # an upper bound for a slow, shared machine; never a measurement


def send_when_listening(port: int, request: bytes) -> bytes:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS) as conn:
                conn.sendall(request)
                return conn.makefile("rb").readline()
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                pytest.fail("gunicorn did not start")
            time.sleep(0.1)


def wait_for_line(log: Path, containing: str) -> str:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        for line in log.read_text().splitlines():
            if containing in line:
                return line
        time.sleep(0.05)
    pytest.fail(f"no access-log line with {containing!r}: {log.read_text()!r}")
