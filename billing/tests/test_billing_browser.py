"""/billing in Chromium: the Free plan and Subscribe, then a subscriber cancelling through the
dialog. Stripe's API is intercepted at the HTTP layer (`responses`, which also covers the
live server's thread); the payment-link page is answered by Playwright."""

import pytest
import responses
from playwright.sync_api import expect

from billing.tests.stripe_fixtures import (
    SECOND_SUBSCRIPTION,
    STRIPE_API,
    SUBSCRIPTION,
    fixture,
    second_purchase,
)

SUBSCRIPTION_URL = f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}"

pytestmark = pytest.mark.django_db(transaction=True)


def toast(page, text):
    return page.locator("#toasts").get_by_text(text)


DESKTOP_AND_PHONE = ((1280, 900), (390, 844))  # the screenshots' sizes


def test_on_the_free_plan_subscribe_opens_the_checkout_with_alice_attached(
    signed_in_page, live_server, alice, basic_plan, settings, screenshot
):
    settings.STRIPE_SECRET_KEY = ""  # no Stripe API: the page still works
    page = signed_in_page
    page.context.route(
        "https://buy.stripe.com/**",
        lambda route: route.fulfill(body="<h1>Stripe Checkout</h1>", content_type="text/html"),
    )

    page.goto(f"{live_server.url}/billing")

    assert page.get_by_role("heading", name="Subscription & Credits").is_visible()
    assert page.get_by_test_id("billing-balance").inner_text() == "100"
    assert page.get_by_text("You are on the Free plan").is_visible()
    assert page.get_by_text("No invoices yet").is_visible()
    cards = page.locator("[data-plan-card]")
    assert cards.count() == 6
    assert cards.nth(0).get_by_role("link", name="Current Plan").is_visible()
    assert "forever" in cards.nth(0).inner_text() and "/month" in cards.nth(2).inner_text()
    assert "Most Popular" in cards.nth(2).inner_text() and "Great Value" in cards.nth(1).inner_text()

    cards.nth(1).get_by_role("button", name="Subscribe").click()  # Starter has no payment link
    expect(toast(page, "Payment link not available")).to_be_visible()

    with page.context.expect_page() as checkout_tab:
        cards.nth(2).get_by_role("button", name="Subscribe").click()
    checkout = checkout_tab.value
    checkout.wait_for_load_state()
    assert checkout.url == (
        f"https://buy.stripe.com/test_basic4999?client_reference_id={alice.pk}&prefilled_email=alice%40example.com"
    )
    expect(toast(page, "Redirecting to Stripe checkout...")).to_be_visible()
    checkout.close()

    screenshot.sizes(page, "billing-free", DESKTOP_AND_PHONE)


def test_a_subscriber_sees_their_subscription_and_cancels_it_through_the_dialog(
    signed_in_page, live_server, alice_subscribed, screenshot
):
    page = signed_in_page
    with responses.RequestsMock(assert_all_requests_are_fired=False) as stripe:
        stripe.get(SUBSCRIPTION_URL, json=fixture("subscription"))
        stripe.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))
        stripe.post(
            SUBSCRIPTION_URL,
            status=402,
            json={"error": {"type": "card_error", "message": "Your card was declined."}},
        )
        stripe.post(SUBSCRIPTION_URL, json=fixture("subscription_canceling"))

        page.goto(f"{live_server.url}/billing")

        card = page.locator("[data-subscription-card]")
        assert "Basic" in card.inner_text() and "active" in card.inner_text()
        assert card.get_by_text("Your next billing date is December 21, 2025").is_visible()
        rows = page.locator("[data-invoice]")
        assert rows.count() == 3
        assert rows.nth(1).inner_text().split("\t")[:4] == ["4F2C1A7B-0001", "Nov 21, 2025", "$49.99", "paid"]
        assert (
            page.get_by_role("link", name="PDF of invoice 4F2C1A7B-0001").get_attribute("target") == "_blank"
        )
        assert page.get_by_role("button", name="Manage billing").is_visible()
        screenshot.sizes(page, "billing-subscribed", DESKTOP_AND_PHONE)

        # The Free card offers the same dialog: moving to Free is cancelling.
        page.locator('[data-plan-card][data-plan-id="free"]').get_by_role(
            "button", name="Switch to Free"
        ).click()
        expect(page.get_by_role("dialog", name="Cancel your subscription?")).to_be_visible()
        page.keyboard.press("Escape")

        # The dialog: focus starts on 'Keep Subscription', Tab stays inside, Escape closes.
        opener = card.get_by_role("button", name="Cancel Subscription")
        opener.click()
        dialog = page.get_by_role("dialog", name="Cancel your subscription?")
        expect(dialog).to_be_visible()
        keep = dialog.get_by_role("button", name="Keep Subscription")
        confirm = dialog.get_by_role("button", name="Cancel Subscription")
        assert keep.evaluate("el => el === document.activeElement")
        page.keyboard.press("Tab")
        assert confirm.evaluate("el => el === document.activeElement")
        page.keyboard.press("Tab")
        assert keep.evaluate("el => el === document.activeElement")
        page.keyboard.press("Shift+Tab")
        assert confirm.evaluate("el => el === document.activeElement")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        assert opener.evaluate("el => el === document.activeElement")

        # Stripe declines the first time: the dialog stays, nothing changes.
        opener.click()
        screenshot(page, "billing-cancel-dialog")
        confirm.click()
        # In the dialog: a toast would be under the dialog's backdrop.
        expect(dialog.get_by_role("alert")).to_have_text("Failed to cancel subscription")
        assert dialog.is_visible()
        screenshot(page, "billing-cancel-failed")
        assert card.get_by_text("Your next billing date is").is_visible()

        confirm.click()
        expect(dialog.get_by_role("alert")).to_be_hidden()  # the retry clears the failure
        expect(toast(page, "Subscription will be canceled at the end of the billing period")).to_be_visible()
        expect(dialog).to_be_hidden()
        assert card.get_by_text("Your subscription will end on December 21, 2025").is_visible()
        assert card.get_by_text("Canceling at period end").is_visible()
        assert card.get_by_role("button", name="Cancel Subscription").count() == 0
        # The Free card's 'Switch to Free' opened the same dialog; now it says what follows.
        free = page.locator('[data-plan-card][data-plan-id="free"]')
        assert free.get_by_role("button", name="Switch to Free").count() == 0
        assert free.get_by_text("You move to Free when the billing period ends.").is_visible()
        assert [call.request.body for call in stripe.calls if call.request.method == "POST"] == [
            "cancel_at_period_end=true",
            "cancel_at_period_end=true",
        ]

        stripe.replace(
            responses.GET, SUBSCRIPTION_URL, json=fixture("subscription_canceling")
        )  # Stripe's state now
        page.reload()
        assert page.locator("[data-subscription-card]").get_by_text("Canceling at period end").is_visible()
        screenshot.sizes(page, "billing-canceling", DESKTOP_AND_PHONE)


