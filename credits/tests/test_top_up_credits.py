import pytest

from credits.actions import CreditError, grant_credits, spend_credits, top_up_credits
from credits.models import LedgerEntry, balance_of


def top_up(user, to=100, key="free-monthly:1"):
    return top_up_credits(user=user, to=to, reason="Free plan: monthly credits", idempotency_key=key)


def spend(user, amount, reference="generation:1"):
    return spend_credits(user=user, amount=amount, reason="META Copy generation", reference=reference)


@pytest.mark.parametrize(("balance", "granted"), [(0, 100), (30, 70), (99, 1)])
def test_it_grants_what_the_balance_lacks_of_the_target(alice, assert_consistent, balance, granted):
    spend(alice, 100 - balance)

    entry = top_up(alice)

    assert (entry.kind, entry.amount, entry.balance_after) == ("grant", granted, 100)
    assert entry.reason == "Free plan: monthly credits"
    assert entry.idempotency_key == "free-monthly:1"
    assert balance_of(alice) == 100
    assert_consistent(alice)


@pytest.mark.parametrize("extra", [0, 50])
def test_a_balance_at_or_above_the_target_gets_nothing(alice, extra):
    if extra:
        grant_credits(user=alice, amount=extra, reason="Bonus", idempotency_key="bonus")
    entries = LedgerEntry.objects.count()

    assert top_up(alice) is None

    assert balance_of(alice) == 100 + extra
    assert LedgerEntry.objects.count() == entries


def test_a_repeated_key_returns_the_first_top_up_and_changes_nothing(alice):
    spend(alice, 70)
    first = top_up(alice)
    spend(alice, 50, reference="generation:2")

    again = top_up(alice)

    assert again == first
    assert balance_of(alice) == 50
    assert LedgerEntry.objects.filter(idempotency_key="free-monthly:1").count() == 1


def test_a_new_key_tops_up_again(alice):
    spend(alice, 70)
    top_up(alice, key="free-monthly:1")
    spend(alice, 100, reference="generation:2")

    entry = top_up(alice, key="free-monthly:2")

    assert (entry.amount, balance_of(alice)) == (100, 100)


def test_a_key_used_for_another_user_is_refused(alice, bob):
    spend(alice, 10)
    spend(bob, 10, reference="generation:2")
    top_up(alice)

    with pytest.raises(CreditError, match="already used for a different credit operation"):
        top_up(bob)
    assert balance_of(bob) == 90


def test_it_creates_the_balance_row_for_a_user_without_one(django_user_model, assert_consistent):
    [user] = django_user_model.objects.bulk_create([django_user_model(email="nobody@example.com")])

    assert top_up(user).amount == 100
    assert assert_consistent(user) == 100


@pytest.mark.parametrize(
    ("to", "key", "message"),
    [
        (0, "k", "greater than zero"),
        (-5, "k", "greater than zero"),
        (100.0, "k", "whole number"),
        (100, "", "needs an idempotency key"),
        (100, "   ", "needs an idempotency key"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_error(alice, to, key, message):
    spend(alice, 50)
    with pytest.raises(CreditError, match=message):
        top_up_credits(user=alice, to=to, reason="Free plan: monthly credits", idempotency_key=key)
    assert balance_of(alice) == 50


def test_a_reason_is_required(alice):
    spend(alice, 50)
    with pytest.raises(CreditError, match="A reason is required"):
        top_up_credits(user=alice, to=100, reason=" ", idempotency_key="k")
