"""Billing writes: applying Stripe webhook events, the user's own billing actions, and the
Free plan's monthly credits.

Stripe is the source of truth. Our rows (customers, subscriptions, paid invoices) are a copy
kept in step by signed webhook events; credits move only through credits.actions.
"""

import calendar
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from billing import stripe_client
from billing.invoices import minor_unit_digits
from billing.models import (
    TERMINAL_STATUSES,
    FreeCreditsPeriod,
    PaidInvoice,
    Plan,
    StripeCustomer,
    StripeEvent,
    Subscription,
    from_unix,
)
from billing.stripe_client import StripeUnavailable
from config.batches import BATCH_SIZE
from credits.actions import SIGNUP_CREDITS, grant_credits, top_up_credits
from credits.models import LedgerEntry

log = logging.getLogger(__name__)


# --- webhook events --------------------------------------------------------------------------


def apply_stripe_event(*, event: dict) -> StripeEvent:
    """Store a verified Stripe event and apply its effects, exactly once per event id.

    The StripeEvent row is inserted in the same transaction as the effects. A second delivery
    — later, or at the same moment from another worker — finds the row (on PostgreSQL its
    INSERT waits for the first transaction and then fails on the primary key) and changes
    nothing. If applying fails, the transaction rolls back, the error is stored on its own,
    and the exception propagates so the webhook answers 500 and Stripe retries.
    """
    created = from_unix(event.get("created")) or timezone.now()
    try:
        with transaction.atomic():
            record, _ = StripeEvent.objects.select_for_update().get_or_create(
                id=event["id"], defaults={"type": event["type"], "payload": event, "created": created}
            )
            if record.processed_at is not None:
                return record
            handler = EVENT_HANDLERS.get(event["type"])
            if handler is not None:
                handler(event["data"]["object"], at=created)
            record.processed_at = timezone.now()
            record.error = ""
            record.save(update_fields=["processed_at", "error"])
            return record
    except Exception as exc:
        log.exception("Stripe event %s (%s) failed", event.get("id"), event.get("type"))
        StripeEvent.objects.update_or_create(
            id=event["id"],
            defaults={"type": event["type"], "payload": event, "created": created, "error": repr(exc)[:2000]},
        )
        raise


def _link_checkout_session(session: dict, *, at: datetime) -> None:
    """checkout.session.completed: the Payment Link carried our user id as
    client_reference_id. Link the Stripe customer and subscription to that user, then grant
    any invoice that was paid before this event arrived."""
    customer_id = session.get("customer") or ""
    user = _user_from_reference(session.get("client_reference_id")) or _user_from_metadata(
        session.get("metadata")
    )
    if user is None or not customer_id:
        log.warning("Checkout session %s names no known user or customer; not linked", session.get("id"))
        return
    user = _link_customer(customer_id=customer_id, user=user)
    subscription_id = session.get("subscription") or ""
    if subscription_id:
        Subscription.objects.get_or_create(
            subscription_id=subscription_id, defaults={"customer_id": customer_id, "user": user}
        )
    settle_customer(customer_id=customer_id)
    _settle_customer_after_commit(customer_id)


