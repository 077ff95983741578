"""'Manage billing' in Chromium: the form posts to our portal view, which redirects to Stripe's
customer portal. The page's CSP (form-action) governs that redirect too, so only a real browser
can tell whether it is allowed. Stripe's API is intercepted with `responses`; the portal page
itself is answered by Playwright."""

import pytest
import responses
from playwright.sync_api import expect

from billing.tests.stripe_fixtures import STRIPE_API, SUBSCRIPTION, fixture

pytestmark = pytest.mark.django_db(transaction=True)

PORTAL_URL = fixture("portal_session")["url"]


def test_manage_billing_takes_alice_to_her_stripe_customer_portal(
    signed_in_page, live_server, alice_subscribed
):
    page = signed_in_page
    portal_requests = []

    def stripe_portal(route):
        portal_requests.append(route.request.url)
        route.fulfill(body="<h1>Stripe customer portal</h1>", content_type="text/html")

    page.context.route("https://billing.stripe.com/**", stripe_portal)
    console = []
    page.on("console", lambda message: console.append(message.text))
    with responses.RequestsMock(assert_all_requests_are_fired=False) as stripe:
        stripe.get(f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}", json=fixture("subscription"))
        stripe.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))
        stripe.post(f"{STRIPE_API}/v1/billing_portal/sessions", json=fixture("portal_session"))

        page.goto(f"{live_server.url}/billing")
        page.get_by_role("button", name="Manage billing").click()

        expect(page.get_by_role("heading", name="Stripe customer portal")).to_be_visible()
    assert page.url == PORTAL_URL
    assert portal_requests == [PORTAL_URL]
    assert not [text for text in console if "Content Security Policy" in text]
