"""The one seam to Stripe. Every Stripe API call and the webhook signature check go through
here, so the rest of billing deals in plain dicts and one error type with a user-facing message.

Two kinds of call, because a slow Stripe must not hold the site's web threads:
- Page reads (the billing page, the billing API's GETs) wait STRIPE_READ_TIMEOUT_SECONDS (5 s)
  and are not retried: there is a stored copy to show instead.
- Actions the user started (cancel, the customer portal, a plan change) wait 15 s and retry
  once: there is no stored answer to them, and waiting is what the user asked for.
After any call failed the way an outage does (no answer in time, no connection, a 5xx), page
reads do not ask Stripe for PAGE_READ_PAUSE_SECONDS, in every process: the pause is kept in the
default cache (database or Redis, shared), and actions ignore it. A refusal (4xx: an unknown
id, a bad key) concerns that request, so it pauses nothing.

Tests intercept the HTTP underneath (stripe-python uses `requests`) or point STRIPE_API_BASE
at a local server; nothing here is mocked.
"""

import json
import logging

import stripe
from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)

# Stripe refuses webhook signatures older than this many seconds (replay protection).
WEBHOOK_TOLERANCE_SECONDS = 300
_ACTION_TIMEOUT_SECONDS = 15
_ACTION_NETWORK_RETRIES = 1
PAGE_READ_PAUSE_SECONDS = 60
_PAGE_READ_PAUSE_KEY = "billing:stripe-page-reads-paused"

SUBSCRIPTION_UNAVAILABLE = "Could not load your subscription from Stripe. Please try again."
INVOICES_UNAVAILABLE = "Could not load your billing history from Stripe. Please try again."


