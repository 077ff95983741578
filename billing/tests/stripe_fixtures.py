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
