import json
import time

import pytest

from billing.models import PaidInvoice, Plan, StripeCustomer, StripeEvent, Subscription
from billing.tests.stripe_fixtures import (
    CUSTOMER,
    INVOICE,
    SUBSCRIPTION,
    event_body,
    post_event,
    sign,
)
from credits.models import LedgerEntry, balance_of

pytestmark = pytest.mark.django_db

SIGNUP_AND_BASIC = 3000  # the Basic plan's monthly credits


def deliver(client, *names, user=None):
    for name in names:
        response = post_event(client, event_body(name, user=user))
        assert response.status_code == 200, (name, response.content)


def purchases(user):
    return list(LedgerEntry.objects.filter(user=user, kind="purchase"))


def test_a_full_purchase_links_alice_and_grants_the_plan_credits_once(client, stripe_keys, basic_plan, alice):
    before = balance_of(alice)

    deliver(
        client,
        "customer_created",
        "customer_subscription_created",
        "checkout_session_completed",
        "customer_subscription_updated_active",
        "invoice_paid",
        user=alice,
    )

    assert StripeCustomer.objects.get(customer_id=CUSTOMER).user == alice
    subscription = Subscription.objects.get(subscription_id=SUBSCRIPTION)
    assert (subscription.user, subscription.status, subscription.plan) == (alice, "active", basic_plan)
    assert subscription.cancel_at_period_end is False
    assert int(subscription.current_period_end.timestamp()) == 1766322000
    assert Plan.objects.current_for(alice) == basic_plan
    [purchase] = purchases(alice)
    assert (purchase.amount, purchase.reference) == (3000, INVOICE)
    assert purchase.idempotency_key == f"stripe-invoice:{INVOICE}"
    assert balance_of(alice) == before + 3000
    recorded = PaidInvoice.objects.get(invoice_id=INVOICE)
    assert (recorded.number, recorded.amount_paid, recorded.currency) == ("4F2C1A7B-0001", 4999, "usd")


def test_each_event_is_stored_for_staff_with_its_payload(client, stripe_keys, basic_plan, alice):
    deliver(client, "checkout_session_completed", "invoice_paid", user=alice)

    event = StripeEvent.objects.get(id="evt_1SVqK1LkdIwHu7ixInvPaid01")
    assert event.type == "invoice.paid"
    assert event.payload["data"]["object"]["id"] == INVOICE
    assert event.processed_at is not None and event.error == ""
    assert int(event.created.timestamp()) == 1763730059


def test_the_same_events_replayed_five_times_grant_once(client, stripe_keys, basic_plan, alice):
    for _ in range(5):
        deliver(
            client,
            "checkout_session_completed",
            "invoice_paid",
            "customer_subscription_updated_active",
            user=alice,
        )

    assert len(purchases(alice)) == 1
    assert StripeEvent.objects.count() == 3
    assert PaidInvoice.objects.get(invoice_id=INVOICE).credited_at is not None


def test_an_invoice_paid_before_checkout_completed_is_granted_when_the_checkout_arrives(
    client, stripe_keys, basic_plan, alice
):
    deliver(client, "invoice_paid", "customer_subscription_updated_active", user=alice)
    assert purchases(alice) == []
    assert PaidInvoice.objects.get(invoice_id=INVOICE).user is None
    assert Plan.objects.current_for(alice).id == "free"

    deliver(client, "checkout_session_completed", user=alice)

    [purchase] = purchases(alice)
    assert purchase.amount == 3000
    assert Subscription.objects.get(subscription_id=SUBSCRIPTION).user == alice
    assert Plan.objects.current_for(alice) == basic_plan


def test_an_older_subscription_event_arriving_late_changes_nothing(client, stripe_keys, basic_plan, alice):
    deliver(client, "checkout_session_completed", "customer_subscription_updated_active", user=alice)
    deliver(client, "customer_subscription_created", user=alice)  # created earlier, status 'incomplete'

    assert Subscription.objects.get(subscription_id=SUBSCRIPTION).status == "active"


def test_a_cancel_at_period_end_update_keeps_the_plan_until_the_period_ends(
    client, stripe_keys, basic_plan, alice
):
    deliver(
        client,
        "checkout_session_completed",
        "customer_subscription_updated_active",
        "customer_subscription_updated_cancel",
        user=alice,
    )

    subscription = Subscription.objects.get(subscription_id=SUBSCRIPTION)
    assert subscription.cancel_at_period_end is True
    assert subscription.status == "active"
    assert Plan.objects.current_for(alice) == basic_plan


