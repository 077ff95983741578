import pytest
from django.core.management import call_command
from django.db import transaction

from credits.actions import SIGNUP_CREDITS, grant_signup_credits
from credits.models import LedgerEntry, balance_of


def test_a_new_account_gets_the_free_plans_100_credits(alice):
    assert SIGNUP_CREDITS == 100
    assert balance_of(alice) == 100
    [entry] = LedgerEntry.objects.for_user(alice)
    assert (entry.kind, entry.amount, entry.balance_after) == ("grant", 100, 100)
    assert entry.idempotency_key == f"signup:{alice.pk}"
    assert entry.reason == "Free plan sign-up credits"


def test_a_user_saved_directly_gets_the_grant(django_user_model, db):
    # The admin's add form and allauth's social sign-in both end in a plain save().
    user = django_user_model(email="social@example.com", name="Sol")
    user.set_unusable_password()
    user.save()

    assert balance_of(user) == 100


def test_createsuperuser_gets_the_grant(django_user_model, db, monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "Sup3rSecret!")
    call_command("createsuperuser", "--noinput", "--email", "root@example.com", verbosity=0)

    assert balance_of(django_user_model.objects.get(email="root@example.com")) == 100


def test_saving_the_user_again_grants_nothing_more(alice):
    alice.name = "Alice Cooper"
    alice.save()

    assert balance_of(alice) == 100
    assert LedgerEntry.objects.for_user(alice).count() == 1


def test_granting_the_signup_credits_twice_grants_once(alice):
    assert grant_signup_credits(user=alice) == LedgerEntry.objects.for_user(alice).get()
    assert balance_of(alice) == 100


def test_an_account_whose_creation_rolls_back_leaves_no_grant(django_user_model, db):
    with pytest.raises(RuntimeError), transaction.atomic():
        django_user_model.objects.create_user(email="gone@example.com", password="x")
        raise RuntimeError("sign-up failed later")

    assert not django_user_model.objects.filter(email="gone@example.com").exists()
    assert not LedgerEntry.objects.exists()


def test_signing_up_with_the_form_gets_the_grant(client, django_user_model, db):
    response = client.post(
        "/signup",
        {
            "name": "Carol Baker",
            "email": "carol@example.com",
            "password1": "Str0ngPassw0rd",
            "accept_terms": "on",
        },
    )

    assert response.status_code == 302
    assert balance_of(django_user_model.objects.get(email="carol@example.com")) == 100


def test_signing_in_with_a_social_account_for_the_first_time_gets_the_grant(rf, django_user_model, db):
    from allauth.socialaccount.adapter import get_adapter
    from allauth.socialaccount.models import SocialAccount, SocialLogin
    from django.contrib.sessions.backends.db import SessionStore

    request = rf.get("/accounts/github/login/callback/")
    request.session = SessionStore()
    user = django_user_model(email="sol@example.com", name="Sol")
    sociallogin = SocialLogin(
        user=user, account=SocialAccount(provider="github", uid="4242"), email_addresses=[]
    )

    get_adapter(request).save_user(request, sociallogin)

    assert balance_of(django_user_model.objects.get(email="sol@example.com")) == 100
