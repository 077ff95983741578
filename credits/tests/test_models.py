import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models import RestrictedError

from credits.actions import grant_credits, spend_credits
from credits.models import AppendOnlyError, CreditBalance, LedgerEntry, balance_of


def test_balance_of_is_zero_for_anonymous_users_and_users_without_a_row(django_user_model, db):
    from django.contrib.auth.models import AnonymousUser

    [user] = django_user_model.objects.bulk_create([django_user_model(email="nobody@example.com")])
    assert balance_of(user) == 0
    assert balance_of(AnonymousUser()) == 0


def test_a_ledger_entry_cannot_be_edited(alice):
    entry = LedgerEntry.objects.for_user(alice).get()
    entry.amount = 1_000_000

    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.filter(pk=entry.pk).update(amount=1_000_000)
    assert LedgerEntry.objects.get(pk=entry.pk).amount == 100


def test_a_ledger_entry_cannot_be_deleted(alice):
    entry = LedgerEntry.objects.for_user(alice).get()

    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.all().delete()
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()


def test_deleting_an_account_removes_its_balance_and_ledger_together(alice, bob):
    alice.delete()

    assert not LedgerEntry.objects.filter(user_id=alice.pk).exists()
    assert not CreditBalance.objects.filter(user_id=alice.pk).exists()
    assert balance_of(bob) == 100


def test_a_staff_member_who_granted_credits_cannot_be_deleted(alice, staff):
    grant_credits(user=alice, amount=5, reason="Thanks", idempotency_key="k", created_by=staff)

    with pytest.raises(RestrictedError):
        staff.delete()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's planner and index sizes")
def test_entries_by_a_staff_member_are_found_through_an_index_that_holds_only_theirs(alice, staff):
    grant_credits(user=alice, amount=5, reason="Thanks", idempotency_key="k", created_by=staff)
    spend_credits(user=alice, amount=1, reason="Meta Copy", reference="generation:1", idempotency_key="s")
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'ledger_created_by'")
        assert cursor.fetchone()[0].endswith("WHERE (created_by_id IS NOT NULL)")
    with transaction.atomic(), connection.cursor() as cursor:
        # The lookup deleting a staff account makes (RESTRICT), with a sequential scan ruled out.
        cursor.execute("SET LOCAL enable_seqscan = off")
        plan = LedgerEntry.objects.filter(created_by__in=[staff.pk]).explain()
    assert "ledger_created_by" in plan
    assert LedgerEntry.objects.filter(created_by=staff).count() == 1


def test_the_database_refuses_a_negative_balance(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        CreditBalance.objects.filter(user=alice).update(balance=-1)


def test_the_database_refuses_a_second_spend_of_a_reference(alice, bob):
    spend_credits(user=alice, amount=10, reason="META Copy generation", reference="generation:1")

    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(
            user=bob, amount=-10, kind="spend", reason="x", reference="generation:1", balance_after=90
        )


def test_the_database_refuses_a_second_refund_of_a_reference(alice):
    fields = {
        "user": alice,
        "kind": "refund",
        "reason": "x",
        "reference": "generation:1",
        "balance_after": 110,
    }
    LedgerEntry.objects.create(amount=10, **fields)

    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(amount=10, **fields)


def test_the_database_refuses_a_repeated_idempotency_key(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(
            user=alice,
            amount=5,
            kind="grant",
            reason="x",
            idempotency_key=f"signup:{alice.pk}",
            balance_after=105,
        )


@pytest.mark.parametrize(
    ("kind", "amount"),
    [("spend", 10), ("grant", -10), ("refund", -10), ("purchase", 0), ("adjustment", 0), ("bonus", 10)],
)
def test_the_database_refuses_an_amount_whose_sign_does_not_match_its_kind(alice, kind, amount):
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(
            user=alice, amount=amount, kind=kind, reason="x", reference="generation:9", balance_after=100
        )


def test_the_database_refuses_a_spend_without_a_reference(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(user=alice, amount=-10, kind="spend", reason="x", balance_after=90)


def test_signed_amount_uses_a_real_minus_sign_and_thousands_separators(alice):
    entry = spend_credits(user=alice, amount=20, reason="META Copy generation", reference="generation:1")
    assert entry.signed_amount == "\u221220"
    assert LedgerEntry.objects.for_user(alice).get(kind="grant").signed_amount == "+100"
    assert LedgerEntry(amount=12_500).signed_amount == "+12,500"