def test_deletion_puts_alice_back_on_free(client, stripe_keys, basic_plan, alice):
    deliver(
        client,
        "checkout_session_completed",
        "customer_subscription_updated_active",
        "customer_subscription_deleted",
        user=alice,
    )

    assert Subscription.objects.get(subscription_id=SUBSCRIPTION).status == "canceled"
    assert Plan.objects.current_for(alice).id == "free"


def test_a_late_update_cannot_revive_a_deleted_subscription(client, stripe_keys, basic_plan, alice):
    deliver(client, "checkout_session_completed", "customer_subscription_deleted", user=alice)
    deliver(
        client, "customer_subscription_updated_cancel", "customer_subscription_updated_active", user=alice
    )

    assert Subscription.objects.get(subscription_id=SUBSCRIPTION).status == "canceled"
    assert Plan.objects.current_for(alice).id == "free"


def test_unknown_events_are_acknowledged_and_stored(client, stripe_keys, alice):
    body = json.dumps(
        {
            "id": "evt_1SVqZZLkdIwHu7ixPayout01",
            "object": "event",
            "type": "payout.paid",
            "created": 1763730000,
            "data": {"object": {"id": "po_1SVqZZ", "object": "payout"}},
        }
    ).encode()

    assert post_event(client, body).status_code == 200
    assert StripeEvent.objects.get(id="evt_1SVqZZLkdIwHu7ixPayout01").processed_at is not None


def invoice_paid_as(user, *, event_id: str, invoice_id: str, **changes) -> bytes:
    """The recorded invoice.paid with its amounts (and ids) changed, as Stripe would send it."""
    event = json.loads(event_body("invoice_paid", user=user))
    event["id"] = event_id
    invoice = event["data"]["object"]
    invoice.update(id=invoice_id, **changes)
    line = invoice["lines"]["data"][0]
    line["amount"] = changes.get("subtotal", line["amount"])
    return json.dumps(event).encode()


def test_a_trial_invoice_grants_no_credits_and_the_first_paid_period_does(
    client, stripe_keys, basic_plan, alice
):
    """A Payment Link with a trial: Stripe invoices the trial at a subtotal of 0 and marks it paid."""
    deliver(client, "checkout_session_completed", user=alice)
    trial = invoice_paid_as(
        alice, event_id="evt_trial", invoice_id="in_trial", subtotal=0, total=0, amount_due=0, amount_paid=0
    )

    assert post_event(client, trial).status_code == 200
    assert purchases(alice) == []
    assert PaidInvoice.objects.get(invoice_id="in_trial").credited_at is not None  # settled, not waiting

    deliver(client, "invoice_paid", user=alice)  # the first period Stripe charges for
    assert [(p.amount, p.reference) for p in purchases(alice)] == [(SIGNUP_AND_BASIC, INVOICE)]


def test_an_invoice_a_coupon_paid_in_full_grants_the_plan_credits(client, stripe_keys, basic_plan, alice):
    """A 100 % coupon: the subtotal is the plan's price, the total 0. The discount is the seller's
    choice; the period is the plan's."""
    deliver(client, "checkout_session_completed", user=alice)
    coupon = invoice_paid_as(
        alice,
        event_id="evt_coupon",
        invoice_id="in_coupon",
        subtotal=4999,
        total=0,
        amount_due=0,
        amount_paid=0,
    )

    assert post_event(client, coupon).status_code == 200
    assert [(p.amount, p.reference) for p in purchases(alice)] == [(SIGNUP_AND_BASIC, "in_coupon")]


def test_an_invoice_for_a_price_no_plan_sells_grants_nothing(client, stripe_keys, alice):
    deliver(client, "checkout_session_completed", "invoice_paid", user=alice)

    assert purchases(alice) == []
    assert PaidInvoice.objects.get(invoice_id=INVOICE).plan is None


def test_the_price_id_from_the_environment_wins(client, stripe_keys, alice, settings):
    settings.STRIPE_PLAN_PRICE_IDS = {
        **settings.STRIPE_PLAN_PRICE_IDS,
        "starter": "price_1SVo2kLkdIwHu7ixBasic4999",
    }

    deliver(client, "checkout_session_completed", "invoice_paid", user=alice)

    [purchase] = purchases(alice)
    assert purchase.amount == 1000  # the Starter plan's credits


