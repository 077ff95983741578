"""The dashboard's Plan Status card follows how the subscription stands: renewing, set to end,
or a failed payment (past_due, and unpaid with its invoice still open)."""

import pytest

from billing.actions import apply_stripe_event
from billing.tests.stripe_fixtures import fixture, subscription_event

pytestmark = pytest.mark.django_db


def plan_status(client) -> tuple[str, str]:
    """The Plan Status card's value and the line under it."""
    html = client.get("/dashboard").content.decode()
    card = html[html.index('data-testid="stat-status"') :]
    value = card[card.index(">") + 1 : card.index("<")]
    unit = card[card.index("<p", 1) :]
    unit = unit[unit.index(">") + 1 : unit.index("</p>")]
    return value, unit


def payment_failed_notice(client) -> str:
    html = client.get("/dashboard").content.decode()
    if 'data-testid="payment-failed"' not in html:
        return ""
    notice = html[html.index('data-testid="payment-failed"') :]
    return notice[: notice.index("</p>")]


def test_an_active_subscription_renews_monthly(alice_client, alice_subscribed):
    assert plan_status(alice_client) == ("Active", "Renews monthly")
    assert payment_failed_notice(alice_client) == ""


def test_a_subscription_set_to_end_shows_its_end_date(alice_client, alice, alice_subscribed):
    apply_stripe_event(event=fixture("customer_subscription_updated_cancel", user=alice))

    assert plan_status(alice_client) == ("Active", "Ends on December 21, 2025")


def test_a_past_due_subscription_says_the_payment_failed_and_links_to_billing(
    alice_client, alice, alice_subscribed
):
    apply_stripe_event(event=subscription_event("past_due", user=alice))

    assert plan_status(alice_client) == ("Past due", "Payment failed")
    notice = payment_failed_notice(alice_client)
    assert "The last payment for your Basic plan failed." in notice
    assert 'href="/billing#subscription-heading"' in notice and ">Manage billing</a>" in notice


def test_an_unpaid_subscription_is_free_with_its_open_invoice_mentioned(
    alice_client, alice, alice_subscribed
):
    apply_stripe_event(event=subscription_event("unpaid", user=alice))

    assert plan_status(alice_client) == ("Free", "Payment failed")
    assert "its invoice is still open, so you are on the Free plan" in payment_failed_notice(alice_client)
    assert ">Free</span> plan with" in alice_client.get("/dashboard").content.decode()


def test_the_kept_dashboard_follows_the_subscription_within_the_minute(alice_client, alice, alice_subscribed):
    assert plan_status(alice_client) == ("Active", "Renews monthly")

    apply_stripe_event(event=subscription_event("past_due", user=alice))
    assert plan_status(alice_client) == ("Past due", "Payment failed")

    apply_stripe_event(
        event=fixture("customer_subscription_updated_cancel", user=alice)
    )  # paid, then set to end
    assert plan_status(alice_client) == ("Active", "Ends on December 21, 2025")
