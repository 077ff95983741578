"""Staff close an account by unticking Active in the admin (accounts.actions.close_account): every
session it has ends then, and reopening the account (ticking Active again) does not bring any back."""

import pytest
from django.conf import settings
from django.test import Client

from accounts.tests.conftest import change_in_admin
from config.pytest_plugin import PASSWORD


@pytest.fixture
def bobs_browser(bob):
    """bob signed in through the sign-in form with 'Remember me' ticked: a cookie that outlives
    the browser."""
    browser = Client()
    response = browser.post("/signin", {"email": bob.email, "password": PASSWORD, "remember": "on"})
    assert response["Location"] == "/dashboard"
    assert browser.cookies[settings.SESSION_COOKIE_NAME]["max-age"]
    return browser


def close_in_admin(staff_client, user):
    response = change_in_admin(staff_client, user, is_active="")
    assert response.status_code == 302, response.context["adminform"].form.errors
    user.refresh_from_db()
    assert not user.is_active


def reopen_in_admin(staff_client, user):
    response = change_in_admin(staff_client, user, is_active="on")
    assert response.status_code == 302, response.context["adminform"].form.errors
    user.refresh_from_db()
    assert user.is_active


def is_signed_out(browser) -> bool:
    response = browser.get("/dashboard")
    return response.status_code == 302 and response["Location"] == "/signin?next=/dashboard"


def test_closing_the_account_signs_its_browsers_out(staff_client, bob, bobs_browser, bob_client):
    close_in_admin(staff_client, bob)

    assert is_signed_out(bobs_browser)
    assert is_signed_out(bob_client)


def test_reopening_the_account_does_not_sign_its_old_browsers_back_in(
    staff_client, bob, bobs_browser, bob_client
):
    close_in_admin(staff_client, bob)
    reopen_in_admin(staff_client, bob)

    assert is_signed_out(bobs_browser)
    assert is_signed_out(bob_client)


def test_the_api_answers_an_old_session_as_signed_out(staff_client, bob, bobs_browser):
    close_in_admin(staff_client, bob)
    reopen_in_admin(staff_client, bob)

    response = bobs_browser.get("/api/credits/")

    assert response.status_code in (401, 403)
    assert response.json()["detail"] == "Your session has ended. Please sign in again."


def test_the_old_session_is_deleted_when_its_browser_comes_back(staff_client, bob, bobs_browser):
    from accounts.models import UserSession as Session

    old_key = bobs_browser.cookies[settings.SESSION_COOKIE_NAME].value
    close_in_admin(staff_client, bob)
    reopen_in_admin(staff_client, bob)

    bobs_browser.get("/dashboard")

    assert not Session.objects.filter(session_key=old_key).exists()


def test_a_reopened_account_signs_in_again_with_its_password(staff_client, bob, bobs_browser):
    close_in_admin(staff_client, bob)
    reopen_in_admin(staff_client, bob)

    response = bobs_browser.post("/signin", {"email": bob.email, "password": PASSWORD})

    assert response["Location"] == "/dashboard"
    assert not is_signed_out(bobs_browser)


def test_closing_one_account_leaves_other_accounts_signed_in(staff_client, bob, alice_client):
    close_in_admin(staff_client, bob)

    assert not is_signed_out(alice_client)


def test_saving_other_fields_keeps_the_user_signed_in(staff_client, bob, bobs_browser):
    response = change_in_admin(staff_client, bob, name="Robert Jones")
    assert response.status_code == 302

    assert not is_signed_out(bobs_browser)


def test_closing_deletes_the_accounts_session_rows(staff_client, bob, bobs_browser):
    from accounts.models import UserSession

    assert UserSession.objects.filter(user=bob).exists()
    close_in_admin(staff_client, bob)

    assert not UserSession.objects.filter(user=bob).exists()
