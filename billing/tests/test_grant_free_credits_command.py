"""manage.py grant_free_credits: runs billing.actions.grant_free_monthly_credits now and says
how many accounts got credits."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from credits.actions import spend_credits
from credits.models import balance_of

pytestmark = pytest.mark.django_db


def signed_up_days_ago(user, days: int):
    get_user_model().objects.filter(pk=user.pk).update(created_at=timezone.now() - timedelta(days=days))


def spend_all(user):
    spend_credits(
        user=user, amount=balance_of(user), reason="META Copy generation", reference=f"all:{user.pk}"
    )


def test_it_tops_up_free_accounts_a_month_old_and_says_how_many(alice, bob, capsys):
    signed_up_days_ago(alice, 40)
    signed_up_days_ago(bob, 3)  # still in the sign-up grant's month
    spend_all(alice)
    spend_all(bob)

    call_command("grant_free_credits")

    assert capsys.readouterr().out == "Free monthly credits: 1 account(s) topped up to 100 credits.\n"
    assert (balance_of(alice), balance_of(bob)) == (100, 0)


def test_running_it_twice_grants_once(alice, capsys):
    signed_up_days_ago(alice, 40)
    spend_all(alice)
    call_command("grant_free_credits")

    call_command("grant_free_credits")

    assert capsys.readouterr().out.splitlines()[-1] == (
        "Free monthly credits: 0 account(s) topped up to 100 credits."
    )
    assert balance_of(alice) == 100


def test_at_verbosity_0_it_prints_nothing(alice, capsys):
    signed_up_days_ago(alice, 40)
    spend_all(alice)

    call_command("grant_free_credits", "-v", "0")

    assert capsys.readouterr() == ("", "")
    assert balance_of(alice) == 100
