import pytest
import responses

from billing.tests.stripe_fixtures import CUSTOMER, STRIPE_API, fixture

pytestmark = pytest.mark.django_db

PORTAL_SESSIONS = f"{STRIPE_API}/v1/billing_portal/sessions"


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