class StripeUnavailable(Exception):
    """Stripe is not configured, unreachable, or refused the call. `message` is safe to show."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InvalidWebhook(Exception):
    """The webhook body is not a correctly signed, fresh Stripe event. `answer` is what the
    webhook view tells the sender."""

    answer = "Invalid Stripe signature"


class InvalidWebhookBody(InvalidWebhook):
    """Correctly signed, but not the shape of a Stripe event (a JSON array, a string, an
    event without id, type or data.object). Retrying would not help."""

    answer = "Not a Stripe event"


def is_configured() -> bool:
    return bool(settings.STRIPE_SECRET_KEY)


def _client(*, page_read: bool) -> stripe.StripeClient:
    if not is_configured():
        raise StripeUnavailable("Billing is not configured.")
    base = settings.STRIPE_API_BASE
    # stripe-python takes the timeout per HTTP client (retries could be per request, the
    # timeout cannot), so each kind of call gets a client of its own.
    if page_read:
        timeout, retries = settings.STRIPE_READ_TIMEOUT_SECONDS, 0
    else:
        timeout, retries = _ACTION_TIMEOUT_SECONDS, _ACTION_NETWORK_RETRIES
    return stripe.StripeClient(
        settings.STRIPE_SECRET_KEY,
        base_addresses={"api": base} if base else None,
        http_client=stripe.RequestsClient(timeout=timeout),
        max_network_retries=retries,
    )


def _call(what: str, message: str, fn, *, page_read: bool = False):
    """Runs one Stripe request; any Stripe failure becomes StripeUnavailable(message). A page
    read while page reads are paused fails at once, without asking Stripe."""
    if page_read and _page_reads_paused():
        raise StripeUnavailable(message)
    try:
        return fn(_client(page_read=page_read)).to_dict()
    except stripe.StripeError as exc:
        log.warning("Stripe %s failed: %s", what, exc)
        if _is_outage(exc):
            _pause_page_reads()
        raise StripeUnavailable(message) from exc


def _is_outage(exc: stripe.StripeError) -> bool:
    """Stripe, or the way to it, is failing for everyone: no answer within the timeout, no
    connection, or a server error. (A 429 is left out: Stripe also sends it for one locked
    object, and it answers at once.)"""
    return isinstance(exc, stripe.APIConnectionError) or (exc.http_status or 0) >= 500


def _page_reads_paused() -> bool:
    """Whether a recent outage-type failure (in any process) has paused page reads. When the
    cache itself fails, reads are not paused: the page asks Stripe as it would without one."""
    try:
        return bool(cache.get(_PAGE_READ_PAUSE_KEY, False))
    except Exception:
        log.warning("Could not read the Stripe page-read pause from the cache", exc_info=True)
        return False


def _pause_page_reads() -> None:
    log.warning("Stripe is failing: page reads show stored copies for %s s", PAGE_READ_PAUSE_SECONDS)
    try:
        cache.set(_PAGE_READ_PAUSE_KEY, True, timeout=PAGE_READ_PAUSE_SECONDS)
    except Exception:
        log.warning("Could not store the Stripe page-read pause in the cache", exc_info=True)


def retrieve_subscription(subscription_id: str, *, page_read: bool = False) -> dict:
    """The subscription as Stripe has it now. `page_read`: for showing it (short timeout, no
    retry, skipped while page reads are paused), not for acting on it."""
    return _call(
        "retrieve subscription",
        SUBSCRIPTION_UNAVAILABLE,
        lambda c: c.v1.subscriptions.retrieve(subscription_id),
        page_read=page_read,
    )


def cancel_subscription_at_period_end(subscription_id: str) -> dict:
    """Keeps the subscription (and the plan) until the period ends; Stripe then cancels it."""
    return _call(
        "cancel subscription",
        "Failed to cancel subscription",
        lambda c: c.v1.subscriptions.update(subscription_id, params={"cancel_at_period_end": True}),
    )


def list_invoices(customer_ids: list[str], *, limit: int = 24) -> list[dict]:
    """The newest invoices across the user's Stripe customers, newest first. Always a page read
    (only pages show them); the first failure ends it."""
    invoices: list[dict] = []
    for customer_id in customer_ids:
        page = _call(
            "list invoices",
            INVOICES_UNAVAILABLE,
            lambda c, cid=customer_id: c.v1.invoices.list(params={"customer": cid, "limit": limit}),
            page_read=True,
        )
        invoices.extend(page.get("data") or [])
    invoices.sort(key=lambda invoice: invoice.get("created") or 0, reverse=True)
    return invoices[:limit]


def create_portal_session(customer_id: str, *, return_url: str, flow: dict | None = None) -> str:
    """A one-time URL to Stripe's customer portal (cards, invoices, plan changes); with `flow`
    (Stripe's flow_data), a deep link to one task in it."""
    params = {"customer": customer_id, "return_url": return_url}
    if flow:
        params["flow_data"] = flow
    session = _call(
        "create portal session",
        "Could not open the billing portal. Please try again.",
        lambda c: c.v1.billing_portal.sessions.create(params=params),
    )
    return session["url"]


def plan_switch_flow(*, subscription_id: str, item_id: str, price_id: str, return_url: str) -> dict:
    """The portal's page confirming a switch of the subscription's item to `price_id`; back to
    `return_url` once confirmed. Stripe prorates as the portal's configuration says."""
    return {
        "type": "subscription_update_confirm",
        "subscription_update_confirm": {
            "subscription": subscription_id,
            "items": [{"id": item_id, "price": price_id, "quantity": 1}],
        },
        "after_completion": {"type": "redirect", "redirect": {"return_url": return_url}},
    }


def verify_webhook(payload: bytes, signature_header: str | None) -> dict:
    """The event as a dict, if `payload` carries a valid, fresh signature from our endpoint's
    secret; otherwise InvalidWebhook. Verified on the raw bytes, before any parsing."""
    secret = settings.STRIPE_WEBHOOK_SECRET
    if not secret:
        log.error("Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set")
        raise InvalidWebhook("webhook secret not configured")
    if not signature_header:
        raise InvalidWebhook("missing Stripe-Signature header")
    try:
        stripe.WebhookSignature.verify_header(
            payload, signature_header, secret, tolerance=WEBHOOK_TOLERANCE_SECONDS
        )
    except (stripe.SignatureVerificationError, ValueError) as exc:  # ValueError: not UTF-8
        raise InvalidWebhook(str(exc)) from exc
    try:
        event = json.loads(payload)
    except (ValueError, RecursionError) as exc:  # not JSON, or nested deeper than Python recurses
        raise InvalidWebhookBody("body is not JSON") from exc
    if not _is_event(event):
        raise InvalidWebhookBody("body is not a Stripe event")
    return event


_YEAR_5000 = 95_617_584_000  # unix seconds; later ones are no Stripe time (and overflow datetime)


def _is_event(event) -> bool:
    """The fields we rely on have the types (and fit the columns) Stripe gives them: an id and
    a type, the object the event is about (a JSON object), and when it was created (unix seconds)."""
    if not isinstance(event, dict):
        return False
    event_id, event_type, data, created = (event.get(k) for k in ("id", "type", "data", "created"))
    return (
        isinstance(event_id, str)
        and 0 < len(event_id) <= 255
        and isinstance(event_type, str)
        and 0 < len(event_type) <= 100
        and isinstance(data, dict)
        and isinstance(data.get("object"), dict)
        and (created is None or (type(created) is int and 0 <= created < _YEAR_5000))
    )
