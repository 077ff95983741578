"""allauth's Change Password page (/accounts/password/change/, linked from Profile)."""

import pytest

from accounts.tests.conftest import toasts
from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "An0ther-passw0rd!"


def change(client, *, old: str, new: str, again: str | None = None):
    return client.post(
        "/accounts/password/change/",
        {"oldpassword": old, "password1": new, "password2": new if again is None else again},
        follow=True,
    )


def test_a_change_keeps_alice_signed_in_and_says_it_changed(alice, client):
    client.force_login(alice)

    response = change(client, old=PASSWORD, new=NEW_PASSWORD)

    assert toasts(response)[-1] == "Password changed successfully"
    assert response.wsgi_request.user == alice
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


def test_a_wrong_current_password_changes_nothing(alice, client):
    client.force_login(alice)

    response = change(client, old="not-her-password", new=NEW_PASSWORD)

    assert response.status_code == 200
    assert "Password changed successfully" not in toasts(response)
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)
