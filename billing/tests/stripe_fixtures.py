"""Recorded Stripe payloads (fixtures/) and real webhook signatures for them.

Events are posted as Stripe sends them: the raw JSON body, signed with the endpoint secret
as `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
"""

import hashlib
import hmac
import json
import time
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
WEBHOOK_SECRET = "whsec_test_8b1f0c2d9e3a4b5c6d7e8f90a1b2c3d4"
SECRET_KEY = "sk_test_51SVo0aLkdIwHu7ixTestKey"
BASIC_PRICE = "price_1SVo2kLkdIwHu7ixBasic4999"
PRO_PRICE = "price_1SVo3mLkdIwHu7ixPro14999"
CUSTOMER = "cus_TSqK8xVb2LmN4p"
SUBSCRIPTION = "sub_1SVqJzLkdIwHu7ixBasic01"
INVOICE = "in_1SVqK0LkdIwHu7ixQm3n5T2a"
STRIPE_API = "https://api.stripe.com"


def fixture_text(name: str, *, user=None) -> str:
    text = (FIXTURES / f"{name}.json").read_text()
    return text.replace("{{USER_ID}}", str(user.pk) if user else "")


def fixture(name: str, *, user=None) -> dict:
    return json.loads(fixture_text(name, user=user))


# A second purchase by the same user, through another Payment Link checkout: Stripe makes a new
# customer for it, with its own subscription and invoice — here for Advanced.
SECOND_CUSTOMER = "cus_TSrA2nDvXq7LmP"
SECOND_SUBSCRIPTION = "sub_1SVrA3LkdIwHu7ixAdvnc02"
SECOND_INVOICE = "in_1SVrA4LkdIwHu7ixAd9v2Kq1"
ADVANCED_PRICE = "price_1SVo2zLkdIwHu7ixAdv8999"


def second_purchase(name: str, *, user=None) -> dict:
    """A recorded payload as the second purchase's: other customer, subscription, invoice,
    price and event ids."""
    text = fixture_text(name, user=user)
    for recorded, second in (
        (CUSTOMER, SECOND_CUSTOMER),
        (SUBSCRIPTION, SECOND_SUBSCRIPTION),
        (INVOICE, SECOND_INVOICE),
        (BASIC_PRICE, ADVANCED_PRICE),
        ('"evt_1SVq', '"evt_2SVq'),
        ('"cs_live_', '"cs_live_2nd'),
    ):
        text = text.replace(recorded, second)
    return json.loads(text)


def event_body(name: str, *, user=None) -> bytes:
    return fixture_text(name, user=user).encode()


def sign(body: bytes, *, secret: str = WEBHOOK_SECRET, timestamp: int | None = None) -> str:
    timestamp = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def post_event(client, body: bytes, *, signature: str | None = None):
    """POST a webhook the way Stripe does; signed correctly unless `signature` is given."""
    return client.post(
        "/billing/stripe/webhook/",
        data=body,
        content_type="application/json",
        headers={"Stripe-Signature": sign(body) if signature is None else signature},
    )


def ensure_plans_seeded() -> None:
    """Transactional tests (live_server, threads) flush the database, seeded plans included;
    put the six documented plans back exactly as the data migration writes them."""
    import importlib

    from django.apps import apps

    importlib.import_module("billing.migrations.0002_seed_plans").seed(apps, None)


def subscription_event(
    status: str, *, user=None, later_by: int = 60, cancel_at_period_end: bool = False
) -> dict:
    """The recorded customer.subscription.updated, as Stripe sends it `later_by` seconds after
    the recorded one when the subscription moves to `status` (past_due after a failed renewal,
    unpaid once Stripe stops retrying)."""
    event = fixture("customer_subscription_updated_active", user=user)
    event["id"] = f"{event['id']}{status}{later_by}"
    event["created"] += later_by
    event["data"]["object"]["status"] = status
    event["data"]["object"]["cancel_at_period_end"] = cancel_at_period_end
    return event
