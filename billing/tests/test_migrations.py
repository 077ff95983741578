import importlib

import pytest
from django.apps import apps

from billing.actions import apply_stripe_event
from billing.models import PaidInvoice
from billing.tests.stripe_fixtures import INVOICE, fixture

pytestmark = pytest.mark.django_db

paid_invoice_number = importlib.import_module("billing.migrations.0004_paid_invoice_number")


def test_invoices_recorded_before_numbers_were_kept_get_theirs_from_the_stored_event(alice_subscribed):
    apply_stripe_event(event=fixture("invoice_paid_upgrade"))
    PaidInvoice.objects.update(number="")

    paid_invoice_number.copy_numbers_from_stored_events(apps, None)

    assert dict(PaidInvoice.objects.values_list("invoice_id", "number")) == {
        INVOICE: "4F2C1A7B-0001",
        "in_1SWAa0LkdIwHu7ixUpgr4dPr": "4F2C1A7B-0002",
    }
