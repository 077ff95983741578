import pytest
import responses
from django.db.models import F
from django.urls import reverse

from billing.models import Subscription
from billing.reads import REFRESH_EVERY
from billing.tests.stripe_fixtures import (
    SECOND_SUBSCRIPTION,
    STRIPE_API,
    SUBSCRIPTION,
    fixture,
    second_purchase,
    subscription_event,
)

pytestmark = pytest.mark.django_db

SUBSCRIPTION_URL = f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}"
SECOND_SUBSCRIPTION_URL = f"{STRIPE_API}/v1/subscriptions/{SECOND_SUBSCRIPTION}"
INVOICES_URL = f"{STRIPE_API}/v1/invoices"


def stripe_reads_of(url: str) -> int:
    return sum(call.request.url.split("?")[0] == url for call in responses.calls)


def test_signed_out_visitors_are_sent_to_sign_in(client):
    response = client.get("/billing")

    assert response.status_code == 302
    assert response["Location"].startswith("/signin")


def test_without_stripe_keys_the_page_shows_the_free_plan_and_no_history(alice_client, plans, settings):
    settings.STRIPE_SECRET_KEY = ""

    response = alice_client.get("/billing")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Subscription &amp; Credits" in html
    assert "You are on the Free plan" in html
    assert "No invoices yet" in html
    assert "Manage billing" not in html
    assert [plan.id for plan in response.context["plans"]] == [
        "free",
        "starter",
        "professional",
        "business",
        "enterprise",
        "ultimate",
    ]
    assert response.context["current_plan"].id == "free"


def test_the_balance_and_the_credit_usage_link_are_shown(alice_client, plans):
    response = alice_client.get("/billing")

    assert response.context["balance"] == 100  # the Free plan's sign-up credits
    assert reverse("credits:usage") in response.content.decode()


@responses.activate
def test_the_next_billing_date_is_the_readers_calendar_day(alice_client, alice_subscribed):
    # The period ends at 13:00 UTC on December 21, 2025: already December 22 at UTC+14.
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.get(INVOICES_URL, json=fixture("invoices_list"))
    alice_client.cookies["tz_offset"] = "840"  # site/behaviours/time-zone.js, in Kiritimati

    html = alice_client.get("/billing").content.decode()

    assert "Your next billing date is" in html and "December 22, 2025" in html


@responses.activate
def test_a_subscriber_sees_the_next_billing_date_a_cancel_button_and_the_history(
    alice_client, alice_subscribed
):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    html = alice_client.get("/billing").content.decode()

    assert "Your next billing date is" in html and "December 21, 2025" in html
    assert "data-cancel-open" in html
    assert "data-cancel-dialog" in html
    assert "Manage billing" in html
    # Billing History: number, date from unix seconds, amount_paid / 100 in the currency, status colours, PDF.
    assert "4F2C1A7B-0001" in html and "Nov 21, 2025" in html and "$49.99" in html
    assert "0.00 EUR" not in html and "€0.00" in html
    assert (
        'data-invoice-status="paid" class="rounded-full px-2.5 py-0.5 text-xs font-semibold bg-emerald-100'
        in html
    )
    assert (
        'data-invoice-status="open" class="rounded-full px-2.5 py-0.5 text-xs font-semibold bg-amber-100'
        in html
    )
    assert (
        'data-invoice-status="void" class="rounded-full px-2.5 py-0.5 text-xs font-semibold bg-red-100'
        in html
    )
    assert (
        "https://pay.stripe.com/invoice/acct_1SVo0aLkdIwHu7ix/test_YWNjdF8xU1ZvMGFMa2RJd0h1N2l4/pdf?s=ap"
        in html
    )


@responses.activate
def test_only_https_links_from_stripe_become_links(alice_client, alice_subscribed):
    listed = fixture("invoices_list")
    listed["data"][1]["invoice_pdf"] = "javascript:alert(1)"
    listed["data"][0]["hosted_invoice_url"] = "http://invoice.example/pay"  # the open one
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.get(INVOICES_URL, json=listed)

    response = alice_client.get("/billing")

    html = response.content.decode()
    assert "javascript:" not in html and "http://invoice.example" not in html
    open_invoice, paid, _ = response.context["invoices"]
    assert (open_invoice.pay_url, paid.pdf_url) == ("", "")
    assert open_invoice.pdf_url.startswith("https://pay.stripe.com/")  # a real one still shows


@responses.activate
def test_a_subscription_canceling_at_period_end_shows_the_end_date_and_no_cancel_button(
    alice_client, alice_subscribed
):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription_canceling"))
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    response = alice_client.get("/billing")
    html = response.content.decode()

    assert response.context["subscriptions"][0].cancel_at_period_end is True
    assert "Canceling at period end" in html
    assert "data-cancel-open" not in html
    assert "data-cancel-dialog" not in html


