"""'Send the link again' on the profile, where a confirmation link that no longer works leads
(templates/account/email_confirm.html: to the profile, through sign-in when signed out)."""

import re

from allauth.account.models import EmailAddress
from django.core import mail
from django.core.cache import cache
from django.test import Client

from accounts.tests.conftest import SMTP_DOWN
from accounts.tests.test_profile import profile_data, toasts

URL = "/profile/email/confirm"


def confirm_link(message) -> str:
    return re.search(r"http://testserver(/accounts/confirm-email/\S+)", message.body).group(1)


def test_an_email_change_gets_a_fresh_link_that_works(alice, alice_client):
    alice_client.post("/profile", profile_data(alice, email="alice.new@example.com"))
    assert "Send the link again" in alice_client.get("/profile").content.decode()
    mail.outbox.clear()

    response = alice_client.post(URL)
    assert response["Location"] == "/profile"
    assert toasts(response)[-1] == "We sent a new confirmation link to alice.new@example.com."
    assert [message.to for message in mail.outbox] == [["alice.new@example.com"]]
    alice_client.post(confirm_link(mail.outbox[-1]))
    alice.refresh_from_db()
    assert alice.email == "alice.new@example.com"


def test_a_sign_up_address_never_confirmed_gets_a_link(client, db):
    client.post(
        "/signup",
        {"name": "Dana Lee", "email": "dana@example.com", "password1": "Str0ngPass!x", "accept_terms": "on"},
    )
    assert EmailAddress.objects.filter(email="dana@example.com", verified=False).exists()
    assert "This address is not confirmed yet." in client.get("/profile").content.decode()
    # Sign-up sent one link a moment ago: allauth's limit holds the next one back for a while.
    assert toasts(client.post(URL))[-1].startswith("We sent a confirmation link a moment ago.")
    cache.clear()  # … a few minutes later
    mail.outbox.clear()

    assert toasts(client.post(URL))[-1] == "We sent a new confirmation link to dana@example.com."
    client.post(confirm_link(mail.outbox[-1]))
    assert EmailAddress.objects.get(email="dana@example.com").verified
    assert "not confirmed yet" not in client.get("/profile").content.decode()
    assert toasts(client.post(URL))[-1] == "Your email address is already confirmed."


def test_a_second_request_right_away_sends_nothing_more(alice, alice_client):
    alice_client.post("/profile", profile_data(alice, email="alice.new@example.com"))
    mail.outbox.clear()
    alice_client.post(URL)
    response = alice_client.post(URL)
    assert toasts(response)[-1] == (
        "We sent a confirmation link a moment ago. Please check your inbox, or try again in a few minutes."
    )
    assert len(mail.outbox) == 1


def test_nothing_is_sent_to_an_address_another_account_has_since_confirmed(
    alice, alice_client, bob, bob_client
):
    alice_client.post("/profile", profile_data(alice, email="shared@example.com"))
    bob_client.post("/profile", profile_data(bob, email="shared@example.com"))
    bob_client.post(confirm_link(mail.outbox[-1]))
    cache.clear()  # past the one-link-per-few-minutes limit
    mail.outbox.clear()

    response = alice_client.post(URL)

    assert toasts(response)[-1] == (
        "Your change to shared@example.com was cancelled because another account now uses that address."
    )
    assert mail.outbox == []
    assert not EmailAddress.objects.filter(user=alice, email="shared@example.com").exists()


def test_only_a_signed_in_post(alice_client, db):
    assert Client().post(URL)["Location"].startswith("/signin")
    # A GET sends nothing and leads to the profile.
    assert alice_client.get(URL)["Location"] == "/profile"
    assert mail.outbox == []


def test_a_mail_server_failure_says_so_and_the_next_request_may_try_at_once(alice, alice_client, settings):
    alice_client.post("/profile", profile_data(alice, email="alice.new@example.com"))
    mail.outbox.clear()
    working = settings.MAILERS
    settings.MAILERS = SMTP_DOWN
    assert (
        toasts(alice_client.post(URL))[-1] == "Failed to send the confirmation email. Please try again later."
    )

    settings.MAILERS = working
    assert toasts(alice_client.post(URL))[-1] == "We sent a new confirmation link to alice.new@example.com."
    assert [message.to for message in mail.outbox] == [["alice.new@example.com"]]


def test_a_link_that_no_longer_works_says_where_a_new_one_comes_from(alice, alice_client, db):
    signed_out = Client().get("/accounts/confirm-email/expired-or-garbled/")
    page = signed_out.content.decode()
    assert signed_out.status_code == 200
    assert "This confirmation link has expired or has already been used." in page
    assert "sign in and send a new link from your Profile" in page
    assert 'href="/signin?next=/profile"' in page

    page = alice_client.get("/accounts/confirm-email/expired-or-garbled/").content.decode()
    assert "you can send a new link from your Profile" in page
    assert 'href="/profile"' in page


def test_a_used_link_is_told_as_used_and_a_fresh_one_asks_to_confirm(alice, alice_client):
    alice_client.post("/profile", profile_data(alice, email="alice.new@example.com"))
    link = confirm_link(mail.outbox[-1])
    page = Client().get(link).content.decode()
    assert "Please confirm that" in page and "alice.new@example.com" in page
    assert Client().post(link).status_code == 302

    assert (
        "This confirmation link has expired or has already been used." in Client().get(link).content.decode()
    )
