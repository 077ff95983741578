import pytest

from billing.actions import apply_stripe_event
from billing.models import FREE_PLAN_ID, Plan
from billing.tests.stripe_fixtures import fixture

pytestmark = pytest.mark.django_db


def test_the_six_documented_plans_are_seeded(plans):
    rows = [(p.id, p.name, p.tier, str(p.price), p.credits, p.badge) for p in Plan.objects.all()]

    assert rows == [
        ("free", "Free", "free", "0.00", 100, ""),
        ("starter", "Starter", "starter", "19.99", 1000, "Great Value"),
        ("professional", "Basic", "starter", "49.99", 3000, "Most Popular"),
        ("business", "Advanced", "starter", "89.99", 6000, ""),
        ("enterprise", "Pro", "starter", "149.99", 10000, ""),
        ("ultimate", "Ultimate", "starter", "289.99", 30000, "Enterprise"),
    ]


def test_the_environment_wins_over_the_admin_for_price_and_link(basic_plan, settings):
    settings.STRIPE_PLAN_PRICE_IDS = {"professional": "price_env_basic"}
    settings.STRIPE_PLAN_LINKS = {"professional": "https://buy.stripe.com/env_basic"}

    plan = Plan.objects.get(id="professional")

    assert (plan.price_id, plan.payment_link) == ("price_env_basic", "https://buy.stripe.com/env_basic")
    assert Plan.objects.for_price_id("price_env_basic") == plan
    assert Plan.objects.for_price_id(plan.stripe_price_id) is None


def test_the_admin_values_apply_when_the_environment_is_silent(basic_plan, settings):
    settings.STRIPE_PLAN_PRICE_IDS = {"professional": ""}

    assert Plan.objects.get(id="professional").price_id == basic_plan.stripe_price_id


def test_the_checkout_url_carries_the_user_id_and_email_urlencoded(basic_plan, make_user):
    carol = make_user("carol+ads@example.com")

    assert basic_plan.checkout_url_for(carol) == (
        f"https://buy.stripe.com/test_basic4999?client_reference_id={carol.pk}&prefilled_email=carol%2Bads%40example.com"
    )


def test_a_link_with_a_query_keeps_it(basic_plan, alice):
    basic_plan.stripe_link = "https://buy.stripe.com/test_basic4999?locale=en"

    assert basic_plan.checkout_url_for(alice).startswith(
        "https://buy.stripe.com/test_basic4999?locale=en&client_reference_id="
    )


@pytest.mark.parametrize("link", ["", "#", " # "])
def test_no_checkout_url_without_a_link_or_for_contact_sales(basic_plan, alice, link):
    basic_plan.stripe_link = link

    assert basic_plan.checkout_url_for(alice) == ""


def test_the_free_plan_is_never_checked_out(plans, alice):
    free = Plan.objects.get(id=FREE_PLAN_ID)
    free.stripe_link = "https://buy.stripe.com/free"

    assert free.checkout_url_for(alice) == ""


def test_a_new_user_is_on_free(plans, alice):
    assert Plan.objects.current_for(alice).id == "free"


def test_a_live_subscription_decides_the_plan_and_an_unknown_price_falls_back_to_free(
    basic_plan, alice, stripe_keys
):
    for name in ("checkout_session_completed", "customer_subscription_updated_active"):
        apply_stripe_event(event=fixture(name, user=alice))
    assert Plan.objects.current_for(alice) == basic_plan

    basic_plan.stripe_price_id = "price_renamed"
    basic_plan.save()
    update = fixture("customer_subscription_updated_cancel", user=alice)
    apply_stripe_event(event=update)

    assert Plan.objects.current_for(alice).id == "free"


def test_the_current_plan_is_one_query(basic_plan, alice, django_assert_num_queries):
    with django_assert_num_queries(1):
        Plan.objects.current_for(alice)
