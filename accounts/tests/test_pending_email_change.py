"""An address an account has only asked to change to is not theirs until they confirm it
(User.objects.owning_email): it keeps no one from signing up with it, signs no one in, gets no
one's password-reset links, and once someone else owns it the waiting link is refused."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from accounts.tests.conftest import toasts
from accounts.tests.test_profile import confirm_link, profile_data
from accounts.tests.test_signup import sign_up
from config.pytest_plugin import PASSWORD

User = get_user_model()

WANTED = "carol@example.com"  # the address alice asks for; carol's real one


@pytest.fixture
def alice_waiting(alice_client, alice):
    """Alice has asked to change her address to carol's and not opened the link: returns it."""
    alice_client.post("/profile", profile_data(alice, email=WANTED))
    assert EmailAddress.objects.filter(user=alice, email=WANTED, verified=False).exists()
    return confirm_link(mail.outbox[-1])


def test_the_addresss_owner_can_still_sign_up_with_it(alice_waiting):
    response = sign_up(Client(), email=WANTED)
    assert response["Location"] == "/dashboard"
    carol = User.objects.get(email=WANTED)
    assert response.wsgi_request.user == carol


def test_it_does_not_sign_the_asking_account_in(alice_waiting):
    response = Client().post("/signin", {"email": WANTED, "password": PASSWORD})
    assert response.status_code == 200
    assert toasts(response) == ["Invalid email or password"]
    assert not response.wsgi_request.user.is_authenticated


def test_the_asking_account_still_signs_in_with_its_own_address(alice, alice_waiting):
    response = Client().post("/signin", {"email": alice.email, "password": PASSWORD})
    assert response["Location"] == "/dashboard"


def test_a_reset_asked_for_it_mails_no_link_to_the_asking_account(alice_waiting):
    mail.outbox.clear()
    Client().post("/forgot-password", {"email": WANTED})
    assert "/reset-password/" not in "".join(message.body for message in mail.outbox)


def test_a_reset_for_the_asking_accounts_own_address_still_works(alice, alice_waiting):
    mail.outbox.clear()
    Client().post("/forgot-password", {"email": alice.email})
    assert [message.to for message in mail.outbox] == [[alice.email]]
    assert re.search(r"/reset-password/\w+-[\w-]+", mail.outbox[0].body)


def test_once_someone_signs_up_with_it_the_waiting_link_is_refused(alice_client, alice, alice_waiting):
    sign_up(Client(), email=WANTED)
    response = alice_client.post(alice_waiting, follow=True)
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"
    assert User.objects.get(email=WANTED).name == "Carol Baker"
    assert not EmailAddress.objects.filter(user=alice, email=WANTED, verified=True).exists()
    # The profile then says the change was cancelled, once.
    page = alice_client.get("/profile").content.decode()
    assert "data-email-change-cancelled" in page and "Waiting for confirmation" not in page


def test_once_staff_give_it_to_another_account_the_waiting_link_is_refused(
    alice_client, alice, alice_waiting, make_user
):
    make_user(WANTED)  # added in the admin: no allauth address record
    alice_client.post(alice_waiting)
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


def test_a_confirmed_change_still_becomes_the_sign_in_address(alice_client, alice, alice_waiting):
    alice_client.post(alice_waiting)
    alice.refresh_from_db()
    assert alice.email == WANTED
    assert sign_up(Client(), email=WANTED).status_code == 200  # now taken: the form is shown again
    signed_in = Client().post("/signin", {"email": WANTED, "password": PASSWORD})
    assert signed_in["Location"] == "/dashboard"


def test_another_save_of_the_profile_keeps_the_change_waiting(alice_client, alice, alice_waiting):
    """The email field shows the current address while a change waits, so a save of anything
    else posts it: that is not a withdrawal (only 'Cancel change' is)."""
    response = alice_client.post("/profile", profile_data(alice, bio="New bio"))
    assert toasts(response)[-1] == "Profile updated successfully"
    assert "cancelled" not in " ".join(toasts(response))
    assert (
        f"Waiting for confirmation of <strong>{WANTED}</strong>"
        in alice_client.get("/profile").content.decode()
    )
    Client().post(alice_waiting)
    alice.refresh_from_db()
    assert alice.email == WANTED


def test_cancel_change_calls_it_off(alice_client, alice, alice_waiting):
    page = alice_client.get("/profile").content.decode()
    assert 'form="cancel-email-change"' in page and 'action="/profile/email/cancel"' in page
    response = alice_client.post("/profile/email/cancel")
    assert response["Location"] == "/profile"
    assert (
        toasts(response)[-1]
        == f"Your change to {WANTED} was cancelled. You still sign in with {alice.email}."
    )

    Client().post(alice_waiting)
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"
    # Nothing left to cancel; the own address, still confirmed as before, is untouched.
    assert (
        toasts(alice_client.post("/profile/email/cancel"))[-1]
        == "No email change is waiting for confirmation."
    )
    assert (
        Client().post("/signin", {"email": "alice@example.com", "password": PASSWORD})["Location"]
        == "/dashboard"
    )


def test_cancel_change_needs_a_signed_in_post(client, db):
    assert client.post("/profile/email/cancel")["Location"].startswith("/signin")
