import pytest
import responses

from billing.models import Plan, Subscription
from billing.tests.stripe_fixtures import (
    SECOND_SUBSCRIPTION,
    STRIPE_API,
    SUBSCRIPTION,
    fixture,
    second_purchase,
)

pytestmark = pytest.mark.django_db


def cards(response) -> str:
    return response.content.decode()


def test_signed_out_visitors_see_the_pricing_without_checkout_links(client, basic_plan):
    html = cards(client.get("/"))

    assert html.count("data-plan-card") == 6
    assert "data-checkout-url" not in html
    assert "client_reference_id" not in html


def test_signed_in_pricing_carries_the_users_checkout_link(alice_client, alice, basic_plan):
    html = cards(alice_client.get("/"))

    assert f"client_reference_id={alice.pk}&amp;prefilled_email=alice%40example.com" in html
    assert 'data-plan-id="free" data-plan-free=""' in html


def test_a_contact_sales_plan_says_contact_sales(alice_client, plans, settings):
    settings.SALES_EMAIL = "sales@example.com"
    Plan.objects.filter(id="ultimate").update(stripe_link="#")

    html = cards(alice_client.get("/billing"))

    assert 'data-plan-id="ultimate" data-contact-sales="" data-sales-email="sales@example.com"' in html
    assert '>Contact Sales<span class="sr-only">' in html


def test_signed_out_visitors_see_contact_sales_too(client, plans, settings):
    settings.SALES_EMAIL = "sales@example.com"
    Plan.objects.filter(id="ultimate").update(stripe_link="#")

    html = cards(client.get("/"))

    assert 'data-plan-id="ultimate" data-contact-sales="" data-sales-email="sales@example.com"' in html
    assert html.count('>Contact Sales<span class="sr-only">') == 1
    assert html.count('>Subscribe<span class="sr-only">') == 4  # the other paid plans: an account comes first


def card_buttons(html: str) -> dict[str, str]:
    """Each plan card's button, by plan id: 'current', 'change' (a form to the customer portal),
    'change-unavailable', 'subscribe', 'sales', 'manage' (a link to /billing), 'switch-to-free'
    (the cancel dialog) or 'free-later' (a line saying when Free comes back)."""
    buttons = {}
    for card in html.split("<div data-plan-card ")[1:]:
        plan_id = card.split('"', 2)[1]
        card = card[: card.index("</form>")] if "<form" in card else card
        if "data-current-plan" in card:
            buttons[plan_id] = "current"
        elif "data-change-plan-unavailable" in card:
            buttons[plan_id] = "change-unavailable"
        elif "data-change-plan" in card:
            buttons[plan_id] = "change"
        elif '>Contact Sales<span class="sr-only">' in card:
            buttons[plan_id] = "sales"
        elif '>Subscribe<span class="sr-only">' in card:
            buttons[plan_id] = "subscribe"
        elif ">Manage Subscription</a>" in card:
            buttons[plan_id] = "manage"
        elif "data-switch-to-free" in card:
            buttons[plan_id] = "switch-to-free"
        elif "You move to Free" in card:
            buttons[plan_id] = "free-later"
    return buttons


@responses.activate
@pytest.mark.parametrize("path", ["/", "/billing"])
def test_a_subscriber_is_offered_a_plan_change_never_a_second_checkout(alice_client, alice_subscribed, path):
    responses.get(f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}", json=fixture("subscription"))
    responses.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))
    Plan.objects.filter(id="ultimate").update(stripe_link="#")

    html = alice_client.get(path).content.decode()

    assert card_buttons(html) == {
        "free": "manage" if path == "/" else "switch-to-free",
        "starter": "change",
        "professional": "current",
        "business": "change",
        "enterprise": "change",
        "ultimate": "sales",
    }
    assert "data-checkout-url" not in html and "client_reference_id" not in html
    # The form names Alice's subscription and the plan to switch to.
    assert (
        f'<input type="hidden" name="subscription" value="{SUBSCRIPTION}">\n'
        '        <input type="hidden" name="plan" value="business">'
    ) in html
    assert 'action="/billing/portal/"' in html and "csrfmiddlewaretoken" in html


def test_without_stripes_api_a_plan_change_is_shown_unavailable(alice_client, alice_subscribed, settings):
    settings.STRIPE_SECRET_KEY = ""

    html = alice_client.get("/").content.decode()

    assert card_buttons(html)["business"] == "change-unavailable"
    assert "Plan changes are unavailable right now." in html
    assert "data-checkout-url" not in html and 'action="/billing/portal/"' not in html


def test_a_subscription_for_a_price_no_plan_sells_still_blocks_a_second_checkout(
    alice_client, alice_subscribed, settings
):
    settings.STRIPE_SECRET_KEY = ""
    Subscription.objects.filter(pk=alice_subscribed.pk).update(plan=None, price_id="price_unknown")

    html = alice_client.get("/").content.decode()

    assert card_buttons(html)["free"] == "current"  # Unknown Plan: the app treats her as Free
    assert card_buttons(html)["professional"] == "change-unavailable"
    assert "data-checkout-url" not in html


def test_an_unpaid_subscription_still_blocks_a_second_checkout(alice_client, alice_subscribed, settings):
    settings.STRIPE_SECRET_KEY = ""
    Subscription.objects.filter(pk=alice_subscribed.pk).update(status="unpaid")

    html = alice_client.get("/").content.decode()

    assert card_buttons(html)["free"] == "current"
    assert set(card_buttons(html).values()) == {"current", "change-unavailable"}


def test_after_the_subscription_ends_subscribe_comes_back(alice_client, alice_subscribed, settings):
    settings.STRIPE_SECRET_KEY = ""
    Subscription.objects.filter(pk=alice_subscribed.pk).update(status="canceled")

    html = alice_client.get("/").content.decode()

    assert card_buttons(html)["professional"] == "subscribe"
    assert "data-checkout-url" in html


@responses.activate
def test_on_billing_the_free_card_offers_a_subscriber_the_cancel_dialog_not_a_link_to_billing(
    alice_client, alice_subscribed
):
    responses.get(f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}", json=fixture("subscription"))
    responses.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))

    html = alice_client.get("/billing").content.decode()

    free = html.split("<div data-plan-card ")[1]
    assert 'data-dialog-open="cancel-sub_1SVqJzLkdIwHu7ixBasic01" data-switch-to-free' in free
    assert f'<dialog id="cancel-{SUBSCRIPTION}"' in html
    assert 'href="/billing"' not in free


@responses.activate
def test_on_billing_the_free_card_says_when_free_comes_back(alice_client, alice_subscribed_twice, alice):
    responses.get(f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}", json=fixture("subscription_canceling"))
    responses.get(
        f"{STRIPE_API}/v1/subscriptions/{SECOND_SUBSCRIPTION}",
        json=second_purchase("customer_subscription_updated_active")["data"]["object"],
    )
    responses.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))

    free = alice_client.get("/billing").content.decode().split("<div data-plan-card ")[1]
    assert "You move to Free once you have cancelled your subscriptions." in free

    Subscription.objects.filter(subscription_id=SECOND_SUBSCRIPTION).update(status="canceled")
    free = alice_client.get("/billing").content.decode().split("<div data-plan-card ")[1]
    assert "You move to Free on December 21, 2025." in free
