"""What the billing page and the billing API show: the user's subscriptions and invoices as
Stripe has them, or our stored copies when Stripe cannot be asked (no API key, or it failed),
with the message that says so.

A slow Stripe must not hold the site's web threads, so a page asks little and gives up early:
- each read is a page read (billing.stripe_client): a short timeout (STRIPE_READ_TIMEOUT_SECONDS,
  5 s) and no retry;
- a subscription is re-read at most once per REFRESH_EVERY (the webhooks keep our rows current
  in between);
- once one read of a page has failed, the page asks Stripe nothing more (StripeReads): the
  rest is shown as stored, each part with its own message;
- after a timeout, a lost connection or a 5xx, no page asks Stripe for the next minute, in any
  process (stripe_client.PAGE_READ_PAUSE_SECONDS): they show stored copies and the same messages.
So a visit costs at most one short timeout, and visits during an outage cost nothing.
"""

from collections.abc import Callable
from datetime import timedelta

from django.utils import timezone

from billing import stripe_client
from billing.actions import refresh_subscription
from billing.invoices import InvoiceRow, invoice_as_json, recorded_invoice_as_json
from billing.models import PaidInvoice, StripeCustomer, Subscription
from billing.stripe_client import INVOICES_UNAVAILABLE, SUBSCRIPTION_UNAVAILABLE, StripeUnavailable

REFRESH_EVERY = timedelta(minutes=5)


class StripeReads:
    """The Stripe reads behind one page or API answer. After the first failure the others are
    not attempted (Stripe is likely failing for them too, and each could cost the timeout):
    they fail at once with their own message."""

    def __init__(self) -> None:
        self.failed = False

    def ask[T](self, read: Callable[[], T], *, unavailable: str) -> T:
        if self.failed:
            raise StripeUnavailable(unavailable)
        try:
            return read()
        except StripeUnavailable:
            self.failed = True
            raise


def current_subscription(user, *, stripe_reads: StripeReads | None = None) -> tuple[Subscription | None, str]:
    """The user's live subscription, re-read from Stripe when due; plus an error message when
    Stripe could not be asked (the last synced copy is answered then)."""
    subscription = Subscription.objects.current_for(user)
    if subscription is None or not stripe_client.is_configured():
        return subscription, ""
    try:
        subscription = _fresh(subscription, stripe_reads or StripeReads())
    except StripeUnavailable as exc:
        return subscription, exc.message
    return (subscription if subscription.is_live else None), ""


def open_subscriptions(user, *, stripe_reads: StripeReads | None = None) -> tuple[list[Subscription], str]:
    """Every subscription Stripe still bills or collects for, each re-read from Stripe when due
    (one Stripe has since ended drops out); plus an error message when Stripe could not be
    asked (the last synced copies are shown then)."""
    subscriptions = Subscription.objects.open_for(user)
    if not subscriptions or not stripe_client.is_configured():
        return subscriptions, ""
    stripe_reads = stripe_reads or StripeReads()
    shown, error = [], ""
    for subscription in subscriptions:
        try:
            subscription = _fresh(subscription, stripe_reads)
        except StripeUnavailable as exc:
            error = exc.message  # this one, and the ones after it, as stored
        if subscription.is_open:
            shown.append(subscription)
    # Sorted again: a re-read can move a subscription between live and unpaid (display_order).
    return sorted(shown, key=Subscription.display_order), error


def stripe_invoices(user, *, stripe_reads: StripeReads | None = None) -> tuple[list[dict], str]:
    """The newest invoices of the user's Stripe customers, newest first; plus an error message
    when Stripe could not be asked. One list call per customer (Stripe's list takes one
    customer; its search takes several but lags behind, so a just-paid invoice could be missing):
    nearly every user has one."""
    customer_ids = StripeCustomer.objects.customer_ids_for(user)
    if not customer_ids or not stripe_client.is_configured():
        return [], ""
    try:
        invoices = (stripe_reads or StripeReads()).ask(
            lambda: stripe_client.list_invoices(customer_ids), unavailable=INVOICES_UNAVAILABLE
        )
    except StripeUnavailable as exc:
        return [], exc.message
    return invoices, ""


def invoices_json(user) -> tuple[list[dict], str]:
    """get-invoices: Stripe's invoices in its documented fields, or Stripe's error message;
    without an API key, the paid invoices we recorded from its webhooks, as the billing page
    then shows them."""
    if not stripe_client.is_configured():
        return [recorded_invoice_as_json(paid) for paid in PaidInvoice.objects.recorded_for(user)], ""
    invoices, error = stripe_invoices(user)
    return [invoice_as_json(invoice) for invoice in invoices], error


def invoice_rows(user, *, stripe_reads: StripeReads | None = None) -> tuple[list[InvoiceRow], str, bool]:
    """The billing history: Stripe's invoices for the user's customers; when Stripe cannot be
    asked (no API key, or it failed), the paid invoices we recorded from its webhooks. Plus
    Stripe's error message, and whether the rows are our record."""
    invoices, error = stripe_invoices(user, stripe_reads=stripe_reads)
    if stripe_client.is_configured() and not error:
        return [InvoiceRow.from_stripe(invoice) for invoice in invoices], "", False
    recorded = PaidInvoice.objects.recorded_for(user)
    return [InvoiceRow.from_recorded(paid) for paid in recorded], error, True


def _fresh(subscription: Subscription, stripe_reads: StripeReads) -> Subscription:
    """The subscription as Stripe has it: our row if we read it less than REFRESH_EVERY ago,
    else re-read (StripeUnavailable when Stripe fails or is not asked; a failure does not count
    as a read — the pause after an outage is what spares the next visits)."""
    if subscription.refreshed_at is not None and timezone.now() - subscription.refreshed_at < REFRESH_EVERY:
        return subscription
    return stripe_reads.ask(
        lambda: refresh_subscription(subscription=subscription), unavailable=SUBSCRIPTION_UNAVAILABLE
    )
