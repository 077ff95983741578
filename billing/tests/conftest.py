import pytest

from billing.models import Plan
from billing.tests.stripe_fixtures import (
    ADVANCED_PRICE,
    BASIC_PRICE,
    PRO_PRICE,
    SECRET_KEY,
    WEBHOOK_SECRET,
    ensure_plans_seeded,
)


@pytest.fixture
def stripe_keys(settings):
    """Stripe configured as in production, with test keys."""
    settings.STRIPE_SECRET_KEY = SECRET_KEY
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.STRIPE_API_BASE = ""
    return settings


@pytest.fixture
def plans(db):
    ensure_plans_seeded()


@pytest.fixture
def basic_plan(plans):
    """The Basic plan (id professional), sold under the price id the recorded events carry."""
    plan = Plan.objects.get(id="professional")
    plan.stripe_price_id = BASIC_PRICE
    plan.stripe_link = "https://buy.stripe.com/test_basic4999"
    plan.save()
    return plan


@pytest.fixture
def pro_plan(plans):
    """The Pro plan (id enterprise), sold under the price id of the recorded plan changes."""
    plan = Plan.objects.get(id="enterprise")
    plan.stripe_price_id = PRO_PRICE
    plan.stripe_link = "https://buy.stripe.com/test_pro14999"
    plan.save()
    return plan


@pytest.fixture
def advanced_plan(plans):
    """The Advanced plan (id business), sold under the second purchase's price id."""
    plan = Plan.objects.get(id="business")
    plan.stripe_price_id = ADVANCED_PRICE
    plan.stripe_link = "https://buy.stripe.com/test_advanced8999"
    plan.save()
    return plan


@pytest.fixture
def alice_subscribed(basic_plan, alice, stripe_keys):
    """Alice bought Basic: the recorded checkout, subscription and invoice events applied."""
    from billing.actions import apply_stripe_event
    from billing.models import Subscription
    from billing.tests.stripe_fixtures import SUBSCRIPTION, fixture

    for name in ("checkout_session_completed", "customer_subscription_updated_active", "invoice_paid"):
        apply_stripe_event(event=fixture(name, user=alice))
    return Subscription.objects.get(subscription_id=SUBSCRIPTION)


@pytest.fixture
def alice_subscribed_twice(alice_subscribed, advanced_plan, alice):
    """Alice, on Basic, also bought Advanced through its Subscribe button (a second Stripe
    customer and subscription): the subscription Alice is billed for besides Basic."""
    from billing.actions import apply_stripe_event
    from billing.models import Subscription
    from billing.tests.stripe_fixtures import SECOND_SUBSCRIPTION, second_purchase

    for name in ("checkout_session_completed", "customer_subscription_updated_active", "invoice_paid"):
        apply_stripe_event(event=second_purchase(name, user=alice))
    return Subscription.objects.get(subscription_id=SECOND_SUBSCRIPTION)
