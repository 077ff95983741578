"""What a visitor sees when a request goes wrong: the API answers JSON (config/api_errors.py),
pages answer our own error pages (config/views.py) — never Django's bare ones."""

import re

import pytest
from django.test import Client, RequestFactory

from config.views import bad_request, server_error

pytestmark = pytest.mark.django_db


@pytest.fixture
def failing_urls(settings):
    settings.ROOT_URLCONF = "config.tests.failing_urls"


@pytest.fixture
def quiet_client(alice):
    """A signed-in client that gets the error handlers' answer instead of the exception."""
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    return client


@pytest.mark.parametrize(
    "path",
    [
        "/api/",
        "/api/nothing-here/",
        "/api/generations/None/",
        "/api/generations/1000000000000000000/",
        "/billing/api/x/",
    ],
)
def test_an_unknown_api_address_is_a_json_404(alice_client, path):
    for response in (alice_client.get(path), alice_client.post(path, {}, content_type="application/json")):
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"detail": "Not found."}


def test_a_fetch_asking_only_for_json_gets_json_anywhere(alice_client):
    response = alice_client.get("/profile/nothing-here", HTTP_ACCEPT="application/json")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


def test_an_unknown_page_is_still_the_404_page(alice_client):
    response = alice_client.get("/api-docs")
    assert response.status_code == 404
    assert "Page Not Found" in response.content.decode()


def test_a_server_error_under_the_api_is_json(failing_urls, quiet_client):
    response = quiet_client.get("/api/failing/")
    assert response.status_code == 500
    body = response.json()
    assert body == {
        "detail": "Something went wrong on our side. Please try again in a moment.",
        "reference": body["reference"],  # to quote; the log line has it (test_request_logging.py)
    }
    assert re.fullmatch(r"[0-9a-f]{8}", body["reference"])


def test_a_server_error_on_a_page_shows_the_500_page(failing_urls, quiet_client):
    response = quiet_client.get("/failing-page")
    assert response.status_code == 500
    page = response.content.decode()
    assert "<title>Something Went Wrong | Adsmith AI</title>" in page
    assert "Sorry, something went wrong on our side. Please try again in a moment." in page
    assert re.search(r"Reference: <span[^>]*>[0-9a-f]{8}</span>", page)
    assert 'href="/"' in page and "Return Home" in page and "data-go-back" in page
    assert "/static/dist/css/app.css" in page


def test_the_500_page_needs_neither_the_request_nor_the_database(django_assert_num_queries):
    request = RequestFactory().get("/dashboard")
    with django_assert_num_queries(0):
        response = server_error(request)
    assert response.status_code == 500
    assert "Something Went Wrong" in response.content.decode()


def test_the_error_pages_have_no_inline_script_or_style():
    # The strict CSP: only our own script files (script-src 'self'), no style attributes.
    for response in (server_error(RequestFactory().get("/")), bad_request(RequestFactory().get("/"))):
        page = response.content.decode()
        assert page.count("<script") == page.count("<script src=") + page.count('<script type="module" src=')
        assert "style=" not in page


def test_a_page_form_too_large_to_read_gets_the_400_page(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/signin", {"login": "a" * 5000, "password": "x"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "<title>Bad Request | Adsmith AI</title>" in page
    assert "it may be too large" in page and "Go Back" in page
