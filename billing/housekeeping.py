"""Billing's housekeeping step, run by `manage.py housekeeping` (registered in billing/apps.py
through config/housekeeping.py: services, which owns the command, may not import billing).

Every Stripe event we accepted is stored with its whole payload (customer emails and names,
addresses, invoice lines). Once an event was processed, nothing reads the payload again: its
effects are in our own rows (customers, subscriptions, PaidInvoice — an invoice waiting for its
customer's link waits there, not in the event), and staff have a month to read it in the admin.
The row itself stays for ever: its primary key, Stripe's event id, is what makes a replay of the
event change nothing. Events not yet processed (their handling failed; Stripe retries them, and
staff may need to see why) keep their payloads.
"""

import logging
from datetime import datetime, timedelta

from billing.models import StripeEvent

logger = logging.getLogger(__name__)

STRIPE_EVENT_PAYLOADS_KEPT_DAYS = 30
# Updating in slices keeps each statement (and the locks it takes) short on a large backlog.
BATCH_SIZE = 1000


def clear_old_stripe_event_payloads(
    *,
    now: datetime,
    kept_days: int = STRIPE_EVENT_PAYLOADS_KEPT_DAYS,
    batch_size: int = BATCH_SIZE,
) -> int:
    """Empty the payload of every event processed more than `kept_days` days before `now`;
    return how many were emptied."""
    to_clear = StripeEvent.objects.with_payloads_to_clear(processed_before=now - timedelta(days=kept_days))
    cleared = 0
    while ids := list(to_clear.values_list("pk", flat=True)[:batch_size]):
        cleared += StripeEvent.objects.filter(pk__in=ids).update(payload={})
    return cleared


def housekeeping_step(now: datetime) -> str:
    """The step as config.housekeeping runs it: do the work, say what was done."""
    cleared = clear_old_stripe_event_payloads(now=now)
    logger.info("Housekeeping: %s Stripe event payload(s) cleared", cleared)
    return f"{cleared} Stripe event payload(s) cleared"
