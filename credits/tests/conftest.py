import pytest
from django.db.models import Sum

from credits.models import LedgerEntry, balance_of


def ledger_sum(user) -> int:
    return LedgerEntry.objects.filter(user=user).aggregate(total=Sum("amount"))["total"] or 0


@pytest.fixture
def assert_consistent():
    """Asserts credit invariants 1 and 2 for a user: balance = ledger sum, balance ≥ 0,
    and the newest entry's balance_after is the balance."""

    def check(user):
        balance = balance_of(user)
        assert balance >= 0
        assert balance == ledger_sum(user)
        newest = LedgerEntry.objects.for_user(user).newest_first().first()
        assert newest is None or newest.balance_after == balance
        return balance

    return check