@responses.activate
def test_stripe_errors_show_a_message_and_never_a_500(alice_client, alice_subscribed):
    responses.get(SUBSCRIPTION_URL, **{"status": 404, "json": fixture("stripe_error_resource_missing")})
    responses.get(INVOICES_URL, body=ConnectionError("Stripe is down"))

    response = alice_client.get("/billing")
    html = response.content.decode()

    assert response.status_code == 200
    assert "Could not load your subscription from Stripe. Please try again." in html
    assert "Could not load your billing history from Stripe. Please try again." in html
    assert "Your next billing date is" in html  # the last synced copy
    # The history falls back to what the webhooks recorded.
    assert "These are the payments recorded here" in html and "4F2C1A7B-0001" in html


@responses.activate
def test_a_subscription_read_from_stripe_moments_ago_is_not_read_again(alice_client, alice_subscribed):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription_canceling"))
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    alice_client.get("/billing")
    html = alice_client.get("/billing").content.decode()

    assert stripe_reads_of(SUBSCRIPTION_URL) == 1
    assert "Canceling at period end" in html  # the copy the first read stored
    assert stripe_reads_of(INVOICES_URL) == 2  # one list call per page (Alice has one customer)

    # In between, the webhooks keep the row current; once the window has passed, it is read again.
    Subscription.objects.update(refreshed_at=F("refreshed_at") - REFRESH_EVERY)
    alice_client.get("/billing")
    assert stripe_reads_of(SUBSCRIPTION_URL) == 2


@responses.activate
def test_when_stripe_fails_the_stored_subscriptions_are_shown_after_one_attempt(
    alice_client, alice_subscribed_twice
):
    responses.get(SUBSCRIPTION_URL, body=ConnectionError("Stripe is down"))
    responses.get(SECOND_SUBSCRIPTION_URL, body=ConnectionError("Stripe is down"))
    responses.get(INVOICES_URL, body=ConnectionError("Stripe is down"))

    response = alice_client.get("/billing")
    html = response.content.decode()

    assert response.status_code == 200
    assert [s.plan.name for s in response.context["subscriptions"]] == ["Advanced", "Basic"]
    assert "Could not load your subscription from Stripe. Please try again." in html
    # The first failure (the newest, Advanced) is enough: the page does not retry it, nor wait
    # on Stripe for the other one or the history.
    assert stripe_reads_of(SECOND_SUBSCRIPTION_URL) == 1
    assert stripe_reads_of(SUBSCRIPTION_URL) == 0
    assert stripe_reads_of(INVOICES_URL) == 0
    # A failed read does not count as fresh (once the pause after the outage ends, the page asks again).
    assert not Subscription.objects.filter(refreshed_at__isnull=False).exists()


@responses.activate
def test_a_subscription_stripe_reports_ended_is_no_longer_shown(alice_client, alice_subscribed):
    ended = fixture("customer_subscription_deleted")["data"]["object"]
    responses.get(SUBSCRIPTION_URL, json=ended)
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    response = alice_client.get("/billing")

    assert response.context["subscriptions"] == []
    assert response.context["current_plan"].id == "free"


def test_the_plan_cards_carry_alices_checkout_link(alice_client, alice, basic_plan):
    html = alice_client.get("/billing").content.decode()

    assert (
        'data-checkout-url="https://buy.stripe.com/test_basic4999?client_reference_id='
        f'{alice.pk}&amp;prefilled_email=alice%40example.com"'
    ) in html


def second_subscription_snapshot() -> dict:
    return second_purchase("customer_subscription_updated_active")["data"]["object"]


@responses.activate
def test_every_subscription_alice_is_billed_for_is_shown_each_with_its_own_cancel(
    alice_client, alice_subscribed_twice
):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.get(f"{STRIPE_API}/v1/subscriptions/{SECOND_SUBSCRIPTION}", json=second_subscription_snapshot())
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    response = alice_client.get("/billing")
    html = response.content.decode()

    # The newest decides the plan and comes first; both can be cancelled and managed.
    assert [s.plan.name for s in response.context["subscriptions"]] == ["Advanced", "Basic"]
    assert "You have 2 subscriptions, and each is billed every month." in html
    for subscription_id in (SECOND_SUBSCRIPTION, SUBSCRIPTION):
        assert f'data-subscription-card="{subscription_id}"' in html
        assert f'data-dialog-open="cancel-{subscription_id}"' in html
        assert f'data-subscription-id="{subscription_id}"' in html
        assert f'name="subscription" value="{subscription_id}"' in html
    assert html.count("Your other subscriptions are not affected.") == 2
    assert "After that you move to the Free plan" not in html


