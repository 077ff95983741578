import pytest

from billing.actions import apply_stripe_event
from billing.models import PLAN_FEATURES_MESSAGE, Plan
from billing.tests.stripe_fixtures import fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def test_staff_edit_a_plan_in_the_admin(staff_client, plans):
    response = staff_client.get("/admin/billing/plan/professional/change/")
    assert response.status_code == 200
    form = response.context["adminform"].form
    data = {name: form.initial.get(name, "") for name in form.fields}
    data.update(
        features='["3,000 credits per month"]',
        stripe_link="https://buy.stripe.com/live_basic",
        stripe_price_id="price_live_basic",
        credits=3500,
    )

    response = staff_client.post("/admin/billing/plan/professional/change/", data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    plan = Plan.objects.get(id="professional")
    assert (plan.credits, plan.stripe_price_id, plan.features) == (
        3500,
        "price_live_basic",
        ["3,000 credits per month"],
    )


def plan_form_data(staff_client, plan_id: str) -> dict:
    form = staff_client.get(f"/admin/billing/plan/{plan_id}/change/").context["adminform"].form
    return {name: form.initial.get(name, "") for name in form.fields} | {"features": form["features"].value()}


@pytest.mark.parametrize(
    "features",
    ["5", '"just a string"', "null", '""', '[""]', '["  "]', '["Priority support", 3]', '{"support": true}'],
)
def test_plan_features_must_be_a_list_of_texts(staff_client, plans, features):
    data = plan_form_data(staff_client, "starter") | {"features": features}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["features"] == [PLAN_FEATURES_MESSAGE]
    assert Plan.objects.get(id="starter").features[0] == "1,000 credits per month"


def test_plan_features_are_saved_without_surrounding_spaces(staff_client, plans):
    data = plan_form_data(staff_client, "starter") | {"features": '[" Priority support ", "Export"]'}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.status_code == 302
    assert Plan.objects.get(id="starter").features == ["Priority support", "Export"]


def test_a_plan_with_bad_features_already_stored_still_opens_in_the_admin(staff_client, plans):
    Plan.objects.filter(id="starter").update(features=5)

    response = staff_client.get("/admin/billing/plan/starter/change/")

    assert response.status_code == 200
    assert staff_client.get("/admin/billing/plan/").status_code == 200


def test_the_free_plan_cannot_be_deleted(staff_client, plans):
    assert staff_client.get("/admin/billing/plan/free/delete/").status_code == 403


def test_staff_read_stripe_events_but_cannot_change_them(staff_client, alice, basic_plan, stripe_keys):
    apply_stripe_event(event=fixture("checkout_session_completed", user=alice))

    listing = staff_client.get("/admin/billing/stripeevent/")
    detail = staff_client.get("/admin/billing/stripeevent/evt_1SVqK2LkdIwHu7ixCheckout01/change/")

    assert listing.status_code == 200 and "checkout.session.completed" in listing.content.decode()
    assert detail.status_code == 200 and "cs_live_a1Yb2Zc3" in detail.content.decode()
    assert (
        staff_client.post("/admin/billing/stripeevent/evt_1SVqK2LkdIwHu7ixCheckout01/change/", {}).status_code
        == 403
    )
    assert staff_client.get("/admin/billing/stripeevent/add/").status_code == 403


def test_linking_a_customer_by_hand_grants_the_invoices_waiting_for_it(
    staff_client, alice, basic_plan, stripe_keys
):
    apply_stripe_event(event=fixture("invoice_paid"))  # nobody to credit yet

    response = staff_client.post(
        "/admin/billing/stripecustomer/add/", {"customer_id": "cus_TSqK8xVb2LmN4p", "user": alice.pk}
    )

    assert response.status_code == 302
    assert alice.ledger_entries.filter(kind="purchase", amount=3000).count() == 1
