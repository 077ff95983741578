"""Change Password (/accounts/password/change/, linked from Profile): our page in the shell, with
the sign-up rules and checklist, allauth's form and rate limit underneath."""

import json
import re

import pytest
from django.core.cache import cache

from accounts.tests.conftest import toasts
from accounts.views import ChangePasswordView
from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db

URL = "/accounts/password/change/"
NEW_PASSWORD = "An0ther-passw0rd!"


def change(client, *, old: str, new: str, follow=True):
    return client.post(URL, {"oldpassword": old, "password1": new}, follow=follow)


def error_under(page: str, field: str) -> str:
    return re.search(rf'data-error-for="{field}"[^>]*>(.*?)</p>', page, re.S).group(1)


def test_it_is_our_page_in_the_shell_with_the_checklist_and_the_way_back(alice_client):
    response = alice_client.get(URL)

    assert response.resolver_match.func.view_class is ChangePasswordView
    page = response.content.decode()
    assert "<title>Change Password | Adsmith AI</title>" in page
    assert re.search(r"<h1 data-shell-title[^>]*>Change Password</h1>", page)
    assert 'href="/profile"' in page and "Back to Profile" in page
    for label in ("Current password", "New password", "8+ characters", "1 uppercase letter", "1 number"):
        assert label in page
    assert "again" not in page  # one new password, with the show/hide toggle and the checklist
    assert 'data-rules="form-rules"' in page and 'data-password-checklist="id_password1"' in page
    rules = json.loads(re.search(r'<script id="form-rules"[^>]*>(.*?)</script>', page, re.S).group(1))
    assert [rule["message"] for rule in rules["password1"]] == [
        "Password must be at least 8 characters",
        "Password must contain at least one uppercase letter",
        "Password must contain at least one lowercase letter",
        "Password must contain at least one number",
    ]
    assert rules["oldpassword"] == [{"type": "required", "message": "Please enter your current password"}]


def test_it_needs_a_signed_in_user(client, db):
    assert client.get(URL)["Location"].startswith("/signin")


def test_a_change_keeps_alice_signed_in_and_takes_her_back_to_her_profile(alice, client):
    client.force_login(alice)

    response = change(client, old=PASSWORD, new=NEW_PASSWORD)

    assert response.redirect_chain[-1][0] == "/profile"
    assert toasts(response)[-1] == "Password changed successfully"
    assert response.wsgi_request.user == alice
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


def test_empty_fields_get_the_documented_style_messages(alice_client):
    page = change(alice_client, old="", new="").content.decode()

    assert error_under(page, "oldpassword") == "Please enter your current password"
    assert error_under(page, "password1") == "Password must be at least 8 characters"


def test_a_wrong_current_password_changes_nothing(alice, alice_client):
    response = change(alice_client, old="not-her-password", new=NEW_PASSWORD)

    assert response.status_code == 200
    assert error_under(response.content.decode(), "oldpassword") == "Current password is incorrect"
    assert "Password changed successfully" not in toasts(response)
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_the_current_password_again_is_refused(alice, alice_client):
    strong = "Curr3nt-passw0rd"
    alice.set_password(strong)
    alice.save()
    alice_client.force_login(alice)

    response = change(alice_client, old=strong, new=strong)

    assert error_under(response.content.decode(), "password1") == (
        "Your new password must be different from your current password"
    )
    assert "Password changed successfully" not in toasts(response)


def test_a_weak_new_password_gets_the_first_rule_it_breaks(alice_client):
    page = change(alice_client, old=PASSWORD, new="lowercase1").content.decode()

    assert error_under(page, "password1") == "Password must contain at least one uppercase letter"


def test_past_allauths_limit_the_page_stays_and_says_to_wait(alice, alice_client):
    cache.clear()
    for _ in range(5):  # allauth's change_password limit: 5 a minute
        change(alice_client, old="not-her-password", new=NEW_PASSWORD)

    response = change(alice_client, old=PASSWORD, new=NEW_PASSWORD, follow=False)

    assert response.status_code == 429
    page = response.content.decode()
    assert re.search(r"<h1 data-shell-title[^>]*>Change Password</h1>", page)
    assert "Too many attempts to change your password. Please wait a minute and try again." in page
    assert 'name="oldpassword"' in page
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)