def _record_paid_invoice(invoice: dict, *, at: datetime) -> None:
    """invoice.paid: grant the plan's credits once for this invoice. If we cannot tell whose
    invoice it is yet (it was paid before checkout.session.completed arrived), it waits as
    a PaidInvoice without a user and is granted when the customer is linked."""
    customer_id = invoice.get("customer") or ""
    subscription_id = _invoice_subscription_id(invoice)
    price_id, plan = _invoice_plan(invoice, plans=list(Plan.objects.all()))

    paid, created = PaidInvoice.objects.select_for_update().get_or_create(
        invoice_id=invoice["id"],
        defaults={
            "customer_id": customer_id,
            "subscription_id": subscription_id,
            "price_id": price_id,
            "plan": plan,
            "number": invoice.get("number") or "",
            "billing_reason": invoice.get("billing_reason") or "",
            "amount_paid": invoice.get("amount_paid") or 0,
            "currency": invoice.get("currency") or "",
            "paid_at": from_unix((invoice.get("status_transitions") or {}).get("paid_at")) or at,
        },
    )
    if paid.credited_at is not None:
        return
    why_nothing_due = _why_no_credits_are_due(invoice) if created else None
    if why_nothing_due:
        log.info("Invoice %s is %s; no credits due", paid.invoice_id, why_nothing_due)
        paid.credited_at = timezone.now()
        paid.save(update_fields=["credited_at"])
        return
    if paid.user is None:
        metadata = ((invoice.get("parent") or {}).get("subscription_details") or {}).get("metadata")
        paid.user = (
            _user_for_customer(customer_id)
            or _user_for_subscription(subscription_id)
            or _user_from_metadata(metadata)
            or _user_from_metadata(invoice.get("metadata"))
        )
        if paid.user is None:
            log.info(
                "Invoice %s paid before its checkout was linked; credits wait for the link", paid.invoice_id
            )
            _settle_customer_after_commit(customer_id)
            return
        paid.save(update_fields=["user"])
        if customer_id:
            _link_customer(customer_id=customer_id, user=paid.user)
    _grant_invoice_credits(paid)


