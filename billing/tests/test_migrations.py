import importlib

import pytest
from django.apps import apps

from billing.actions import apply_stripe_event
from billing.models import PaidInvoice, Plan
from billing.tests.stripe_fixtures import INVOICE, fixture
from credits.actions import SIGNUP_CREDITS

pytestmark = pytest.mark.django_db

paid_invoice_number = importlib.import_module("billing.migrations.0004_paid_invoice_number")
plan_and_customer_validators = importlib.import_module("billing.migrations.0007_plan_and_customer_validators")
free_plan_active = importlib.import_module("billing.migrations.0008_free_plan_active")


def test_invoices_recorded_before_numbers_were_kept_get_theirs_from_the_stored_event(alice_subscribed):
    apply_stripe_event(event=fixture("invoice_paid_upgrade"))
    PaidInvoice.objects.update(number="")

    paid_invoice_number.copy_numbers_from_stored_events(apps, None)

    assert dict(PaidInvoice.objects.values_list("invoice_id", "number")) == {
        INVOICE: "4F2C1A7B-0001",
        "in_1SWAa0LkdIwHu7ixUpgr4dPr": "4F2C1A7B-0002",
    }


def test_the_free_plans_credits_price_and_tier_edited_before_they_were_fixed_are_put_back(plans):
    # Sign-ups always got 100 credits: a Free plan saying 250 told every user the wrong thing.
    Plan.objects.filter(id="free").update(credits=250, price=5, tier="starter")
    Plan.objects.filter(id="starter").update(credits=1500)

    plan_and_customer_validators.restore_the_free_plans_fixed_values(apps, None)

    free = Plan.objects.get(id="free")
    assert (free.credits, free.price, free.tier) == (SIGNUP_CREDITS, 0, "free")
    assert Plan.objects.get(id="starter").credits == 1500


def test_a_free_plan_made_inactive_before_it_stayed_active_is_active_again(plans):
    Plan.objects.filter(id__in=["free", "starter"]).update(is_active=False)

    free_plan_active.activate_the_free_plan(apps, None)

    assert dict(Plan.objects.filter(id__in=["free", "starter"]).values_list("id", "is_active")) == {
        "free": True,
        "starter": False,
    }
