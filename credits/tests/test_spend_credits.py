import pytest
from django.db import transaction

from credits.actions import CreditError, InsufficientCredits, spend_credits
from credits.models import LedgerEntry, balance_of


def spend(user, amount=20, reference="generation:1", **extra):
    return spend_credits(
        user=user, amount=amount, reason="META Copy generation", reference=reference, **extra
    )


def test_it_takes_the_credits_and_writes_a_spend_entry(alice, assert_consistent):
    entry = spend(alice, 20)

    assert balance_of(alice) == 80
    assert (entry.kind, entry.amount, entry.balance_after) == ("spend", -20, 80)
    assert (entry.reason, entry.reference) == ("META Copy generation", "generation:1")
    assert_consistent(alice)


def test_it_can_spend_the_whole_balance(alice):
    spend(alice, 100)
    assert balance_of(alice) == 0


def test_it_refuses_to_spend_more_than_the_balance_with_the_documented_message(alice):
    with pytest.raises(InsufficientCredits) as raised:
        spend(alice, 101)

    assert str(raised.value) == "Insufficient credits. This service requires 101 credits."
    assert raised.value.cost == 101
    assert balance_of(alice) == 100
    assert not LedgerEntry.objects.filter(kind="spend").exists()


def test_a_user_without_a_balance_row_has_insufficient_credits(django_user_model):
    # bulk_create sends no post_save, so this user never got the sign-up grant.
    [user] = django_user_model.objects.bulk_create([django_user_model(email="nobody@example.com")])

    with pytest.raises(InsufficientCredits):
        spend(user, 1)
    assert balance_of(user) == 0


def test_spending_a_reference_again_returns_the_first_spend_and_changes_nothing(alice):
    first = spend(alice, 20, "generation:7")
    again = spend(alice, 20, "generation:7")

    assert again == first
    assert balance_of(alice) == 80
    assert LedgerEntry.objects.filter(kind="spend").count() == 1


def test_a_repeat_inside_the_callers_transaction_leaves_that_transaction_usable(alice):
    # The repeat is caught by the unique constraint; only its own savepoint is rolled back.
    with transaction.atomic():
        first = spend(alice, 20, "generation:7")
        assert spend(alice, 20, "generation:7") == first
        assert spend(alice, 30, "generation:8").balance_after == 50
    assert balance_of(alice) == 50
    assert LedgerEntry.objects.filter(kind="spend").count() == 2


def test_a_repeated_spend_is_still_returned_when_the_balance_is_now_too_low(alice):
    first = spend(alice, 100, "generation:7")
    assert spend(alice, 100, "generation:7") == first
    assert balance_of(alice) == 0


def test_a_repeated_idempotency_key_returns_the_first_spend(alice):
    first = spend(alice, 20, "generation:1", idempotency_key="submit-abc")
    again = spend(alice, 20, "generation:1", idempotency_key="submit-abc")

    assert again == first
    assert balance_of(alice) == 80


def test_an_idempotency_key_cannot_be_reused_for_another_reference(alice):
    spend(alice, 20, "generation:1", idempotency_key="submit-abc")

    with pytest.raises(CreditError, match="already used for a different spend"):
        spend(alice, 20, "generation:2", idempotency_key="submit-abc")
    assert balance_of(alice) == 80


def test_another_users_reference_cannot_be_spent(alice, bob):
    spend(alice, 20, "generation:1")

    with pytest.raises(CreditError, match="already been paid for"):
        spend(bob, 20, "generation:1")
    assert balance_of(bob) == 100


def test_the_same_reference_cannot_be_spent_for_a_different_amount(alice):
    spend(alice, 20, "generation:1")
    with pytest.raises(CreditError):
        spend(alice, 50, "generation:1")
    assert balance_of(alice) == 80


@pytest.mark.parametrize("amount", [0, -5, 2.5, "20", True, None])
def test_it_refuses_amounts_that_are_not_positive_whole_numbers(alice, amount):
    with pytest.raises(CreditError):
        spend(alice, amount)
    assert balance_of(alice) == 100


def test_it_needs_a_reference(alice):
    with pytest.raises(CreditError, match="needs a reference"):
        spend(alice, 20, "")


def test_it_needs_a_reason(alice):
    with pytest.raises(CreditError, match="reason is required"):
        spend_credits(user=alice, amount=20, reason=" ", reference="generation:1")


def test_it_joins_the_callers_transaction(alice):
    from django.db import transaction

    class CallerFailed(Exception):
        pass

    with pytest.raises(CallerFailed), transaction.atomic():
        spend(alice, 20)
        raise CallerFailed

    assert balance_of(alice) == 100
    assert not LedgerEntry.objects.filter(kind="spend").exists()


def test_insufficient_credits_leaves_the_callers_transaction_usable(alice):
    from django.db import transaction

    with transaction.atomic():
        with pytest.raises(InsufficientCredits):
            spend(alice, 500, "generation:1")
        spend(alice, 30, "generation:2")

    assert balance_of(alice) == 70


def test_without_a_savepoint_it_spends_inside_the_callers_transaction(alice):
    with transaction.atomic():
        entry = spend(alice, 20, "generation:1", savepoint=False)
        assert entry.balance_after == 80
    assert balance_of(alice) == 80
    assert LedgerEntry.objects.get(kind="spend") == entry


def test_without_a_savepoint_a_repeat_fails_the_callers_whole_transaction(alice):
    # For callers whose own transaction makes a repeat impossible (start_generation spends for the
    # generation it has just created): a conflict is a bug there, and nothing of it may commit.
    from django.db import IntegrityError

    spend(alice, 20, "generation:7")
    with pytest.raises(IntegrityError), transaction.atomic():
        spend(alice, 30, "generation:8")
        spend(alice, 20, "generation:7", savepoint=False)
    assert balance_of(alice) == 80
    assert LedgerEntry.objects.filter(kind="spend").count() == 1


def test_without_a_savepoint_insufficient_credits_writes_nothing(alice):
    with pytest.raises(InsufficientCredits), transaction.atomic():
        spend(alice, 30, "generation:1", savepoint=False)
        spend(alice, 500, "generation:2", savepoint=False)
    assert balance_of(alice) == 100
    assert not LedgerEntry.objects.filter(kind="spend").exists()
