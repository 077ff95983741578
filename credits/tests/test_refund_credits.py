import pytest

from credits.actions import CreditError, grant_credits, refund_credits, spend_credits
from credits.models import LedgerEntry, balance_of


def spend(user, amount=20, reference="generation:1"):
    return spend_credits(user=user, amount=amount, reason="META Creative generation", reference=reference)


def refund(user, reference="generation:1"):
    return refund_credits(user=user, reference=reference, reason="Refund: META Creative generation failed")


def test_it_gives_back_the_whole_spend(alice, assert_consistent):
    spend(alice, 80)

    entry = refund(alice)

    assert (entry.kind, entry.amount, entry.balance_after) == ("refund", 80, 100)
    assert entry.reference == "generation:1"
    assert balance_of(alice) == 100
    assert_consistent(alice)


def test_refunding_twice_refunds_once_and_returns_the_first_refund(alice):
    spend(alice, 80)
    first = refund(alice)

    again = refund(alice)

    assert again == first
    assert balance_of(alice) == 100
    assert LedgerEntry.objects.filter(kind="refund").count() == 1


def test_a_refund_is_never_larger_than_the_spend(alice):
    spend(alice, 20, "generation:1")
    spend(alice, 50, "generation:2")

    assert refund(alice, "generation:1").amount == 20
    assert balance_of(alice) == 50


def test_a_reference_that_was_never_spent_cannot_be_refunded(alice):
    with pytest.raises(CreditError, match="no spend with reference 'generation:404'"):
        refund(alice, "generation:404")
    assert balance_of(alice) == 100
    assert not LedgerEntry.objects.filter(kind="refund").exists()


def test_another_users_spend_cannot_be_refunded(alice, bob):
    spend(alice, 20)

    with pytest.raises(CreditError):
        refund(bob)

    assert balance_of(bob) == 100
    assert balance_of(alice) == 80


def test_a_grant_cannot_be_refunded(alice):
    grant_credits(user=alice, amount=50, reason="Promotion", idempotency_key="promo:1", reference="promo:1")

    with pytest.raises(CreditError):
        refund(alice, "promo:1")
    assert balance_of(alice) == 150


def test_a_refund_after_the_credits_were_spent_elsewhere_still_restores_them(alice):
    spend(alice, 50, "generation:1")
    spend(alice, 50, "generation:2")

    refund(alice, "generation:1")

    assert balance_of(alice) == 50
