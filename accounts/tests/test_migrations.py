import importlib

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps

from accounts.models import User
from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db

user_email_lower_unique = importlib.import_module("accounts.migrations.0002_user_email_lower_unique")


def test_addresses_staff_typed_with_capitals_are_stored_in_lowercase(alice, bob):
    User.objects.filter(pk=alice.pk).update(email="Alice@Example.com")

    user_email_lower_unique.lowercase_addresses(apps, None)

    assert set(User.objects.values_list("email", flat=True)) == {"alice@example.com", "bob@example.com"}


drop_addresses_staff_replaced = importlib.import_module(
    "accounts.migrations.0004_drop_addresses_staff_replaced"
).drop_addresses_staff_replaced


def addresses(user):
    return list(
        EmailAddress.objects.filter(user=user).order_by("email").values_list("email", "primary", "verified")
    )


def test_an_address_staff_replaced_before_the_fix_is_let_go(alice, client):
    # Staff changed alice.old@example.com to alice@example.com in the admin, which left the old
    # address her primary one.
    EmailAddress.objects.create(user=alice, email="alice.old@example.com", primary=True, verified=True)

    drop_addresses_staff_replaced(apps, None)

    assert addresses(alice) == [("alice@example.com", True, True)]
    response = client.post("/signin", {"email": "alice.old@example.com", "password": PASSWORD})
    assert not response.wsgi_request.user.is_authenticated


def test_the_address_staff_set_stays_unconfirmed_if_another_account_confirmed_it(alice, bob):
    EmailAddress.objects.create(user=alice, email="alice.old@example.com", primary=True, verified=True)
    EmailAddress.objects.create(user=bob, email="alice@example.com", primary=False, verified=True)

    drop_addresses_staff_replaced(apps, None)

    assert addresses(alice) == [("alice@example.com", True, False)]


def test_current_addresses_and_waiting_changes_are_left_alone(alice, bob):
    EmailAddress.objects.create(user=alice, email="alice@example.com", primary=True, verified=True)
    EmailAddress.objects.create(user=alice, email="alice.next@example.com", primary=False, verified=False)
    EmailAddress.objects.create(user=bob, email="bob@example.com", primary=True, verified=False)

    drop_addresses_staff_replaced(apps, None)

    assert addresses(alice) == [("alice.next@example.com", False, False), ("alice@example.com", True, True)]
    assert addresses(bob) == [("bob@example.com", True, False)]


user_sessions = importlib.import_module("accounts.migrations.0005_user_sessions")


def test_live_sessions_are_copied_to_the_new_table_with_their_user_and_stay_signed_in(alice, client):
    from django.contrib.sessions.backends.db import SessionStore as DjangoStore
    from django.contrib.sessions.models import Session as DjangoSession

    from accounts.models import UserSession

    # As before the migration: Django's own store, its table.
    signed_in = DjangoStore()
    signed_in.update({"_auth_user_id": str(alice.pk), "_auth_user_backend": "accounts.backends.ModelBackend"})
    signed_in["_auth_user_hash"] = alice.get_session_auth_hash()
    signed_in.create()
    anonymous = DjangoStore()
    anonymous["cart"] = 1
    anonymous.create()
    expired = DjangoStore()
    expired.set_expiry(-1)
    expired.create()

    user_sessions.copy_sessions(apps, None)

    moved = dict(UserSession.objects.values_list("session_key", "user_id"))
    assert moved == {signed_in.session_key: alice.pk, anonymous.session_key: None}
    # The originals stay for web processes of the previous build still serving during the deploy.
    assert DjangoSession.objects.count() == 3
    client.cookies["sessionid"] = signed_in.session_key
    assert client.get("/dashboard").status_code == 200  # still signed in
