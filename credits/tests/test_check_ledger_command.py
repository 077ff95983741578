from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from credits.actions import refund_credits, spend_credits
from credits.models import CreditBalance


def check_ledger():
    out = StringIO()
    call_command("check_ledger", stdout=out)
    return out.getvalue()


def test_it_reports_a_consistent_ledger(alice, bob):
    spend_credits(user=alice, amount=20, reason="META Copy generation", reference="generation:1")
    refund_credits(user=alice, reference="generation:1", reason="Refund")

    assert check_ledger().strip() == "Ledger consistent"


def test_it_lists_each_user_whose_balance_differs_and_exits_1(alice, bob, staff):
    # Only a bug (or a hand-edited database) can do this: the actions never would.
    CreditBalance.objects.filter(user=alice).update(balance=90)
    CreditBalance.objects.filter(user=bob).delete()

    out = StringIO()
    with pytest.raises(CommandError, match="2 users with a balance different") as raised:
        call_command("check_ledger", stdout=out)

    assert raised.value.returncode == 1
    lines = out.getvalue().splitlines()
    assert lines == [
        "alice@example.com: balance 90 but ledger sum 100",
        "bob@example.com: balance 0 but ledger sum 100",
    ]


def test_a_user_with_neither_balance_nor_ledger_is_consistent(django_user_model, db):
    django_user_model.objects.bulk_create([django_user_model(email="nobody@example.com")])

    assert check_ledger().strip() == "Ledger consistent"
