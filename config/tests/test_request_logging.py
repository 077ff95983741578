"""What the log says about a failed request (config/log_filters.py, LOGGING in config/settings.py):
a 500's line carries the reference its page shows, the method, the user and the client's address —
never the query string, the body or cookies; a request for another host is a WARNING."""

import logging
import re

import pytest
from django.test import Client

from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def failing_urls(settings):
    settings.ROOT_URLCONF = "config.tests.failing_urls"


@pytest.fixture
def quiet_client():
    """A client that gets the error handlers' answer instead of the exception."""
    return Client(raise_request_exception=False)


def server_error_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request" and r.levelno == logging.ERROR]


def shown_reference(response) -> str:
    [reference] = re.findall(r"Reference: <span[^>]*>([0-9a-f]{8})</span>", response.content.decode())
    return reference


def test_a_server_error_is_logged_with_the_reference_its_page_shows(quiet_client, alice, caplog):
    quiet_client.force_login(alice)
    response = quiet_client.post("/failing-page", {"email": alice.email})
    assert response.status_code == 500

    reference = shown_reference(response)
    [line] = server_error_lines(caplog)
    assert line.getMessage() == (
        f"Internal Server Error: /failing-page [reference={reference} method=POST user={alice.pk} ip=127.0.0.1]"
    )
    assert line.exc_info is not None  # the traceback is kept


def test_the_key_of_a_failed_password_reset_link_stays_out_of_the_log(quiet_client, caplog):
    quiet_client.get("/reset-password/1-dif6r0-15d2a3f2619317195325bccd82b65b27")
    [line] = server_error_lines(caplog)
    assert "15d2a3f2619317195325bccd82b65b27" not in line.getMessage()
    assert line.getMessage().startswith("Internal Server Error: /reset-password/1-[redacted] [reference=")


def test_each_server_error_gets_its_own_reference(quiet_client):
    first, second = quiet_client.get("/failing-page"), quiet_client.get("/failing-page")
    assert shown_reference(first) != shown_reference(second)


def test_an_anonymous_visitor_is_logged_as_anonymous(quiet_client, caplog):
    reference = shown_reference(quiet_client.get("/failing-page"))
    [line] = server_error_lines(caplog)
    assert line.getMessage().endswith(f"[reference={reference} method=GET user=anonymous ip=127.0.0.1]")


def test_an_api_server_error_returns_the_reference_it_logs(quiet_client, alice, caplog):
    quiet_client.force_login(alice)
    response = quiet_client.get("/api/failing/")
    assert response.status_code == 500
    body = response.json()
    assert body["detail"] == "Something went wrong on our side. Please try again in a moment."
    [line] = server_error_lines(caplog)
    assert f"[reference={body['reference']} method=GET user={alice.pk} " in line.getMessage()


def test_behind_a_proxy_the_clients_own_address_is_logged(quiet_client, settings, caplog):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1  # BEHIND_PROXY: the proxy appends the client's address
    quiet_client.get("/failing-page", HTTP_X_FORWARDED_FOR="203.0.113.5")
    [line] = server_error_lines(caplog)
    assert line.getMessage().endswith(" ip=203.0.113.5]")


def test_the_line_carries_no_query_string_body_or_cookies(quiet_client, alice, caplog):
    quiet_client.force_login(alice)
    session_cookie = quiet_client.cookies["sessionid"].value
    quiet_client.post(
        "/failing-page?key=1-reset-key-abc",
        {"email": alice.email, "password": PASSWORD},
        HTTP_COOKIE=f"sessionid={session_cookie}",
    )
    [line] = server_error_lines(caplog)
    logged = line.getMessage()
    for secret in ("reset-key", "key=", PASSWORD, alice.email, session_cookie):
        assert secret not in logged


def test_a_not_found_warning_names_the_method_and_user_without_a_reference(quiet_client, alice, caplog):
    quiet_client.force_login(alice)
    quiet_client.get("/no-such-page")
    [line] = [r for r in caplog.records if r.name == "django.request"]
    assert line.levelno == logging.WARNING
    assert line.getMessage() == f"Not Found: /no-such-page [method=GET user={alice.pk} ip=127.0.0.1]"


def test_a_request_for_another_host_is_a_one_line_warning(client, caplog):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    [line] = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert (line.levelno, line.levelname) == (logging.WARNING, "WARNING")
    assert "evil.example" in line.getMessage()
    assert line.exc_info is None