@responses.activate
def test_a_subscription_stripe_now_reports_unpaid_moves_below_the_live_one(
    alice_client, alice_subscribed_twice
):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.get(SECOND_SUBSCRIPTION_URL, json={**second_subscription_snapshot(), "status": "unpaid"})
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    response = alice_client.get("/billing")

    # Stored, Advanced (the newer) came first; read again, Basic is the one that decides the plan.
    assert [(s.plan.name, s.status) for s in response.context["subscriptions"]] == [
        ("Basic", "active"),
        ("Advanced", "unpaid"),
    ]


@responses.activate
def test_one_subscription_cancelled_leaves_the_other_and_its_plan(alice_client, alice_subscribed_twice):
    ended = second_purchase("customer_subscription_deleted")["data"]["object"]
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.get(f"{STRIPE_API}/v1/subscriptions/{SECOND_SUBSCRIPTION}", json=ended)
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    response = alice_client.get("/billing")
    html = response.content.decode()

    assert [s.subscription_id for s in response.context["subscriptions"]] == [SUBSCRIPTION]
    assert response.context["current_plan"].name == "Basic"
    assert "You have 2 subscriptions" not in html
    assert "After that you move to the Free plan and keep the credits you have." in html


def test_bob_never_sees_alices_subscriptions(bob_client, alice_subscribed_twice, settings):
    settings.STRIPE_SECRET_KEY = ""

    response = bob_client.get("/billing")

    assert response.context["subscriptions"] == []
    assert Subscription.objects.filter(user__email="alice@example.com").count() == 2


def stripe_now_reports(status: str) -> dict:
    return subscription_event(status)["data"]["object"]


@responses.activate
def test_a_past_due_subscription_says_the_payment_failed_and_offers_manage_billing(
    alice_client, alice_subscribed
):
    responses.get(SUBSCRIPTION_URL, json=stripe_now_reports("past_due"))
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    html = alice_client.get("/billing").content.decode()

    assert (
        "Your last payment failed. Stripe will try your card again; update your payment method in Manage billing"
        in html
    )
    assert "data-renews-line hidden" in html  # no 'next billing date' while the last one is unpaid
    assert ">past_due</span>" in html  # the status as received
    assert "Manage billing" in html and "data-cancel-open" in html


@responses.activate
def test_an_unpaid_subscription_is_shown_with_its_open_invoice_to_pay(alice_client, alice_subscribed):
    responses.get(SUBSCRIPTION_URL, json=stripe_now_reports("unpaid"))
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    response = alice_client.get("/billing")
    html = response.content.decode()

    assert response.context["current_plan"].id == "free"
    assert [s.status for s in response.context["subscriptions"]] == ["unpaid"]
    assert "Unpaid subscription" in html
    assert "its invoice is still open. You are on the Free plan until it is paid" in html
    assert "You are on the Free plan. Choose a plan below" not in html
    assert "data-cancel-open" not in html  # cancelled in the portal, with its invoice
    # The open invoice links to Stripe's page for paying it.
    assert (
        '<a href="https://invoice.stripe.com/i/acct_1SVo0aLkdIwHu7ix/test_cmVuZXdhbDAy" target="_blank" '
        'rel="noopener" data-invoice-pay'
    ) in html
    assert html.count("data-invoice-pay") == 1


def test_without_the_api_key_the_recorded_invoices_are_shown_and_nothing_that_needs_stripe(
    alice_client, alice_subscribed, settings
):
    settings.STRIPE_SECRET_KEY = ""  # webhooks set up, the API key missing

    response = alice_client.get("/billing")
    html = response.content.decode()

    [row] = response.context["invoices"]
    assert (row.number, row.amount, row.status, row.pdf_url) == ("4F2C1A7B-0001", "$49.99", "paid", "")
    assert row.created.isoformat() == "2025-11-21T13:00:58+00:00"
    assert "No invoices yet" not in html
    assert "These are the payments recorded here; open invoices and PDFs are unavailable right now." in html
    # The subscription as last synced, without the buttons that would call Stripe.
    assert "Your next billing date is" in html
    assert "data-cancel-open" not in html and "data-cancel-dialog" not in html
    assert "Manage billing" not in html and 'action="/billing/portal/"' not in html
    assert "Cancelling or changing your subscription is unavailable right now." in html


def test_recorded_invoices_are_only_alices(bob_client, alice_subscribed, settings):
    settings.STRIPE_SECRET_KEY = ""

    response = bob_client.get("/billing")

    assert response.context["invoices"] == []
    assert "No invoices yet" in response.content.decode()
