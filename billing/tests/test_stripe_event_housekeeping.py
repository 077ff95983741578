"""billing.housekeeping.clear_old_stripe_event_payloads, run by `manage.py housekeeping`: a
processed event's payload goes once it is older than the retention; its row stays, because the
row's id is what stops Stripe's replays from taking effect twice. Events not yet processed (failed,
waiting for Stripe's retry) keep their payloads."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from billing.housekeeping import STRIPE_EVENT_PAYLOADS_KEPT_DAYS, clear_old_stripe_event_payloads
from billing.models import StripeEvent
from billing.tests.stripe_fixtures import INVOICE, event_body, post_event
from credits.models import balance_of

pytestmark = pytest.mark.django_db


def stored_event(event_id: str, *, received_days_ago: float, processed: bool = True) -> StripeEvent:
    received = timezone.now() - timedelta(days=received_days_ago)
    event = StripeEvent.objects.create(
        id=event_id,
        type="invoice.paid",
        payload={"id": event_id, "data": {"object": {"id": INVOICE}}},
        created=received,
        processed_at=received if processed else None,
        error="" if processed else "KeyError('id')",
    )
    # received_at is set on insert; move it back to when the event came in.
    StripeEvent.objects.filter(pk=event_id).update(received_at=received)
    return event


def payload_of(event_id: str) -> dict:
    return StripeEvent.objects.get(pk=event_id).payload


def test_payloads_of_processed_events_past_the_retention_are_cleared_and_the_rows_kept():
    stored_event("evt_old", received_days_ago=STRIPE_EVENT_PAYLOADS_KEPT_DAYS + 1)
    stored_event("evt_recent", received_days_ago=STRIPE_EVENT_PAYLOADS_KEPT_DAYS - 1)

    assert clear_old_stripe_event_payloads(now=timezone.now()) == 1

    old = StripeEvent.objects.get(pk="evt_old")
    assert old.payload == {}
    assert (old.type, old.processed_at is not None) == ("invoice.paid", True)
    assert payload_of("evt_recent")["data"]["object"]["id"] == INVOICE


def test_an_unprocessed_event_keeps_its_payload_however_old():
    stored_event("evt_failed", received_days_ago=365, processed=False)

    assert clear_old_stripe_event_payloads(now=timezone.now()) == 0

    assert payload_of("evt_failed")["id"] == "evt_failed"


def test_a_cleared_payload_is_not_counted_again():
    stored_event("evt_old", received_days_ago=90)
    assert clear_old_stripe_event_payloads(now=timezone.now()) == 1
    assert clear_old_stripe_event_payloads(now=timezone.now()) == 0


def test_it_clears_a_backlog_larger_than_one_batch():
    for number in range(5):
        stored_event(f"evt_old_{number}", received_days_ago=60)
    assert clear_old_stripe_event_payloads(now=timezone.now(), batch_size=2) == 5
    assert list(StripeEvent.objects.values_list("payload", flat=True)) == [{}] * 5


def test_a_replay_of_an_event_whose_payload_was_cleared_is_recognised_and_changes_nothing(
    client, stripe_keys, basic_plan, alice
):
    for name in ("checkout_session_completed", "invoice_paid"):
        assert post_event(client, event_body(name, user=alice)).status_code == 200
    long_ago = timezone.now() - timedelta(days=STRIPE_EVENT_PAYLOADS_KEPT_DAYS + 5)
    StripeEvent.objects.update(received_at=long_ago, processed_at=long_ago)
    clear_old_stripe_event_payloads(now=timezone.now())
    balance = balance_of(alice)

    assert post_event(client, event_body("invoice_paid", user=alice)).status_code == 200

    assert balance_of(alice) == balance
    # The kept row answered the replay: not applied again, not stored again.
    assert list(StripeEvent.objects.values_list("payload", "processed_at")) == [({}, long_ago)] * 2


def test_manage_py_housekeeping_clears_them_and_says_so(capsys):
    stored_event("evt_old", received_days_ago=STRIPE_EVENT_PAYLOADS_KEPT_DAYS + 1)

    call_command("housekeeping")

    assert "1 Stripe event payload(s) cleared" in capsys.readouterr().out
    assert payload_of("evt_old") == {}
