import pytest

from billing.actions import apply_stripe_event
from billing.models import PLAN_FEATURES_MESSAGE, Plan, StripeCustomer, Subscription
from billing.tests.stripe_fixtures import CUSTOMER, INVOICE, SUBSCRIPTION, fixture

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


def test_linking_a_customer_by_hand_grants_the_invoices_waiting_for_it_and_says_so(
    staff_client, alice, basic_plan, stripe_keys
):
    # Paid before anyone knew whose it was: the checkout carried no user id.
    apply_stripe_event(event=fixture("customer_subscription_updated_active"))
    apply_stripe_event(event=fixture("invoice_paid"))

    response = staff_client.post(
        "/admin/billing/stripecustomer/add/", {"customer_id": CUSTOMER, "user": alice.pk}, follow=True
    )

    assert alice.ledger_entries.filter(kind="purchase", amount=3000).count() == 1
    assert Subscription.objects.get(subscription_id=SUBSCRIPTION).user == alice
    assert (
        f"Linked {CUSTOMER} to alice@example.com: granted 3,000 credits for 1 paid invoice that "
        f"waited for this customer ({INVOICE}); 1 subscription now belongs to them."
    ) in [str(m) for m in response.context["messages"]]


def test_linking_says_the_credits_a_prorated_upgrade_invoice_actually_granted(
    staff_client, alice, basic_plan, pro_plan, stripe_keys
):
    # Basic's first invoice (3,000 credits) and a $50 upgrade to Pro ($149.99 for 10,000 a
    # month) mid-period, which buys 3,333: both paid before anyone knew whose they were.
    apply_stripe_event(event=fixture("invoice_paid"))
    apply_stripe_event(event=fixture("invoice_paid_upgrade"))

    response = staff_client.post(
        "/admin/billing/stripecustomer/add/", {"customer_id": CUSTOMER, "user": alice.pk}, follow=True
    )

    granted = sorted(alice.ledger_entries.filter(kind="purchase").values_list("amount", flat=True))
    assert granted == [3000, 3333]
    assert any(
        str(message).startswith(f"Linked {CUSTOMER} to alice@example.com: granted 6,333 credits for 2 paid ")
        for message in response.context["messages"]
    ), [str(message) for message in response.context["messages"]]


def test_linking_a_customer_with_nothing_waiting_says_no_credits_were_granted(staff_client, alice, plans):
    response = staff_client.post(
        "/admin/billing/stripecustomer/add/", {"customer_id": "cus_NothingYet", "user": alice.pk}, follow=True
    )

    assert (
        "Linked cus_NothingYet to alice@example.com: no paid invoices were waiting for this customer, "
        "so no credits were granted."
    ) in [str(m) for m in response.context["messages"]]


def test_a_linked_customer_cannot_be_moved_to_another_user(
    staff_client, alice, bob, basic_plan, stripe_keys, alice_subscribed
):
    link = StripeCustomer.objects.get(customer_id=CUSTOMER)
    url = f"/admin/billing/stripecustomer/{link.pk}/change/"

    page = staff_client.get(url)
    moved = staff_client.post(url, {"customer_id": CUSTOMER, "user": bob.pk})

    assert page.status_code == 200 and page.context["title"] == "View stripe customer"
    assert 'name="user"' not in page.content.decode()
    assert moved.status_code == 403
    assert StripeCustomer.objects.get(customer_id=CUSTOMER).user == alice


def test_a_linked_customer_cannot_be_deleted(staff_client, alice_subscribed):
    link = StripeCustomer.objects.get(customer_id=CUSTOMER)

    assert staff_client.get(f"/admin/billing/stripecustomer/{link.pk}/delete/").status_code == 403
    listing = staff_client.get("/admin/billing/stripecustomer/")
    assert "delete_selected" not in listing.content.decode()
    assert StripeCustomer.objects.filter(customer_id=CUSTOMER).exists()


def test_a_customer_linked_to_alice_cannot_be_linked_again_to_bob(staff_client, alice_subscribed, bob):
    response = staff_client.post(
        "/admin/billing/stripecustomer/add/", {"customer_id": CUSTOMER, "user": bob.pk}
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["customer_id"] == [
        "Stripe customer with this Customer id already exists."
    ]
    assert StripeCustomer.objects.get(customer_id=CUSTOMER).user.email == "alice@example.com"
