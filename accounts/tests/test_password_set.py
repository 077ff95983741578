"""Set Password (/accounts/password/set/): where Change Password sends an account that has no
password (signed up with GitHub or LinkedIn); the same page in the shell, without the current
password."""

import re

import pytest

from accounts.tests.conftest import toasts
from accounts.views import SetPasswordView

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "An0ther-passw0rd!"


@pytest.fixture
def social_alice(alice):
    alice.set_unusable_password()
    alice.save()
    return alice


def test_change_password_sends_an_account_without_one_to_our_set_password_page(social_alice, client):
    client.force_login(social_alice)

    response = client.get("/accounts/password/change/", follow=True)

    assert response.redirect_chain[-1][0] == "/accounts/password/set/"
    assert response.resolver_match.func.view_class is SetPasswordView
    page = response.content.decode()
    assert re.search(r"<h1 data-shell-title[^>]*>Set Password</h1>", page)
    assert "Set a password" in page and "Back to Profile" in page
    assert "Current password" not in page
    assert 'data-password-checklist="id_password1"' in page


def test_setting_one_lets_her_sign_in_with_it_and_takes_her_back_to_her_profile(social_alice, client):
    client.force_login(social_alice)

    response = client.post("/accounts/password/set/", {"password1": NEW_PASSWORD}, follow=True)

    assert response.redirect_chain[-1][0] == "/profile"
    assert toasts(response)[-1] == "Password set successfully"
    social_alice.refresh_from_db()
    assert social_alice.check_password(NEW_PASSWORD)


def test_a_password_outside_the_rules_is_refused_under_the_field(social_alice, client):
    client.force_login(social_alice)

    response = client.post("/accounts/password/set/", {"password1": "short"})

    assert response.status_code == 200
    assert "Password must be at least 8 characters" in response.content.decode()
    social_alice.refresh_from_db()
    assert not social_alice.has_usable_password()


def test_an_account_with_a_password_is_sent_to_change_it(alice_client):
    assert alice_client.get("/accounts/password/set/")["Location"] == "/accounts/password/change/"
