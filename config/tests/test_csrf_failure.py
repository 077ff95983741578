"""A form posted with a stale or missing CSRF token (the page was open while the user signed in
or out in another tab) gets our explanation and a way back, not Django's technical 403 page;
the API and fetch() calls asking for JSON get it as 403 {"detail": …}."""

import re

import pytest
from django.test import Client

from config.icons import icon_svg

SESSION_CHANGED = (
    "Your session has changed since this page was opened (for example, you signed in or out in "
    "another tab). Please reload the page and try again."
)


@pytest.fixture
def strict_client():
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def alice_strict_client(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    return client


@pytest.mark.django_db
def test_a_sign_in_form_without_a_valid_token_explains_and_reloads_the_form(strict_client):
    response = strict_client.post(
        "/signin",
        {"login": "alice@example.com", "password": "x"},
        HTTP_REFERER="http://testserver/signin?next=/billing",
    )
    assert response.status_code == 403
    page = response.content.decode()
    assert "<title>Page Expired | Adsmith AI</title>" in page
    assert "This Page Has Expired" in page
    assert "your session changed in another tab" in page
    assert 'href="http://testserver/signin?next=/billing"' in page and "Reload Page" in page
    assert "Go Back" in page
    assert "CSRF" not in page and "DEBUG" not in page


@pytest.mark.django_db
def test_the_reload_button_shows_a_refresh_icon_not_an_arrow(strict_client):
    page = strict_client.post("/signin", {}, HTTP_REFERER="http://testserver/signin").content.decode()
    reload_link = re.search(r'<a href="http://testserver/signin"[^>]*>(.*?)</a>', page, re.S).group(1)
    assert icon_svg("refresh", "h-4 w-4") in reload_link and "Reload Page" in reload_link
    assert icon_svg("arrow-right", "h-4 w-4") not in reload_link


@pytest.mark.django_db
def test_without_a_referer_of_ours_it_reloads_the_address_posted_to(strict_client):
    response = strict_client.post("/signin?next=/usage", {}, HTTP_REFERER="https://evil.example/signin")
    assert response.status_code == 403
    assert 'href="/signin?next=/usage"' in response.content.decode()
    assert "evil.example" not in response.content.decode()


def test_the_api_answers_json_with_the_same_explanation(alice_strict_client):
    response = alice_strict_client.post(
        "/api/generations/", {"tool": "meta-copy"}, content_type="application/json"
    )
    assert response.status_code == 403
    assert response.json() == {"detail": SESSION_CHANGED}


def test_the_billing_api_answers_json_too(alice_strict_client):
    response = alice_strict_client.post(
        "/billing/api/?action=cancel-subscription",
        {"subscriptionId": "sub_1"},
        content_type="application/json",
    )
    assert response.status_code == 403
    assert response.json() == {"detail": SESSION_CHANGED}


def test_a_fetch_asking_for_json_outside_the_api_gets_json(alice_strict_client):
    # The profile's avatar upload posts with fetch() and `Accept: application/json`.
    response = alice_strict_client.post("/profile/avatar", {}, HTTP_ACCEPT="application/json")
    assert response.status_code == 403
    assert response.json() == {"detail": SESSION_CHANGED}


def test_a_valid_token_still_passes(alice_strict_client):
    alice_strict_client.get("/profile")  # sets the CSRF cookie
    token = alice_strict_client.cookies["csrftoken"].value
    response = alice_strict_client.post(
        "/api/generations/", {"tool": "nope"}, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 400
