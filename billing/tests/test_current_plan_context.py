import pytest

from billing.actions import apply_stripe_event
from billing.tests.stripe_fixtures import fixture

pytestmark = pytest.mark.django_db


def test_the_shell_plan_card_shows_free_for_a_new_user(alice_client, plans):
    response = alice_client.get("/billing")

    assert response.context["current_plan"].id == "free"
    assert "data-shell-plan" in response.content.decode()


def test_the_shell_plan_card_follows_the_synced_subscription(alice_client, alice, basic_plan, settings):
    settings.STRIPE_SECRET_KEY = ""  # no live refresh: the synced copy decides
    for name in ("checkout_session_completed", "customer_subscription_updated_active"):
        apply_stripe_event(event=fixture(name, user=alice))

    assert alice_client.get("/billing").context["current_plan"] == basic_plan

    apply_stripe_event(event=fixture("customer_subscription_deleted", user=alice))

    assert alice_client.get("/billing").context["current_plan"].id == "free"


def test_signed_out_pages_have_no_current_plan(client, plans):
    assert "current_plan" not in client.get("/").context