def test_alice_with_two_subscriptions_cancels_the_one_she_does_not_need_and_changes_plan_in_the_portal(
    signed_in_page, live_server, alice_subscribed_twice, pro_plan, screenshot
):
    page = signed_in_page
    page.context.route(
        "https://billing.stripe.com/**",
        lambda route: route.fulfill(body="<h1>Stripe customer portal</h1>", content_type="text/html"),
    )
    second = f"{STRIPE_API}/v1/subscriptions/{SECOND_SUBSCRIPTION}"
    with responses.RequestsMock(assert_all_requests_are_fired=False) as stripe:
        stripe.get(SUBSCRIPTION_URL, json=fixture("subscription"))
        stripe.get(second, json=second_purchase("customer_subscription_updated_active")["data"]["object"])
        stripe.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))
        stripe.post(SUBSCRIPTION_URL, json=fixture("subscription_canceling"))
        stripe.post(f"{STRIPE_API}/v1/billing_portal/sessions", json=fixture("portal_session"))

        page.goto(f"{live_server.url}/billing")

        expect(page.get_by_text("You have 2 subscriptions, and each is billed every month.")).to_be_visible()
        advanced = page.locator(f'[data-subscription-card="{SECOND_SUBSCRIPTION}"]')
        basic = page.locator(f'[data-subscription-card="{SUBSCRIPTION}"]')
        assert "Current subscription" in advanced.inner_text() and "Advanced" in advanced.inner_text()
        assert "Another subscription" in basic.inner_text() and "Basic" in basic.inner_text()
        screenshot.sizes(page, "billing-two-subscriptions", DESKTOP_AND_PHONE)

        basic.get_by_role("button", name="Cancel Subscription").click()
        dialog = page.get_by_role("dialog", name="Cancel your subscription?")
        expect(dialog).to_contain_text("Your other subscriptions are not affected.")
        dialog.get_by_role("button", name="Cancel Subscription").click()

        expect(toast(page, "Subscription will be canceled at the end of the billing period")).to_be_visible()
        expect(basic.get_by_text("Canceling at period end")).to_be_visible()
        assert advanced.get_by_text("Canceling at period end").is_hidden()
        assert advanced.get_by_role("button", name="Cancel Subscription").is_visible()
        assert [call.request.url for call in stripe.calls if call.request.method == "POST"] == [
            SUBSCRIPTION_URL
        ]

        # Pro's card offers a plan change, which happens in Stripe's customer portal.
        pro = page.locator('[data-plan-card][data-plan-id="enterprise"]')
        assert pro.get_by_role("button", name="Subscribe").count() == 0
        pro.get_by_role("button", name="Change plan").click()
        expect(page.get_by_role("heading", name="Stripe customer portal")).to_be_visible()


def test_on_a_phone_every_invoice_shows_its_status_and_download_without_scrolling_sideways(
    signed_in_page, live_server, alice_subscribed, screenshot
):
    page = signed_in_page
    page.set_viewport_size({"width": 390, "height": 844})
    with responses.RequestsMock(assert_all_requests_are_fired=False) as stripe:
        stripe.get(SUBSCRIPTION_URL, json=fixture("subscription"))
        stripe.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))

        page.goto(f"{live_server.url}/billing")

    rows = page.locator("[data-invoice]")
    assert rows.count() == 3
    for index in range(3):
        row = rows.nth(index)
        for label in ("Invoice", "Date", "Amount", "Status", "Download"):
            expect(row.get_by_text(label, exact=True)).to_be_visible()
        for part in (row.locator("[data-invoice-status]"), row.locator("td").last):
            box = part.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (index, box)
    expect(rows.nth(0).get_by_role("link", name="Pay invoice 4F2C1A7B-0002")).to_be_visible()
    expect(rows.nth(1).get_by_role("link", name="PDF of invoice 4F2C1A7B-0001")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    history = page.locator("section", has=page.get_by_role("heading", name="Billing History"))
    screenshot.themes(page, "billing-history-390", target=history, full_page=False)
