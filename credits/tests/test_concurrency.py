"""Money paths under real concurrency: threads, each with its own PostgreSQL connection,
released together by a barrier. Each scenario runs several times so a rare race shows up."""

import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connections

from credits.actions import (
    CreditError,
    InsufficientCredits,
    grant_credits,
    refund_credits,
    spend_credits,
    top_up_credits,
)
from credits.models import LedgerEntry, balance_of
from credits.tests.conftest import ledger_sum

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROUNDS = range(5)  # the two scenarios of issue 3
FEWER_ROUNDS = range(3)


def run_together(count, work):
    """Runs work(i) in `count` threads started at the same moment; returns each result
    or the exception it raised."""
    barrier = threading.Barrier(count)
    results = [None] * count

    def thread(i):
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as error:  # collected and asserted on by the test
            results[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=thread, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def assert_ledger_clean():
    out = StringIO()
    call_command("check_ledger", stdout=out)
    assert out.getvalue().strip() == "Ledger consistent"


@pytest.mark.parametrize("round_", ROUNDS)
def test_fifty_spends_of_ten_from_a_hundred_succeed_exactly_ten_times(alice, round_):
    results = run_together(
        50,
        lambda i: spend_credits(
            user=alice, amount=10, reason="META Copy generation", reference=f"generation:{i}"
        ),
    )

    spends = [r for r in results if isinstance(r, LedgerEntry)]
    refused = [r for r in results if isinstance(r, InsufficientCredits)]
    assert len(spends) == 10
    assert len(refused) == 40
    assert balance_of(alice) == 0
    assert ledger_sum(alice) == 0
    assert sorted(e.balance_after for e in spends) == list(range(0, 100, 10))
    assert_ledger_clean()


@pytest.mark.parametrize("round_", ROUNDS)
def test_spends_and_refunds_interleaved_keep_the_ledger_exact(alice, round_):
    for n in range(5):
        spend_credits(user=alice, amount=10, reason="META Copy generation", reference=f"earlier:{n}")

    def work(i):
        if i % 2:  # 25 threads refund the five earlier spends, five threads each
            return refund_credits(user=alice, reference=f"earlier:{i % 5}", reason="Refund")
        return spend_credits(user=alice, amount=10, reason="META Copy generation", reference=f"new:{i}")

    results = run_together(50, work)

    errors = [r for r in results if isinstance(r, Exception) and not isinstance(r, InsufficientCredits)]
    assert errors == []
    refunds = LedgerEntry.objects.filter(kind="refund")
    assert refunds.count() == 5
    for refund in refunds:  # every thread refunding a reference got the one refund
        same_reference = [
            r for i, r in enumerate(results) if i % 2 and f"earlier:{i % 5}" == refund.reference
        ]
        assert {r.pk for r in same_reference} == {refund.pk}
    new_spends = LedgerEntry.objects.filter(kind="spend", reference__startswith="new:").count()
    assert 5 <= new_spends <= 10
    assert balance_of(alice) == 100 - 50 - 10 * new_spends + 50
    assert balance_of(alice) == ledger_sum(alice) >= 0
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_the_same_spend_sent_twenty_times_at_once_is_charged_once(alice, round_):
    results = run_together(
        20,
        lambda i: spend_credits(
            user=alice,
            amount=30,
            reason="META Creative generation",
            reference="generation:1",
            idempotency_key="k",
        ),
    )

    assert all(isinstance(r, LedgerEntry) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert balance_of(alice) == 70
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_the_same_refund_sent_twenty_times_at_once_refunds_once(alice, round_):
    spend_credits(user=alice, amount=80, reason="META Creative generation", reference="generation:1")

    results = run_together(
        20, lambda i: refund_credits(user=alice, reference="generation:1", reason="Refund")
    )

    assert all(isinstance(r, LedgerEntry) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert balance_of(alice) == 100
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_the_same_grant_sent_twenty_times_at_once_grants_once(alice, round_):
    results = run_together(
        20,
        lambda i: grant_credits(
            user=alice, amount=1000, reason="Starter plan", kind="purchase", idempotency_key="invoice:in_1"
        ),
    )

    assert all(isinstance(r, LedgerEntry) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert balance_of(alice) == 1100
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_first_grants_racing_for_a_new_balance_row_all_land(django_user_model, round_):
    # bulk_create sends no post_save: this user has no balance row yet.
    [user] = django_user_model.objects.bulk_create([django_user_model(email="new@example.com")])

    results = run_together(
        20, lambda i: grant_credits(user=user, amount=5, reason="Bonus", idempotency_key=f"bonus:{i}")
    )

    assert all(isinstance(r, LedgerEntry) for r in results), results
    assert balance_of(user) == 100
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_corrections_racing_spends_never_go_below_zero(alice, round_):
    def work(i):
        if i % 2:
            return grant_credits(
                user=alice, amount=-10, reason="Correction", kind="adjustment", idempotency_key=f"fix:{i}"
            )
        return spend_credits(
            user=alice, amount=10, reason="META Copy generation", reference=f"generation:{i}"
        )

    results = run_together(30, work)

    succeeded = [r for r in results if isinstance(r, LedgerEntry)]
    refused = [r for r in results if isinstance(r, InsufficientCredits | CreditError)]
    assert len(succeeded) == 10 and len(refused) == 20
    assert balance_of(alice) == 0
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_the_same_correction_sent_twenty_times_at_once_applies_once(alice, round_):
    results = run_together(
        20,
        lambda i: grant_credits(
            user=alice, amount=-100, reason="Correction", kind="adjustment", idempotency_key="fix:1"
        ),
    )

    assert all(isinstance(r, LedgerEntry) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert balance_of(alice) == 0
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_the_same_top_up_sent_twenty_times_at_once_grants_once(alice, round_):
    spend_credits(user=alice, amount=70, reason="META Copy generation", reference="generation:1")

    results = run_together(
        20,
        lambda i: top_up_credits(
            user=alice, to=100, reason="Free plan: monthly credits", idempotency_key="free-monthly:1:1"
        ),
    )

    assert all(isinstance(r, LedgerEntry) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert results[0].amount == 70
    assert balance_of(alice) == 100
    assert_ledger_clean()


@pytest.mark.parametrize("round_", FEWER_ROUNDS)
def test_top_ups_racing_spends_never_lift_the_balance_above_the_target(alice, round_):
    def work(i):
        if i % 3 == 0:  # ten top-ups, each with its own key (as if ten months had passed)
            return top_up_credits(
                user=alice, to=100, reason="Free plan: monthly credits", idempotency_key=f"top-up:{i}"
            )
        return spend_credits(
            user=alice, amount=10, reason="META Copy generation", reference=f"generation:{i}"
        )

    results = run_together(30, work)

    errors = [r for r in results if isinstance(r, Exception) and not isinstance(r, InsufficientCredits)]
    assert errors == []
    top_ups = LedgerEntry.objects.filter(idempotency_key__startswith="top-up:")
    # Each top-up left exactly the target: it read the balance under the lock it granted under.
    assert {entry.balance_after for entry in top_ups} <= {100}
    spent = -sum(LedgerEntry.objects.filter(kind="spend").values_list("amount", flat=True))
    assert balance_of(alice) == 100 + sum(entry.amount for entry in top_ups) - spent
    assert 0 <= balance_of(alice) <= 100
    assert_ledger_clean()
