"""A signed-in request reads its session and the session's user in one statement
(accounts.sessions, accounts.backends, accounts.middleware) — while who is signed in is still
decided by the session's data and Django's checks alone."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import UserSession
from credits.actions import grant_credits

pytestmark = pytest.mark.django_db


def session_row(client) -> UserSession:
    return UserSession.objects.get(session_key=client.cookies["sessionid"].value)


def test_the_session_row_names_its_user_from_sign_in_to_sign_out(client, alice):
    client.force_login(alice)
    assert session_row(client).user_id == alice.pk

    client.post("/signout")
    assert not UserSession.objects.filter(user=alice).exists()


def test_a_session_without_a_user_names_none(client):
    client.post("/signin", {"email": "nobody@example.com", "password": "wrong-password"})
    session = client.session
    session["cart"] = 1  # any data: the row is written
    session.save()

    assert UserSession.objects.get(session_key=session.session_key).user_id is None


def test_one_statement_reads_the_session_and_its_user(alice_client):
    with CaptureQueriesContext(connection) as queries:
        response = alice_client.get("/api/credits/")

    assert response.status_code == 200
    statements = [q["sql"] for q in queries.captured_queries]
    assert len(statements) == 2  # the session with its user; the balance
    assert "accounts_session" in statements[0] and "accounts_user" in statements[0]


def test_the_sessions_data_decides_who_is_signed_in_not_the_column(client, alice, bob):
    grant_credits(user=bob, amount=5, reason="Goodwill", idempotency_key="session-user-bob")
    client.force_login(bob)
    UserSession.objects.filter(session_key=client.cookies["sessionid"].value).update(user=alice)

    assert client.get("/api/credits/").json()["credits"] == 105  # bob's, read on its own


def test_a_password_changed_elsewhere_still_ends_the_session(client, alice):
    client.force_login(alice)
    alice.set_password("A-new-long-password-9")
    alice.save()

    assert client.get("/dashboard").status_code == 302  # to sign in
    assert client.get("/api/credits/").status_code == 403


def test_a_deactivated_account_is_signed_out(client, alice):
    client.force_login(alice)
    alice.is_active = False
    alice.save()

    assert client.get("/api/credits/").status_code == 403


def test_deleting_a_user_deletes_their_sessions(client, alice):
    client.force_login(alice)
    alice.delete()

    assert not UserSession.objects.exists()
