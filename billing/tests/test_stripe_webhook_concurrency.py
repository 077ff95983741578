"""Stripe delivers at least once and in parallel: the same event can reach two workers at the
same moment. On PostgreSQL, real threads with their own connections race for it."""

import threading

import pytest
from django.db import connection
from django.test import Client

from billing.models import PaidInvoice, StripeEvent
from billing.tests.stripe_fixtures import INVOICE, event_body, post_event
from credits.models import LedgerEntry

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def deliver_concurrently(bodies: list[bytes]) -> list[int]:
    """POST every body from its own thread (and database connection), all released at once."""
    start = threading.Barrier(len(bodies))
    statuses: list[int] = [0] * len(bodies)

    def deliver(index: int, body: bytes) -> None:
        try:
            start.wait()
            statuses[index] = post_event(Client(), body).status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver, args=(i, body)) for i, body in enumerate(bodies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_the_same_purchase_delivered_five_times_at_once_grants_once(stripe_keys, basic_plan, alice):
    checkout = event_body("checkout_session_completed", user=alice)
    invoice = event_body("invoice_paid", user=alice)

    assert deliver_concurrently([checkout] * 5) == [200] * 5
    assert deliver_concurrently([invoice] * 5) == [200] * 5

    [purchase] = LedgerEntry.objects.filter(user=alice, kind="purchase")
    assert purchase.amount == 3000
    assert StripeEvent.objects.count() == 2


def test_checkout_and_invoice_arriving_at_the_same_moment_still_credit_alice_once(
    stripe_keys, basic_plan, alice
):
    checkout = event_body("checkout_session_completed", user=alice)
    invoice = event_body("invoice_paid", user=alice)

    assert deliver_concurrently([checkout, invoice] * 3) == [200] * 6

    [purchase] = LedgerEntry.objects.filter(user=alice, kind="purchase")
    assert purchase.amount == 3000
    assert PaidInvoice.objects.get(invoice_id=INVOICE).credited_at is not None
