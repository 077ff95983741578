"""grant_staff_credits: the staff paths' rule (admin action and grant_credits command)."""

import pytest

from credits.actions import CreditError, grant_staff_credits
from credits.models import balance_of


def staff_grant(user, amount, key="staff:1", **extra):
    return grant_staff_credits(
        user=user, amount=amount, reason="Goodwill credits", idempotency_key=key, **extra
    )


def test_a_positive_amount_is_a_grant_by_the_staff_member(alice, staff, assert_consistent):
    entry = staff_grant(alice, 50, created_by=staff)

    assert (entry.kind, entry.amount, entry.balance_after, entry.created_by) == ("grant", 50, 150, staff)
    assert_consistent(alice)


def test_a_negative_amount_is_an_adjustment(alice, assert_consistent):
    entry = staff_grant(alice, -30)

    assert (entry.kind, entry.amount, entry.balance_after) == ("adjustment", -30, 70)
    assert_consistent(alice)


def test_an_adjustment_below_zero_is_refused_and_changes_nothing(alice):
    with pytest.raises(CreditError, match="cannot go below zero"):
        staff_grant(alice, -101)

    assert balance_of(alice) == 100


def test_the_same_key_changes_the_balance_once(alice):
    first = staff_grant(alice, 50)

    assert staff_grant(alice, 50) == first
    assert balance_of(alice) == 150
