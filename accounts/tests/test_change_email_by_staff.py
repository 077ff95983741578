"""Staff change a user's e-mail address in the admin (accounts.actions.change_email_by_staff): the
new address is the account's at once, and the old one is let go entirely."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User
from accounts.tests.conftest import change_in_admin, toasts
from config.pytest_plugin import PASSWORD


@pytest.fixture
def alice(alice):
    # As after signing up and following her confirmation link: allauth has her address on record.
    EmailAddress.objects.create(user=alice, email=alice.email, primary=True, verified=True)
    return alice


def give_alice_a_new_address(staff_client, alice, email="alice.new@example.com"):
    response = change_in_admin(staff_client, alice, email=email)
    assert response.status_code == 302, response.context["adminform"].form.errors
    alice.refresh_from_db()


def ask_on_the_profile_for_a_new_address(client, user, email):
    response = client.post("/profile", {"name": user.name, "email": email})
    assert response["Location"] == "/profile"
    assert EmailAddress.objects.filter(user=user, email=email, verified=False).exists()


def sign_in(email):
    return Client().post("/signin", {"email": email, "password": PASSWORD})


def test_the_old_address_no_longer_signs_in(staff_client, alice):
    give_alice_a_new_address(staff_client, alice)

    response = sign_in("alice@example.com")

    assert response.status_code == 200
    assert toasts(response) == ["Invalid email or password"]
    assert not response.wsgi_request.user.is_authenticated


def test_the_new_address_signs_in(staff_client, alice):
    give_alice_a_new_address(staff_client, alice)

    response = sign_in("alice.new@example.com")

    assert response["Location"] == "/dashboard"
    assert response.wsgi_request.user == alice


def test_a_password_reset_for_the_old_address_sends_no_reset_link(staff_client, alice, client):
    give_alice_a_new_address(staff_client, alice)

    client.post("/forgot-password", {"email": "alice@example.com"})

    # Only the note any address without an account gets (allauth's unknown-account mail).
    [message] = mail.outbox
    assert message.to == ["alice@example.com"]
    assert "/reset-password/" not in message.body
    assert "we do not have any record of such an account" in message.body


def test_a_password_reset_goes_to_the_new_address(staff_client, alice, client):
    give_alice_a_new_address(staff_client, alice)

    client.post("/forgot-password", {"email": "alice.new@example.com"})

    assert [message.to for message in mail.outbox] == [["alice.new@example.com"]]


def test_a_reset_link_mailed_to_the_old_address_before_the_change_stops_working(staff_client, alice, client):
    client.post("/forgot-password", {"email": "alice@example.com"})
    link = re.search(r"http://testserver(/reset-password/\S+)", mail.outbox[0].body).group(1)
    give_alice_a_new_address(staff_client, alice)

    page = client.get(link, follow=True).content.decode()

    assert "Link invalid or expired" in page
    assert "Set a new password" not in page


def test_the_old_address_is_free_to_sign_up_again(staff_client, alice, client):
    give_alice_a_new_address(staff_client, alice)

    response = client.post(
        "/signup",
        {
            "name": "Carol Baker",
            "email": "alice@example.com",
            "password1": "Str0ngPassw0rd",
            "accept_terms": "on",
        },
    )

    assert response["Location"] == "/dashboard"
    carol = User.objects.get(email="alice@example.com")
    assert carol != alice and response.wsgi_request.user == carol


def test_the_new_address_is_her_only_allauth_address_primary_and_confirmed(staff_client, alice):
    # Staff vouch for the address: she is not asked to confirm it (and could not be locked out
    # by it if confirmation became mandatory).
    give_alice_a_new_address(staff_client, alice, email="  Alice.New@Example.COM ")

    assert alice.email == "alice.new@example.com"
    assert list(EmailAddress.objects.filter(user=alice).values_list("email", "primary", "verified")) == [
        ("alice.new@example.com", True, True)
    ]


def test_an_email_change_she_had_waiting_is_dropped(staff_client, alice, client):
    client.force_login(alice)
    ask_on_the_profile_for_a_new_address(client, alice, "alice.pending@example.com")
    confirm_link = re.search(r"http://testserver(/accounts/confirm-email/\S+)", mail.outbox[-1].body).group(1)

    give_alice_a_new_address(staff_client, alice)

    assert "Waiting for confirmation" not in client.get("/profile").content.decode()
    client.post(confirm_link)  # her link no longer changes anything
    alice.refresh_from_db()
    assert alice.email == "alice.new@example.com"
    assert sign_in("alice.pending@example.com").status_code == 200


def test_another_accounts_waiting_change_to_the_address_is_dropped(staff_client, alice, bob_client, bob):
    ask_on_the_profile_for_a_new_address(bob_client, bob, "alice.new@example.com")

    give_alice_a_new_address(staff_client, alice)

    assert "Your change to <strong>alice.new@example.com</strong> was cancelled" in (
        bob_client.get("/profile").content.decode()
    )


def test_an_address_another_account_signs_in_with_is_refused(staff_client, alice, bob):
    response = change_in_admin(staff_client, alice, email=" BOB@example.com ")

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["email"] == [
        "A user is already registered with this email address."
    ]
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"
    assert sign_in("alice@example.com")["Location"] == "/dashboard"


def test_an_address_another_account_has_confirmed_is_refused(staff_client, alice, bob):
    # A confirmed address of bob's besides his sign-in one (one a sign-in provider vouched for).
    EmailAddress.objects.create(user=bob, email="bob.work@example.com", primary=False, verified=True)

    response = change_in_admin(staff_client, alice, email="bob.work@example.com")

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["email"] == [
        "A user is already registered with this email address."
    ]
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


def test_saving_other_fields_leaves_her_address_and_its_confirmation_alone(staff_client, alice):
    response = change_in_admin(staff_client, alice, name="Alice Jones")

    assert response.status_code == 302
    assert list(EmailAddress.objects.filter(user=alice).values_list("email", "primary", "verified")) == [
        ("alice@example.com", True, True)
    ]


def test_the_form_tells_staff_what_a_new_address_does(staff_client, alice):
    page = staff_client.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()

    assert "The old one can no longer sign in or reset the password, and is free for a new account." in page
