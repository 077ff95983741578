"""invoice.paid after a plan change: the invoice is credited with the plan it pays for, whatever
order Stripe lists its proration lines in. Recorded shapes: Basic → Pro invoiced at once
(proration_behavior=always_invoice), the renewal that carries the prorations of a change made
with the default create_prorations, and Pro → Basic invoiced at once (nothing charged)."""

import pytest

from billing.actions import apply_stripe_event
from billing.models import PaidInvoice
from billing.tests.stripe_fixtures import fixture
from credits.models import LedgerEntry, balance_of

pytestmark = pytest.mark.django_db


def purchases(user) -> list[tuple[int, str, str]]:
    return list(
        LedgerEntry.objects.filter(user=user, kind="purchase")
        .order_by("created_at", "pk")
        .values_list("amount", "reason", "reference")
    )


def as_older_api_version(event: dict) -> dict:
    """The same invoice as API versions before 2025-03-31 sent it: line.price and line.proration."""
    for line in event["data"]["object"]["lines"]["data"]:
        details = line.pop("parent")["subscription_item_details"]
        line["price"] = {"id": line.pop("pricing")["price_details"]["price"], "object": "price"}
        line["proration"] = details["proration"]
        line["type"] = "invoiceitem" if details["proration"] else "subscription"
    return event


@pytest.fixture(params=["current API", "older API"])
def recorded(request):
    """Loads a recorded event in each API version's shape."""

    def load(name: str) -> dict:
        event = fixture(name)
        return as_older_api_version(event) if request.param == "older API" else event

    return load


def test_an_upgrade_invoice_grants_the_new_plans_credits_in_proportion_to_what_it_charged(
    alice_subscribed, alice, pro_plan, recorded
):
    """Its lines are 'Unused time on Basic' (first, negative) and 'Remaining time on Pro'; it
    charged $50.00 of Pro's $149.99: a third of Pro's month, so a third of its credits."""
    apply_stripe_event(event=recorded("invoice_paid_upgrade"))

    assert purchases(alice)[1:] == [
        (3333, "Pro plan: credits for the rest of this period", "in_1SWAa0LkdIwHu7ixUpgr4dPr")
    ]
    paid = PaidInvoice.objects.get(invoice_id="in_1SWAa0LkdIwHu7ixUpgr4dPr")
    assert (paid.plan, paid.price_id, paid.amount_paid) == (pro_plan, pro_plan.price_id, 5000)
    assert paid.billing_reason == "subscription_update"


def test_upgrading_and_downgrading_again_buys_no_more_than_was_paid_for(
    alice_subscribed, alice, pro_plan, recorded
):
    for _ in range(2):  # the same change made twice: each invoice its own
        for name in ("invoice_paid_upgrade", "invoice_paid_downgrade"):
            event = recorded(name)
            event["id"] = f"{event['id']}_{_}"
            event["data"]["object"]["id"] = f"{event['data']['object']['id']}_{_}"
            apply_stripe_event(event=event)

    assert [amount for amount, _, _ in purchases(alice)[1:]] == [3333, 3333]  # 2 × $50 of Pro's $149.99


def test_a_renewal_carrying_the_prorations_of_a_change_grants_the_new_plans_credits(
    alice_subscribed, alice, pro_plan, recorded
):
    """Its lines are the two prorations (Basic first), then the new period's Pro line."""
    apply_stripe_event(event=recorded("invoice_paid_renewal_with_prorations"))

    assert purchases(alice)[1:] == [(10000, "Pro plan: monthly credits", "in_1SXbc0LkdIwHu7ixRenewPro")]
    assert PaidInvoice.objects.get(invoice_id="in_1SXbc0LkdIwHu7ixRenewPro").plan == pro_plan


def test_a_downgrade_that_charged_nothing_grants_no_credits(alice_subscribed, alice, pro_plan, recorded):
    before = balance_of(alice)

    apply_stripe_event(event=recorded("invoice_paid_downgrade"))

    assert balance_of(alice) == before
    assert len(purchases(alice)) == 1  # Basic's, when she subscribed
    paid = PaidInvoice.objects.get(invoice_id="in_1SWBb0LkdIwHu7ixDowngr4d")
    assert paid.credited_at is not None  # settled: nothing waits for a link either


def test_a_downgrade_paid_before_the_checkout_was_linked_grants_nothing_later(
    basic_plan, pro_plan, alice, stripe_keys
):
    apply_stripe_event(event=fixture("invoice_paid_downgrade"))  # nobody to credit yet

    apply_stripe_event(event=fixture("checkout_session_completed", user=alice))

    assert purchases(alice) == []


def test_an_invoice_whose_prices_no_plan_sells_records_the_price_it_pays_for(
    alice_subscribed, alice, plans, recorded
):
    """Pro has no price id here: the invoice waits as a record of Pro's price, granting nothing."""
    apply_stripe_event(event=recorded("invoice_paid_renewal_with_prorations"))

    paid = PaidInvoice.objects.get(invoice_id="in_1SXbc0LkdIwHu7ixRenewPro")
    assert (paid.plan, paid.price_id) == (None, "price_1SVo3mLkdIwHu7ixPro14999")
    assert len(purchases(alice)) == 1


def test_a_subscription_moved_to_a_price_no_plan_sells_is_logged(alice_subscribed, alice, caplog):
    # Its user would read 'Unknown Plan' on /billing and be on Free elsewhere: staff must hear of it.
    event = fixture("customer_subscription_updated_active")
    event["id"], event["created"] = "evt_moved_to_an_unsold_price", event["created"] + 60
    subscription = event["data"]["object"]
    subscription["items"]["data"][0]["price"]["id"] = "price_nobody_sells"

    with caplog.at_level("WARNING", logger="billing.actions"):
        apply_stripe_event(event=event)

    assert (
        f"Subscription {subscription['id']} is on price 'price_nobody_sells', which no plan sells; "
        "its user stays on Free"
    ) in caplog.messages
