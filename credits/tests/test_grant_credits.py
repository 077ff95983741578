import pytest

from credits.actions import MAX_AMOUNT, MAX_BALANCE, CreditError, grant_credits, refund_credits, spend_credits
from credits.models import LedgerEntry, balance_of


def grant(user, amount=500, key="grant:1", **extra):
    return grant_credits(user=user, amount=amount, reason="Goodwill credits", idempotency_key=key, **extra)


def test_it_adds_credits_and_writes_a_grant_entry(alice, assert_consistent):
    entry = grant(alice, 500)

    assert balance_of(alice) == 600
    assert (entry.kind, entry.amount, entry.balance_after) == ("grant", 500, 600)
    assert entry.idempotency_key == "grant:1"
    assert_consistent(alice)


def test_a_repeated_key_returns_the_first_grant_and_changes_nothing(alice):
    first = grant(alice, 500, "invoice:in_123", kind="purchase")

    again = grant(alice, 500, "invoice:in_123", kind="purchase")

    assert again == first
    assert (first.replayed, again.replayed) == (False, True)  # so a caller can say nothing changed
    assert balance_of(alice) == 600
    assert LedgerEntry.objects.filter(idempotency_key="invoice:in_123").count() == 1


def test_a_key_reused_for_a_different_grant_is_refused(alice, bob):
    grant(alice, 500, "invoice:in_123")

    with pytest.raises(CreditError, match="already used for a different credit operation"):
        grant(bob, 500, "invoice:in_123")
    with pytest.raises(CreditError):
        grant(alice, 600, "invoice:in_123")

    assert balance_of(alice) == 600
    assert balance_of(bob) == 100


def test_it_records_the_reference_and_who_granted(alice, staff):
    entry = grant(alice, 1000, "invoice:in_9", kind="purchase", reference="in_9", created_by=staff)

    assert (entry.kind, entry.reference, entry.created_by) == ("purchase", "in_9", staff)


def test_it_creates_the_balance_row_for_a_user_without_one(django_user_model):
    [user] = django_user_model.objects.bulk_create([django_user_model(email="nobody@example.com")])

    grant(user, 30)

    assert balance_of(user) == 30


def test_a_negative_adjustment_removes_credits(alice):
    entry = grant(alice, -40, kind="adjustment")

    assert (entry.kind, entry.amount, entry.balance_after) == ("adjustment", -40, 60)
    assert balance_of(alice) == 60


def test_a_negative_adjustment_below_zero_is_refused(alice):
    with pytest.raises(CreditError, match="the balance is 100 and cannot go below zero"):
        grant(alice, -101, kind="adjustment")

    assert balance_of(alice) == 100
    assert not LedgerEntry.objects.filter(kind="adjustment").exists()


def fill_to_just_below_the_cap(user):
    """Grants of the largest amount until one more would pass MAX_BALANCE."""
    for n in range((MAX_BALANCE - balance_of(user)) // MAX_AMOUNT):
        grant(user, MAX_AMOUNT, f"fill:{n}")
    return balance_of(user)


def test_a_grant_past_the_largest_balance_is_refused_with_a_clear_message(alice, assert_consistent):
    # PostgreSQL's integer column would overflow at 2,147,483,647 with a raw error.
    balance = fill_to_just_below_the_cap(alice)
    assert MAX_BALANCE - MAX_AMOUNT < balance <= MAX_BALANCE

    with pytest.raises(CreditError, match=f"the balance is {balance:,} and can be at most 1,000,000,000"):
        grant(alice, MAX_AMOUNT, "one-too-many")

    assert balance_of(alice) == balance
    assert not LedgerEntry.objects.filter(idempotency_key="one-too-many").exists()
    grant(alice, MAX_BALANCE - balance, "up-to-the-cap")
    assert balance_of(alice) == MAX_BALANCE
    assert_consistent(alice)


def test_a_refund_is_never_refused_for_the_largest_balance(alice, assert_consistent):
    spend_credits(user=alice, amount=80, reason="Meta Creative", reference="generation:1")
    fill_to_just_below_the_cap(alice)
    grant(alice, MAX_BALANCE - balance_of(alice), "up-to-the-cap")

    refund_credits(user=alice, reference="generation:1", reason="Refund: failed")

    assert balance_of(alice) == MAX_BALANCE + 80
    assert_consistent(alice)


@pytest.mark.parametrize("kind", ["grant", "purchase"])
def test_only_adjustments_may_be_negative(alice, kind):
    with pytest.raises(CreditError):
        grant(alice, -10, kind=kind)


@pytest.mark.parametrize("kind", ["spend", "refund", "bonus"])
def test_it_refuses_kinds_that_are_not_grants(alice, kind):
    with pytest.raises(CreditError):
        grant(alice, 10, kind=kind)


@pytest.mark.parametrize("key", ["", "   "])
def test_it_needs_an_idempotency_key(alice, key):
    with pytest.raises(CreditError, match="idempotency key"):
        grant(alice, 10, key=key)


def test_a_reason_longer_than_the_ledger_keeps_is_refused_with_that_limit(alice):
    with pytest.raises(CreditError, match="The reason must be at most 250 characters."):
        grant_credits(user=alice, amount=1, reason="x" * 251, idempotency_key="long-reason")


def test_it_refuses_absurd_amounts(alice):
    with pytest.raises(CreditError, match="at most 10,000,000"):
        grant(alice, 10_000_001)


@pytest.mark.parametrize(
    "reason",
    ["a\x01b", "Line one\nline two", "a\tb", "a\x7fb", "a\x85b", "a\ud800b", "rtl \u202eevil", "a\u2067b"],
)
def test_a_reason_with_control_characters_is_refused_as_the_user_would_see_it(alice, reason):
    with pytest.raises(CreditError, match="The reason cannot contain control characters or line breaks"):
        grant_credits(user=alice, amount=1, reason=reason, idempotency_key="control")
    assert balance_of(alice) == 100


def test_a_reason_in_any_script_with_emoji_is_fine(alice):
    entry = grant_credits(
        user=alice, amount=1, reason="Merci — شكرا 👩\u200d💻", idempotency_key="any-script"
    )
    assert entry.reason == "Merci — شكرا 👩\u200d💻"