def test_a_checkout_without_a_known_user_links_nothing(client, stripe_keys, basic_plan, alice):
    deliver(client, "checkout_session_completed", "invoice_paid")  # client_reference_id is empty

    assert StripeCustomer.objects.count() == 0
    assert purchases(alice) == []


@pytest.mark.parametrize(
    "signature",
    [
        pytest.param(lambda body: sign(body, secret="whsec_someone_else"), id="wrong secret"),
        pytest.param(lambda body: sign(body + b" "), id="body changed after signing"),
        pytest.param(lambda body: sign(body, timestamp=int(time.time()) - 301), id="stale timestamp"),
        pytest.param(lambda body: "", id="no signature"),
        pytest.param(lambda body: "t=abc,v1=zz", id="garbage"),
    ],
)
def test_a_bad_or_stale_signature_is_refused_and_changes_nothing(
    client, stripe_keys, basic_plan, alice, signature
):
    body = event_body("checkout_session_completed", user=alice)

    response = post_event(client, body, signature=signature(body))

    assert response.status_code == 400
    assert StripeEvent.objects.count() == 0
    assert StripeCustomer.objects.count() == 0


def test_webhooks_are_refused_while_no_signing_secret_is_configured(client, stripe_keys, alice):
    stripe_keys.STRIPE_WEBHOOK_SECRET = ""
    body = event_body("checkout_session_completed", user=alice)

    assert post_event(client, body).status_code == 400
    assert StripeEvent.objects.count() == 0


def test_only_post_is_allowed(client, stripe_keys):
    assert client.get("/billing/stripe/webhook/").status_code == 405


def test_an_event_that_cannot_be_applied_is_stored_with_its_error_and_retried_by_stripe(
    client, stripe_keys, alice
):
    broken = json.dumps(
        {
            "id": "evt_1SVqYYLkdIwHu7ixBroken01",
            "object": "event",
            "type": "invoice.paid",
            "created": 1763730000,
            "data": {"object": {"object": "invoice"}},
        }  # no invoice id
    ).encode()

    assert post_event(client, broken).status_code == 500

    stored = StripeEvent.objects.get(id="evt_1SVqYYLkdIwHu7ixBroken01")
    assert stored.processed_at is None
    assert "KeyError" in stored.error


EVENT = {
    "id": "evt_1SVqXXLkdIwHu7ixShape01",
    "object": "event",
    "type": "invoice.paid",
    "created": 1763730000,
    "data": {"object": {"id": "in_1SVqXX", "object": "invoice"}},
}


@pytest.mark.parametrize(
    "body",
    [
        pytest.param("[]", id="a JSON array"),
        pytest.param(json.dumps([EVENT]), id="an array of events"),
        pytest.param('"invoice.paid"', id="a string"),
        pytest.param("5", id="a number"),
        pytest.param("null", id="null"),
        pytest.param("{not json", id="not JSON"),
        pytest.param("[" * 5000 + "]" * 5000, id="nested deeper than Python recurses"),
        pytest.param(json.dumps({**EVENT, "id": ["evt_1"]}), id="an id that is not text"),
        pytest.param(json.dumps({**EVENT, "id": "evt_" + "x" * 300}), id="an id longer than Stripe's"),
        pytest.param(json.dumps({**EVENT, "type": None}), id="no type"),
        pytest.param(json.dumps({**EVENT, "data": [EVENT["data"]]}), id="data that is a list"),
        pytest.param(json.dumps({**EVENT, "data": {"object": "in_1SVqXX"}}), id="an object that is text"),
        pytest.param(json.dumps({**EVENT, "created": "yesterday"}), id="a created time that is text"),
        pytest.param(json.dumps({**EVENT, "created": 10**20}), id="a created time past any calendar"),
    ],
)
def test_a_correctly_signed_body_that_is_no_stripe_event_is_refused_with_a_400(client, stripe_keys, body):
    response = post_event(client, body.encode())

    assert (response.status_code, response.content) == (400, b"Not a Stripe event")
    assert StripeEvent.objects.count() == 0


def test_a_body_that_is_not_utf8_is_refused_as_unsigned(client, stripe_keys):
    response = post_event(client, b"\xff\xfe{}")

    assert (response.status_code, response.content) == (400, b"Invalid Stripe signature")
