from urllib.parse import parse_qs

import pytest
import responses

from billing.tests.stripe_fixtures import (
    CUSTOMER,
    SECOND_CUSTOMER,
    SECOND_SUBSCRIPTION,
    STRIPE_API,
    SUBSCRIPTION,
    fixture,
)

pytestmark = pytest.mark.django_db

PORTAL_SESSIONS = f"{STRIPE_API}/v1/billing_portal/sessions"
SUBSCRIPTION_URL = f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}"
PORTAL_URL = "https://billing.stripe.com/p/session/test_YWNjdF8xU1ZvMGFMa2RJd0h1N2l4LF9UU3IwcQ"


def portal_requests() -> list[dict]:
    return [
        parse_qs(call.request.body)
        for call in responses.calls
        if call.request.url == PORTAL_SESSIONS and call.request.method == "POST"
    ]


@responses.activate
def test_manage_billing_sends_alice_to_her_stripe_customer_portal(alice_client, alice_subscribed):
    responses.post(PORTAL_SESSIONS, json=fixture("portal_session"))

    response = alice_client.post("/billing/portal/")

    assert response.status_code == 302
    assert (
        response["Location"]
        == "https://billing.stripe.com/p/session/test_YWNjdF8xU1ZvMGFMa2RJd0h1N2l4LF9UU3IwcQ"
    )
    body = responses.calls[0].request.body
    assert f"customer={CUSTOMER}" in body
    assert "return_url=http%3A%2F%2Ftestserver%2Fbilling" in body


@responses.activate
def test_a_stripe_error_comes_back_to_billing_with_a_message(alice_client, alice_subscribed):
    responses.post(
        PORTAL_SESSIONS,
        status=400,
        json={"error": {"type": "invalid_request_error", "message": "No configuration provided"}},
    )

    response = alice_client.post("/billing/portal/", follow=True)

    assert response.redirect_chain == [("/billing", 302)]
    assert [str(m) for m in response.context["messages"]] == [
        "Could not open the billing portal. Please try again."
    ]


def test_without_a_stripe_customer_there_is_nothing_to_manage(alice_client, plans, stripe_keys):
    response = alice_client.post("/billing/portal/", follow=True)

    assert [str(m) for m in response.context["messages"]] == [
        "There is no billing account yet. Subscribe to a plan first."
    ]


def test_bob_gets_his_own_portal_never_alices(bob_client, alice_subscribed):
    response = bob_client.post("/billing/portal/", follow=True)

    assert [str(m) for m in response.context["messages"]] == [
        "There is no billing account yet. Subscribe to a plan first."
    ]


def test_the_portal_needs_a_post_and_a_get_leads_to_the_billing_page(alice_client):
    response = alice_client.get("/billing/portal/")
    assert response.status_code == 302
    assert response["Location"] == "/billing"


@responses.activate
def test_change_plan_opens_the_portal_on_switching_alices_subscription_to_that_plan(
    alice_client, alice_subscribed, advanced_plan
):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.post(PORTAL_SESSIONS, json=fixture("portal_session"))

    response = alice_client.post("/billing/portal/", {"subscription": SUBSCRIPTION, "plan": "business"})

    assert (response.status_code, response["Location"]) == (302, PORTAL_URL)
    [portal] = portal_requests()
    assert portal["customer"] == [CUSTOMER]
    assert portal["flow_data[type]"] == ["subscription_update_confirm"]
    assert portal["flow_data[subscription_update_confirm][subscription]"] == [SUBSCRIPTION]
    assert portal["flow_data[subscription_update_confirm][items][0][id]"] == ["si_TSqKp0Wq9xYz12"]
    assert portal["flow_data[subscription_update_confirm][items][0][price]"] == [advanced_plan.price_id]
    assert portal["flow_data[after_completion][redirect][return_url]"] == ["http://testserver/billing"]


@responses.activate
def test_when_stripe_refuses_the_switch_page_the_portal_opens_on_its_home(
    alice_client, alice_subscribed, advanced_plan
):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.post(
        PORTAL_SESSIONS,
        status=400,
        json={
            "error": {
                "type": "invalid_request_error",
                "message": "This configuration does not allow updates.",
            }
        },
    )
    responses.post(PORTAL_SESSIONS, json=fixture("portal_session"))

    response = alice_client.post("/billing/portal/", {"subscription": SUBSCRIPTION, "plan": "business"})

    assert (response.status_code, response["Location"]) == (302, PORTAL_URL)
    switch, home = portal_requests()
    assert "flow_data[type]" in switch and "flow_data[type]" not in home
    assert home["customer"] == [CUSTOMER]


@responses.activate
def test_manage_billing_for_a_named_subscription_opens_its_own_customer(alice_client, alice_subscribed_twice):
    responses.post(PORTAL_SESSIONS, json=fixture("portal_session"))

    alice_client.post("/billing/portal/", {"subscription": SUBSCRIPTION})
    alice_client.post("/billing/portal/", {"subscription": SECOND_SUBSCRIPTION})

    assert [portal["customer"] for portal in portal_requests()] == [[CUSTOMER], [SECOND_CUSTOMER]]


def test_bob_cannot_open_the_portal_for_alices_subscription(bob_client, alice_subscribed):
    response = bob_client.post("/billing/portal/", {"subscription": SUBSCRIPTION, "plan": "business"})

    assert response.status_code == 404


@responses.activate
def test_back_from_the_portal_billing_reads_the_subscription_from_stripe_again(
    alice_client, alice_subscribed
):
    # The portal may have changed it; the page should not wait for the webhook to say so.
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription"))
    responses.get(f"{STRIPE_API}/v1/invoices", json=fixture("invoices_list"))
    responses.post(PORTAL_SESSIONS, json=fixture("portal_session"))
    alice_client.get("/billing")
    alice_client.get("/billing")
    assert subscription_reads() == 1

    alice_client.post("/billing/portal/")
    responses.replace(responses.GET, SUBSCRIPTION_URL, json=fixture("subscription_canceling"))
    html = alice_client.get("/billing").content.decode()

    assert subscription_reads() == 2
    assert "Canceling at period end" in html


def subscription_reads() -> int:
    return sum(
        call.request.url == SUBSCRIPTION_URL and call.request.method == "GET" for call in responses.calls
    )