def _invoice_credits(paid: PaidInvoice) -> tuple[int, str]:
    """The credits an invoice buys, and the ledger's reason. A period's invoice buys the plan's
    monthly credits. A plan change invoiced at once (an upgrade mid-period) pays only the
    prorated difference, so it buys credits in the same proportion to the plan's price —
    otherwise upgrading late in a period and downgrading again would buy a month of the higher
    plan's credits for a few cents, as often as repeated."""
    plan = paid.plan
    if paid.billing_reason != "subscription_update" or plan.price <= 0:
        return plan.credits, f"{plan.name} plan: monthly credits"
    price_minor = int(plan.price * 10 ** minor_unit_digits(paid.currency or "usd"))
    credits = min(plan.credits, plan.credits * paid.amount_paid // price_minor)
    return credits, f"{plan.name} plan: credits for the rest of this period"


def _grant_invoice_credits(paid: PaidInvoice) -> int:
    """Grant what the invoice bought (once: the ledger's key is the invoice) and mark it
    credited. Returns the credits it bought (0 for an invoice no plan sells)."""
    if paid.plan is None:
        log.warning(
            "Invoice %s is for price %r, which no plan sells; no credits granted",
            paid.invoice_id,
            paid.price_id,
        )
        return 0
    credits, reason = _invoice_credits(paid)
    if credits:
        grant_credits(
            user=paid.user,
            amount=credits,
            reason=reason,
            idempotency_key=f"stripe-invoice:{paid.invoice_id}",
            kind=LedgerEntry.Kind.PURCHASE,
            reference=paid.invoice_id,
        )
    paid.credited_at = timezone.now()
    paid.save(update_fields=["credited_at"])
    return credits


def _sync_subscription_event(subscription: dict, *, at: datetime) -> None:
    sync_subscription(snapshot=subscription, at=at)


EVENT_HANDLERS = {
    "checkout.session.completed": _link_checkout_session,
    "invoice.paid": _record_paid_invoice,
    "customer.subscription.created": _sync_subscription_event,
    "customer.subscription.updated": _sync_subscription_event,
    "customer.subscription.deleted": _sync_subscription_event,
}


def sync_subscription(*, snapshot: dict, at: datetime) -> Subscription:
    """Copy a Stripe subscription object (from an event, or from our own API call) into our
    row — unless we already applied a newer snapshot. `at` is when Stripe produced it.
    A subscription Stripe has ended stays ended, whatever arrives late."""
    customer_id = snapshot.get("customer") or ""
    with transaction.atomic():
        subscription, created = Subscription.objects.select_for_update().get_or_create(
            subscription_id=snapshot["id"], defaults={"customer_id": customer_id}
        )
        if not created and subscription.synced_at is not None and at < subscription.synced_at:
            return subscription
        status = snapshot.get("status") or ""
        if subscription.status in TERMINAL_STATUSES and status not in TERMINAL_STATUSES:
            return subscription
        price_id = _subscription_price_id(snapshot)
        subscription.customer_id = customer_id or subscription.customer_id
        subscription.status = status
        subscription.price_id = price_id
        subscription.plan = Plan.objects.for_price_id(price_id)
        if subscription.plan is None and status not in TERMINAL_STATUSES:
            # Its user reads 'Unknown Plan' on /billing and is on Free everywhere else: the
            # price needs a Plan row (its stripe_price_id) or the STRIPE_PRICE_* setting.
            log.warning(
                "Subscription %s is on price %r, which no plan sells; its user stays on Free",
                snapshot["id"],
                price_id,
            )
        subscription.current_period_end = from_unix(_subscription_period_end(snapshot))
        subscription.cancel_at_period_end = bool(snapshot.get("cancel_at_period_end"))
        subscription.synced_at = at
        if subscription.user_id is None:
            subscription.user = _user_for_customer(subscription.customer_id) or _user_from_metadata(
                snapshot.get("metadata")
            )
            if subscription.user is None:
                _settle_customer_after_commit(subscription.customer_id)
        subscription.save()
        return subscription


@dataclass(frozen=True)
class Settlement:
    """What linking a customer gave its user: subscriptions that had no owner, and the
    waiting invoices granted (with the credits they bought, prorated ones included)."""

    subscriptions: int = 0
    invoices: tuple[str, ...] = ()
    credits: int = 0


def settle_customer(*, customer_id: str) -> Settlement:
    """Once a Stripe customer is linked to a user, give that user what arrived for the
    customer before the link: subscriptions without an owner, invoices not yet granted."""
    with transaction.atomic():
        user = _user_for_customer(customer_id)
        if user is None:
            return Settlement()
        subscriptions = Subscription.objects.filter(customer_id=customer_id, user__isnull=True).update(
            user=user
        )
        pending = PaidInvoice.objects.select_for_update().filter(
            customer_id=customer_id, credited_at__isnull=True, plan__isnull=False
        )
        invoices, credits = [], 0
        for invoice in pending:
            invoice.user = invoice.user or user
            invoice.save(update_fields=["user"])
            credits += _grant_invoice_credits(invoice)
            invoices.append(invoice.invoice_id)
        return Settlement(subscriptions=subscriptions, invoices=tuple(invoices), credits=credits)


def _settle_customer_after_commit(customer_id: str) -> None:
    """Events for one customer can be applied at the same moment by two workers (on
    PostgreSQL), each unable to see the other's uncommitted link or invoice. Settling again
    after each commit closes that gap: whichever commits last sees both."""
    if customer_id:
        transaction.on_commit(partial(settle_customer, customer_id=customer_id))


# --- the user's billing actions ----------------------------------------------------------------


def cancel_subscription(*, user, subscription_id: str) -> Subscription:
    """Ask Stripe to end the user's subscription at the end of the paid period. Raises
    Subscription.DoesNotExist for a subscription that is not the user's, and
    StripeUnavailable when Stripe refuses. No transaction is held across the Stripe call."""
    subscription = Subscription.objects.get(user=user, subscription_id=subscription_id)
    snapshot = stripe_client.cancel_subscription_at_period_end(subscription.subscription_id)
    return sync_subscription(snapshot=snapshot, at=_stripe_now())


class NoBillingAccount(Exception):
    """The user has no Stripe customer yet: there is nothing for the portal to show."""

    message = "There is no billing account yet. Subscribe to a plan first."

    def __init__(self):
        super().__init__(self.message)


def open_customer_portal(*, user, subscription_id: str = "", plan_id: str = "", return_url: str) -> str:
    """'Manage billing' and 'Change plan': the URL of a fresh Stripe customer-portal session for
    the customer of subscription `subscription_id` (the user's own; without one, their current
    subscription's, else any customer of theirs). With `plan_id` naming an active paid plan and
    a subscription to switch, the portal opens on switching it to that plan. The billing page
    the portal returns to then re-reads the user's subscriptions. Raises
    Subscription.DoesNotExist (not the user's subscription), NoBillingAccount, or
    StripeUnavailable."""
    if subscription_id:
        subscription = Subscription.objects.get(user=user, subscription_id=subscription_id)
    else:
        subscription = Subscription.objects.current_for(user)
    customer_id = (
        subscription.customer_id
        if subscription
        else next(iter(StripeCustomer.objects.customer_ids_for(user)), "")
    )
    if not customer_id:
        raise NoBillingAccount()
    switch_to = Plan.objects.filter(id=plan_id, is_active=True).first() if plan_id else None
    if subscription and switch_to and not switch_to.is_free:
        url = plan_change_portal_url(subscription=subscription, plan=switch_to, return_url=return_url)
    else:
        url = stripe_client.create_portal_session(customer_id, return_url=return_url)
    expect_portal_changes(user=user)
    return url


def plan_change_portal_url(*, subscription: Subscription, plan: Plan, return_url: str) -> str:
    """Stripe's customer portal, on the page confirming the switch of `subscription` to `plan`
    (our webhook then syncs the change and credits its invoice). If Stripe will not open that
    page — the portal's configuration offers no plan switching or not this plan, or the
    subscription cannot change now (ending, unpaid) — the portal's home page instead, where
    the customer sees why and what they can do. StripeUnavailable if neither opens."""
    try:
        snapshot = stripe_client.retrieve_subscription(subscription.subscription_id)
        sync_subscription(snapshot=snapshot, at=_stripe_now())
        item_id = _first_item(snapshot).get("id")
        if plan.price_id and item_id:
            flow = stripe_client.plan_switch_flow(
                subscription_id=subscription.subscription_id,
                item_id=item_id,
                price_id=plan.price_id,
                return_url=return_url,
            )
            return stripe_client.create_portal_session(
                subscription.customer_id, return_url=return_url, flow=flow
            )
    except StripeUnavailable:
        log.info("No plan-switch page for %s to %s; opening the portal's home", subscription, plan.id)
    return stripe_client.create_portal_session(subscription.customer_id, return_url=return_url)


def refresh_subscription(*, subscription: Subscription) -> Subscription:
    """Re-read the subscription from Stripe (the billing page shows it as Stripe has it now),
    and note when (billing.reads asks again only once that is a few minutes old). A page read:
    a short timeout and no retry, since the stored copy can be shown instead."""
    snapshot = stripe_client.retrieve_subscription(subscription.subscription_id, page_read=True)
    now = _stripe_now()
    subscription = sync_subscription(snapshot=snapshot, at=now)
    Subscription.objects.filter(pk=subscription.pk).update(refreshed_at=now)
    subscription.refreshed_at = now
    return subscription


def expect_portal_changes(*, user) -> None:
    """The customer portal can cancel, switch or pay the user's subscriptions: the billing page
    it returns to re-reads them from Stripe instead of waiting for the webhooks."""
    Subscription.objects.filter(user=user, refreshed_at__isnull=False).update(refreshed_at=None)


# --- the Free plan's monthly credits ------------------------------------------------------------

FREE_MONTHLY_CREDITS_REASON = "Free plan: monthly credits"


def add_months(moment: datetime, months: int) -> datetime:
    """`moment` moved by whole calendar months, at the same time of day: the same day of the
    month, or the month's last day when it has no such day (Jan 31 + 1 month is Feb 28, or 29
    in a leap year; + 2 months is Mar 31 — always counted from `moment`, never step by step)."""
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    return moment.replace(year=year, month=month, day=min(moment.day, calendar.monthrange(year, month)[1]))


def free_period_number(*, joined: datetime, now: datetime) -> int:
    """Which of the user's monthly Free periods `now` falls in: period n runs from `joined` + n
    months up to `joined` + n+1 months. Period 0 is the sign-up grant's; negative before `joined`.
    Counted in UTC, so a daylight-saving change never moves a period's start."""
    joined, now = joined.astimezone(UTC), now.astimezone(UTC)
    months = (now.year - joined.year) * 12 + now.month - joined.month
    # add_months(joined, months) falls in now's month: one month back when it is still ahead.
    return months - 1 if add_months(joined, months) > now else months


def free_monthly_credits_key(*, user_id: int, period: int) -> str:
    return f"free-monthly:{user_id}:{period}"


def grant_free_monthly_credits(*, now: datetime, batch_size: int = BATCH_SIZE) -> int:
    """Top every Free user's balance up to the Free plan's credits (SIGNUP_CREDITS) once in each
    monthly period after sign-up's (free_period_number): a user holding 30 gets 70; one holding
    100 or more gets nothing, and nothing later in that period either. Paid subscribers are
    skipped until they are on Free again (their subscription ended; they then get the top-up of
    the period they are in), as are inactive accounts. Missed periods are not made up: a top-up
    brings the balance to 100, never beyond. Returns how many users got credits (two runs at
    once may both count one).

    Run every hour by housekeeping (config/housekeeping.py), or by `manage.py grant_free_credits`.
    Running it again, or twice at once, grants nothing more: each period's top-up has its own
    idempotency key, `free-monthly:<user id>:<period>`. It reads only users due a look —
    no FreeCreditsPeriod row yet, or their next period has begun — `batch_size` at a time by
    primary key (paid subscribers stay due, so config.batches.in_batches, which needs each pass
    to take its rows out, does not fit); one query per batch tells the paid subscribers apart.
    """
    # Period 1 starts at least 28 days after sign-up (Feb 28 after Jan 31).
    due = (
        get_user_model()
        .objects.filter(is_active=True, created_at__lte=now - timedelta(days=28))
        .filter(Q(free_credits_period__isnull=True) | Q(free_credits_period__next_period_starts_at__lte=now))
        .only("pk", "created_at")
        .order_by("pk")
    )
    granted, last_pk = 0, None
    while batch := list((due if last_pk is None else due.filter(pk__gt=last_pk))[:batch_size]):
        last_pk = batch[-1].pk
        on_paid_plans = Subscription.objects.user_ids_on_paid_plans([user.pk for user in batch])
        for user in batch:
            period = free_period_number(joined=user.created_at, now=now)
            if period >= 1 and user.pk not in on_paid_plans:
                granted += _settle_free_period(user=user, period=period, now=now) is not None
    return granted


def _settle_free_period(*, user, period: int, now: datetime) -> LedgerEntry | None:
    """The period's top-up and its FreeCreditsPeriod row, in one transaction. The row is written
    with an upsert: a second run settling the same period at the same time writes the same values
    (and its top-up returns the first one's entry)."""
    with transaction.atomic():
        entry = top_up_credits(
            user=user,
            to=SIGNUP_CREDITS,
            reason=FREE_MONTHLY_CREDITS_REASON,
            idempotency_key=free_monthly_credits_key(user_id=user.pk, period=period),
        )
        FreeCreditsPeriod.objects.bulk_create(
            [
                FreeCreditsPeriod(
                    user_id=user.pk,
                    period=period,
                    next_period_starts_at=add_months(user.created_at.astimezone(UTC), period + 1),
                    settled_at=now,
                )
            ],
            update_conflicts=True,
            unique_fields=["user"],
            update_fields=["period", "next_period_starts_at", "settled_at"],
        )
    return entry


# --- helpers -----------------------------------------------------------------------------------


def _stripe_now() -> datetime:
    """The time of a snapshot we fetched ourselves, in whole seconds like Stripe's event
    timestamps: an event Stripe creates in the same second still counts as no older."""
    return timezone.now().replace(microsecond=0)


def _link_customer(*, customer_id: str, user):
    """Link a Stripe customer to a user; a customer already linked keeps its owner (which is
    returned), since credits must never move between accounts on a webhook's say-so."""
    link, _ = StripeCustomer.objects.get_or_create(customer_id=customer_id, defaults={"user": user})
    if link.user_id != user.pk:
        log.warning("Stripe customer %s belongs to user %s, not %s; kept", customer_id, link.user_id, user.pk)
    return link.user


def _user_from_reference(reference) -> "object | None":
    reference = str(reference or "").strip()
    if not reference.isdigit():
        return None
    return get_user_model().objects.filter(pk=int(reference)).first()


def _user_from_metadata(metadata) -> "object | None":
    metadata = metadata or {}
    return _user_from_reference(metadata.get("client_reference_id") or metadata.get("user_id"))


def _user_for_customer(customer_id: str):
    if not customer_id:
        return None
    link = StripeCustomer.objects.select_related("user").filter(customer_id=customer_id).first()
    return link.user if link else None


def _user_for_subscription(subscription_id: str):
    if not subscription_id:
        return None
    subscription = (
        Subscription.objects.select_related("user")
        .filter(subscription_id=subscription_id, user__isnull=False)
        .first()
    )
    return subscription.user if subscription else None


def _first_item(snapshot: dict) -> dict:
    items = (snapshot.get("items") or {}).get("data") or []
    return items[0] if items else {}


def _subscription_price_id(snapshot: dict) -> str:
    return ((_first_item(snapshot).get("price") or {}).get("id")) or ""


def _subscription_period_end(snapshot: dict) -> int | None:
    # Since API version 2025-03-31 the period lives on the items; older versions had it on top.
    return _first_item(snapshot).get("current_period_end") or snapshot.get("current_period_end")


def _invoice_subscription_id(invoice: dict) -> str:
    details = (invoice.get("parent") or {}).get("subscription_details") or {}
    return details.get("subscription") or invoice.get("subscription") or ""


def _invoice_plan(invoice: dict, *, plans: list[Plan]) -> tuple[str, Plan | None]:
    """The price an invoice pays for, and the plan sold under it (None when no plan sells
    it; '', None for an invoice without prices).

    A plan change puts proration lines on the invoice: 'Unused time on Basic' (a negative
    amount, the old plan) and 'Remaining time on Pro' (positive, the new plan) — invoiced at
    once, or carried ahead of the next period's line on the renewal invoice. So the invoice
    pays for its regular (non-proration) line; failing that for its positive proration line;
    the latest period, then the first line, breaks a tie."""
    candidates = []
    for index, line in enumerate((invoice.get("lines") or {}).get("data") or []):
        price_id = _line_price_id(line)
        if not price_id:
            continue
        plan = next((p for p in plans if p.price_id == price_id), None)
        period_end = (line.get("period") or {}).get("end") or 0
        rank = (
            not _line_is_proration(line),
            (line.get("amount") or 0) > 0,
            period_end,
            -index,
        )
        candidates.append((rank, price_id, plan))
    if not candidates:
        return "", None
    _rank, price_id, plan = max(candidates, key=lambda candidate: candidate[0])
    return price_id, plan


def _line_price_id(line: dict) -> str:
    """Newer API versions put the price under pricing.price_details.price; older ones had
    line.price (an object, or its id)."""
    price = ((line.get("pricing") or {}).get("price_details") or {}).get("price") or line.get("price")
    if isinstance(price, dict):
        price = price.get("id")
    return price if isinstance(price, str) else ""


def _line_is_proration(line: dict) -> bool:
    """Newer API versions say so under parent.subscription_item_details (or
    invoice_item_details); older ones had line.proration."""
    parent = line.get("parent") or {}
    details = parent.get("subscription_item_details") or parent.get("invoice_item_details") or {}
    return bool(details.get("proration", line.get("proration")))


def _why_no_credits_are_due(invoice: dict) -> str | None:
    """Why a paid invoice buys no credits, or None when it does:
    - a plan change (billing_reason 'subscription_update') whose total is not positive: a
      downgrade's proration credit covers the new plan's time, and this period's credits came
      with the invoice that paid for it;
    - a trial period: Stripe invoices it at a subtotal of 0 and marks it paid. Credits come with
      the first invoice that prices a period. A coupon is different: its subtotal is the plan's
      price, and the discount is the seller's choice, so it buys the plan's credits."""
    total = invoice.get("total")
    total = invoice.get("amount_paid") if total is None else total
    if invoice.get("billing_reason") == "subscription_update" and (total or 0) <= 0:
        return "a plan change that charged nothing"
    if invoice.get("subtotal") == 0:
        return "a trial period"
    return None
