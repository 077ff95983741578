import json

import pytest
import responses

from billing.models import Subscription
from billing.tests.stripe_fixtures import CUSTOMER, STRIPE_API, SUBSCRIPTION, fixture

pytestmark = pytest.mark.django_db

API = "/billing/api/"
SUBSCRIPTION_URL = f"{STRIPE_API}/v1/subscriptions/{SUBSCRIPTION}"
INVOICES_URL = f"{STRIPE_API}/v1/invoices"


def stripe_error(status=404, name="stripe_error_resource_missing"):
    return {"status": status, "json": fixture(name)}


def cancel(client, subscription_id=SUBSCRIPTION):
    return client.post(
        f"{API}?action=cancel-subscription",
        data=json.dumps({"subscriptionId": subscription_id}),
        content_type="application/json",
    )


# --- get-subscription ------------------------------------------------------------------------


@responses.activate
def test_get_subscription_answers_the_subscription_as_stripe_has_it(alice_client, alice_subscribed):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription_canceling"))

    response = alice_client.get(f"{API}?action=get-subscription")

    assert response.status_code == 200
    subscription = response.json()["subscription"]
    assert subscription["id"] == SUBSCRIPTION
    assert subscription["status"] == "active"
    assert subscription["cancel_at_period_end"] is True
    assert subscription["current_period_end"] == 1766322000
    assert subscription["items"]["data"][0]["price"]["id"] == "price_1SVo2kLkdIwHu7ixBasic4999"
    assert subscription["plan"] == {"id": "professional", "name": "Basic"}
    assert responses.calls[0].request.headers["Authorization"] == "Bearer sk_test_51SVo0aLkdIwHu7ixTestKey"
    # The answer is also our freshest copy.
    assert Subscription.objects.get(subscription_id=SUBSCRIPTION).cancel_at_period_end is True


@responses.activate
def test_get_subscription_answers_our_copy_when_stripe_was_asked_moments_ago(alice_client, alice_subscribed):
    responses.get(SUBSCRIPTION_URL, json=fixture("subscription_canceling"))
    alice_client.get(f"{API}?action=get-subscription")

    response = alice_client.get(f"{API}?action=get-subscription")

    assert len(responses.calls) == 1
    assert response.json()["subscription"]["cancel_at_period_end"] is True


def test_get_subscription_is_null_on_the_free_plan(alice_client, stripe_keys):
    assert alice_client.get(f"{API}?action=get-subscription").json() == {"subscription": None}


@responses.activate
def test_a_stripe_error_on_get_subscription_is_a_message_not_a_500(alice_client, alice_subscribed):
    responses.get(SUBSCRIPTION_URL, **stripe_error())

    response = alice_client.get(f"{API}?action=get-subscription")

    assert response.status_code == 502
    assert response.json() == {"detail": "Could not load your subscription from Stripe. Please try again."}


def test_without_stripe_keys_get_subscription_answers_our_copy(alice_client, alice_subscribed, settings):
    settings.STRIPE_SECRET_KEY = ""

    response = alice_client.get(f"{API}?action=get-subscription")

    assert response.json()["subscription"]["status"] == "active"


# --- get-invoices ----------------------------------------------------------------------------


@responses.activate
def test_get_invoices_lists_alices_invoices_from_stripe(alice_client, alice_subscribed):
    responses.get(INVOICES_URL, json=fixture("invoices_list"))

    response = alice_client.get(f"{API}?action=get-invoices")

    assert response.status_code == 200
    invoices = response.json()["invoices"]
    assert [i["number"] for i in invoices] == ["4F2C1A7B-0002", "4F2C1A7B-0001", "4F2C1A7B-0000"]
    assert invoices[1] == {
        "id": "in_1SVqK0LkdIwHu7ixQm3n5T2a",
        "number": "4F2C1A7B-0001",
        "created": 1763730000,
        "amount_paid": 4999,
        "currency": "usd",
        "status": "paid",
        "invoice_pdf": "https://pay.stripe.com/invoice/acct_1SVo0aLkdIwHu7ix/test_YWNjdF8xU1ZvMGFMa2RJd0h1N2l4/pdf?s=ap",
    }
    assert f"customer={CUSTOMER}" in responses.calls[0].request.url


def test_get_invoices_is_empty_without_a_stripe_customer(alice_client, stripe_keys):
    assert alice_client.get(f"{API}?action=get-invoices").json() == {"invoices": []}


