"""What the billing page and the billing API show: the user's subscriptions and invoices as
Stripe has them, or our stored copies when Stripe cannot be asked (no API key, or it failed),
with the message that says so.

Each Stripe call can take up to 15 s (plus a retry), so a page asks little: a subscription is
re-read at most once per REFRESH_EVERY (the webhooks keep our rows current in between), and
after one failure the others are shown as stored rather than asked too.
"""

from datetime import timedelta

from django.utils import timezone

from billing import stripe_client
from billing.actions import refresh_subscription
from billing.invoices import InvoiceRow
from billing.models import PaidInvoice, StripeCustomer, Subscription
from billing.stripe_client import StripeUnavailable

REFRESH_EVERY = timedelta(minutes=5)


def current_subscription(user) -> tuple[Subscription | None, str]:
    """The user's live subscription, re-read from Stripe when due; plus an error message when
    Stripe could not be asked (the last synced copy is answered then)."""
    subscription = Subscription.objects.current_for(user)
    if subscription is None or not stripe_client.is_configured():
        return subscription, ""
    try:
        subscription = _fresh(subscription)
    except StripeUnavailable as exc:
        return subscription, exc.message
    return (subscription if subscription.is_live else None), ""


def open_subscriptions(user) -> tuple[list[Subscription], str]:
    """Every subscription Stripe still bills or collects for, each re-read from Stripe when due
    (one Stripe has since ended drops out); plus an error message when Stripe could not be
    asked (the last synced copies are shown then)."""
    subscriptions = Subscription.objects.open_for(user)
    if not subscriptions or not stripe_client.is_configured():
        return subscriptions, ""
    shown, error = [], ""
    for subscription in subscriptions:
        if not error:
            try:
                subscription = _fresh(subscription)
            except StripeUnavailable as exc:
                error = exc.message  # Stripe is likely down for the others too: show them as stored
        if subscription.is_open:
            shown.append(subscription)
    return sorted(shown, key=Subscription.display_order), error


def stripe_invoices(user) -> tuple[list[dict], str]:
    """The newest invoices of the user's Stripe customers, newest first; plus an error message
    when Stripe could not be asked. One list call per customer (Stripe's list takes one
    customer; its search takes several but lags behind, so a just-paid invoice could be missing):
    nearly every user has one."""
    customer_ids = StripeCustomer.objects.customer_ids_for(user)
    if not customer_ids or not stripe_client.is_configured():
        return [], ""
    try:
        return stripe_client.list_invoices(customer_ids), ""
    except StripeUnavailable as exc:
        return [], exc.message


def invoice_rows(user) -> tuple[list[InvoiceRow], str, bool]:
    """The billing history: Stripe's invoices for the user's customers; when Stripe cannot be
    asked (no API key, or it failed), the paid invoices we recorded from its webhooks. Plus
    Stripe's error message, and whether the rows are our record."""
    invoices, error = stripe_invoices(user)
    if stripe_client.is_configured() and not error:
        return [InvoiceRow.from_stripe(invoice) for invoice in invoices], "", False
    recorded = PaidInvoice.objects.recorded_for(user)
    return [InvoiceRow.from_recorded(paid) for paid in recorded], error, True


def _fresh(subscription: Subscription) -> Subscription:
    """The subscription as Stripe has it: our row if we read it less than REFRESH_EVERY ago,
    else re-read (StripeUnavailable when Stripe fails; a failure does not count as a read)."""
    if subscription.refreshed_at is not None and timezone.now() - subscription.refreshed_at < REFRESH_EVERY:
        return subscription
    return refresh_subscription(subscription=subscription)
