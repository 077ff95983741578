"""Billing's part of `manage.py housekeeping` (config/housekeeping.py).

Every Stripe event we accepted is stored with its whole payload (customer emails and names,
addresses, invoice lines). Once an event was processed, nothing reads the payload again: its
effects are in our own rows (customers, subscriptions, PaidInvoice — an invoice waiting for its
customer's link waits there, not in the event), and staff have a month to read it in the admin.
The row itself stays for ever: its primary key, Stripe's event id, is what makes a replay of the
event change nothing. Events not yet processed (their handling failed; Stripe retries them, and
staff may need to see why) keep their payloads.
"""

from datetime import datetime, timedelta

from billing.models import StripeEvent
from config.batches import BATCH_SIZE, in_batches

STRIPE_EVENT_PAYLOADS_KEPT_DAYS = 30


def clear_old_stripe_event_payloads(
    *,
    now: datetime,
    kept_days: int = STRIPE_EVENT_PAYLOADS_KEPT_DAYS,
    batch_size: int = BATCH_SIZE,
) -> int:
    """Empty the payload of every event processed more than `kept_days` days before `now`;
    return how many were emptied."""
    to_clear = StripeEvent.objects.with_payloads_to_clear(processed_before=now - timedelta(days=kept_days))
    return sum(batch.update(payload={}) for batch in in_batches(to_clear, size=batch_size))