def test_without_the_api_key_get_invoices_answers_the_recorded_paid_invoices(
    alice_client, bob_client, alice_subscribed, settings
):
    settings.STRIPE_SECRET_KEY = ""  # webhooks set up, the API key missing: as the billing page

    response = alice_client.get(f"{API}?action=get-invoices")

    assert response.status_code == 200
    assert response.json() == {
        "invoices": [
            {
                "id": "in_1SVqK0LkdIwHu7ixQm3n5T2a",
                "number": "4F2C1A7B-0001",
                "created": 1763730058,
                "amount_paid": 4999,
                "currency": "usd",
                "status": "paid",
                "invoice_pdf": None,
            }
        ]
    }
    assert bob_client.get(f"{API}?action=get-invoices").json() == {"invoices": []}


@responses.activate
def test_a_stripe_error_on_get_invoices_is_a_message_not_a_500(alice_client, alice_subscribed):
    responses.get(
        INVOICES_URL, status=500, json={"error": {"type": "api_error", "message": "Something went wrong"}}
    )

    response = alice_client.get(f"{API}?action=get-invoices")

    assert response.status_code == 502
    assert response.json() == {"detail": "Could not load your billing history from Stripe. Please try again."}


# --- cancel-subscription ---------------------------------------------------------------------


@responses.activate
def test_cancel_sets_cancel_at_period_end_in_stripe(alice_client, alice_subscribed):
    responses.post(SUBSCRIPTION_URL, json=fixture("subscription_canceling"))

    response = cancel(alice_client)

    assert response.status_code == 200
    assert response.json()["subscription"]["cancel_at_period_end"] is True
    assert responses.calls[0].request.body == "cancel_at_period_end=true"
    subscription = Subscription.objects.get(subscription_id=SUBSCRIPTION)
    assert (subscription.cancel_at_period_end, subscription.status) == (True, "active")


@responses.activate
def test_bob_cannot_cancel_alices_subscription(bob_client, alice_subscribed):
    response = cancel(bob_client)

    assert response.status_code == 404
    assert response.json() == {"detail": "Subscription not found"}
    assert len(responses.calls) == 0


@responses.activate
def test_a_stripe_error_on_cancel_says_failed_to_cancel(alice_client, alice_subscribed):
    responses.post(SUBSCRIPTION_URL, **stripe_error(status=400))

    response = cancel(alice_client)

    assert response.status_code == 502
    assert response.json() == {"detail": "Failed to cancel subscription"}
    assert Subscription.objects.get(subscription_id=SUBSCRIPTION).cancel_at_period_end is False


def test_cancel_without_stripe_keys_says_failed_to_cancel(alice_client, alice_subscribed, settings):
    settings.STRIPE_SECRET_KEY = ""

    assert cancel(alice_client).json() == {"detail": "Failed to cancel subscription"}


@pytest.mark.parametrize("body", [{}, {"subscriptionId": ""}, {"subscriptionId": 42}, ["sub_1"]])
def test_cancel_needs_a_subscription_id(alice_client, stripe_keys, body):
    response = alice_client.post(
        f"{API}?action=cancel-subscription", data=json.dumps(body), content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json() == {"errors": {"subscriptionId": ["subscriptionId is required"]}}


def test_cancel_with_a_broken_json_body_is_a_400_in_the_apis_shape(alice_client, stripe_keys):
    response = alice_client.post(
        f"{API}?action=cancel-subscription", data="{", content_type="application/json"
    )

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["non_field_errors"]


def test_cancel_with_another_content_type_is_a_400_in_the_apis_shape(alice_client, stripe_keys):
    response = alice_client.post(
        f"{API}?action=cancel-subscription", data="subscriptionId=sub_1", content_type="text/plain"
    )

    assert response.status_code == 400
    assert response.json() == {"errors": {"non_field_errors": ["Unsupported content type."]}}


def test_cancel_with_json_nested_deeper_than_python_recurses_is_a_400(alice_client, stripe_keys):
    body = '{"subscriptionId": ' + "[" * 5000 + "]" * 5000 + "}"
    response = alice_client.post(
        f"{API}?action=cancel-subscription", data=body, content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json() == {"errors": {"non_field_errors": ["The request body is not valid JSON."]}}


def test_signed_out_cancel_says_please_sign_in(client, alice_subscribed):
    response = cancel(client)

    assert response.status_code == 403
    assert response.json() == {"detail": "Please sign in to cancel subscription"}


def test_signed_out_reads_are_refused(client):
    assert client.get(f"{API}?action=get-subscription").status_code == 403


def test_unknown_actions_are_a_400(alice_client):
    assert alice_client.get(f"{API}?action=delete-everything").json() == {"detail": "Unknown action"}
    assert alice_client.post(f"{API}?action=get-invoices").status_code == 400
