import json

import pytest

from billing.actions import apply_stripe_event
from billing.admin import FREE_PLAN_NOTE
from billing.models import (
    FREE_PLAN_ACTIVE_MESSAGE,
    PLAN_CREDITS_MESSAGE,
    PLAN_FEATURE_TOO_LONG_MESSAGE,
    PLAN_FEATURES_MESSAGE,
    PLAN_FEATURES_TOO_MANY_MESSAGE,
    PLAN_PRICE_MESSAGE,
    STRIPE_CUSTOMER_ID_MESSAGE,
    STRIPE_LINK_MESSAGE,
    STRIPE_PRICE_ID_MESSAGE,
    PaidInvoice,
    Plan,
    StripeCustomer,
    Subscription,
)
from billing.tests.stripe_fixtures import CUSTOMER, INVOICE, SUBSCRIPTION, fixture
from credits.models import balance_of

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
        stripe_price_id="price_1LiveBasic4999",
        credits=3500,
    )

    response = staff_client.post("/admin/billing/plan/professional/change/", data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    plan = Plan.objects.get(id="professional")
    assert (plan.credits, plan.stripe_price_id, plan.features) == (
        3500,
        "price_1LiveBasic4999",
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


@pytest.mark.parametrize(
    "features,message",
    [
        (json.dumps(["x" * 251]), PLAN_FEATURE_TOO_LONG_MESSAGE),
        (json.dumps([f"Feature {n}" for n in range(21)]), PLAN_FEATURES_TOO_MANY_MESSAGE),
    ],
)
def test_plan_features_fit_a_plan_card(staff_client, plans, features, message):
    data = plan_form_data(staff_client, "starter") | {"features": features}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.context["adminform"].form.errors["features"] == [message]
    assert Plan.objects.get(id="starter").features[0] == "1,000 credits per month"


@pytest.mark.parametrize("price_id", ["<script>", "price_", "prod_1LiveBasic4999", "price_1Live Basic"])
def test_a_plan_price_id_must_look_like_stripes(staff_client, plans, price_id):
    data = plan_form_data(staff_client, "starter") | {"stripe_price_id": price_id}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.context["adminform"].form.errors["stripe_price_id"] == [STRIPE_PRICE_ID_MESSAGE]


def test_two_plans_cannot_be_sold_under_one_price_id(staff_client, plans, settings):
    Plan.objects.filter(id="starter").update(stripe_price_id="price_1PqLbT2eZvKYlo2C")
    data = plan_form_data(staff_client, "professional") | {"stripe_price_id": "price_1PqLbT2eZvKYlo2C"}

    response = staff_client.post("/admin/billing/plan/professional/change/", data)

    assert response.context["adminform"].form.errors["stripe_price_id"] == [
        "The Starter plan is already sold under this price id: each plan needs its own Stripe price."
    ]
    # Nor under the id the environment gives another plan.
    settings.STRIPE_PLAN_PRICE_IDS = {"starter": "price_1FromTheEnvironment"}
    data |= {"stripe_price_id": "price_1FromTheEnvironment"}
    response = staff_client.post("/admin/billing/plan/professional/change/", data)
    assert (
        "already sold under this price id" in response.context["adminform"].form.errors["stripe_price_id"][0]
    )


def test_a_plan_with_a_price_is_not_in_the_free_tier(staff_client, plans):
    data = plan_form_data(staff_client, "starter") | {"tier": "free"}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.context["adminform"].form.errors["tier"] == [
        "A plan with a price is not in the Free tier: choose Starter, or set the price to 0."
    ]
    assert Plan.objects.get(id="starter").tier == "starter"


def test_a_plan_in_the_starter_tier_has_a_price(staff_client, plans):
    data = plan_form_data(staff_client, "starter") | {"price": "0"}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.context["adminform"].form.errors["price"] == [
        "A plan in the Starter tier is sold: enter its price, or choose the Free tier."
    ]
    assert Plan.objects.get(id="starter").price > 0


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


@pytest.mark.parametrize(
    "customer_id",
    [
        "not a customer id at all",
        "alice@example.com",
        "cus_",
        "cus_1234",
        "cus_TSqK 8xVb2LmN4p",
        "cus_TSqK8xVb2LmN4p!",
        "cus_TSqK8xVb2LmN4p\u00e9",
        "CUS_TSqK8xVb2LmN4p",
        "sub_1SVqK2LkdIwHu7ix",
        "https://dashboard.stripe.com/customers/cus_TSqK8xVb2LmN4p",
    ],
)
def test_a_customer_link_refuses_text_that_is_not_a_stripe_customer_id(staff_client, alice, customer_id):
    response = staff_client.post(
        "/admin/billing/stripecustomer/add/", {"customer_id": customer_id, "user": alice.pk}
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["customer_id"] == [STRIPE_CUSTOMER_ID_MESSAGE]
    assert not StripeCustomer.objects.exists()


def test_a_customer_id_pasted_with_spaces_around_it_is_linked_without_them(staff_client, alice, plans):
    response = staff_client.post(
        "/admin/billing/stripecustomer/add/", {"customer_id": f"  {CUSTOMER}\t", "user": alice.pk}
    )

    assert response.status_code == 302
    assert StripeCustomer.objects.get().customer_id == CUSTOMER


@pytest.mark.parametrize(
    "link",
    [
        "javascript:alert(1)",
        "http://buy.stripe.com/test_basic4999",
        "buy.stripe.com/test_basic4999",
        "https://",
        "data:text/html,<p>pay</p>",
        "##",
        "mailto:sales@example.com",
    ],
)
def test_a_plans_stripe_link_must_be_an_https_address_or_hash(staff_client, plans, link):
    data = plan_form_data(staff_client, "starter") | {"stripe_link": link}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["stripe_link"] == [STRIPE_LINK_MESSAGE]
    assert Plan.objects.get(id="starter").stripe_link == ""


@pytest.mark.parametrize(
    ("link", "stored"),
    [
        ("https://buy.stripe.com/test_28o5kDfGh3xY", "https://buy.stripe.com/test_28o5kDfGh3xY"),
        (" # ", "#"),
        ("", ""),
    ],
)
def test_a_plans_stripe_link_may_be_an_https_address_hash_or_nothing(staff_client, plans, link, stored):
    data = plan_form_data(staff_client, "starter") | {"stripe_link": link}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.status_code == 302
    assert Plan.objects.get(id="starter").stripe_link == stored


def test_a_negative_plan_price_is_refused_with_a_message_on_the_price(staff_client, plans):
    data = plan_form_data(staff_client, "starter") | {"price": "-1"}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.status_code == 200
    form = response.context["adminform"].form
    assert form.errors == {"price": [PLAN_PRICE_MESSAGE]}  # not "Constraint … is violated."
    assert str(Plan.objects.get(id="starter").price) == "19.99"


@pytest.mark.parametrize("credits", [10_000_001, 99_999_999_999_999])
def test_plan_credits_are_capped_at_what_one_paid_invoice_can_grant(staff_client, plans, credits):
    data = plan_form_data(staff_client, "starter") | {"credits": credits}

    response = staff_client.post("/admin/billing/plan/starter/change/", data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors == {"credits": [PLAN_CREDITS_MESSAGE]}
    assert Plan.objects.get(id="starter").credits == 1000


def test_a_plan_may_give_the_most_one_paid_invoice_can_grant(staff_client, plans):
    data = plan_form_data(staff_client, "starter") | {"credits": 10_000_000}

    assert staff_client.post("/admin/billing/plan/starter/change/", data).status_code == 302
    assert Plan.objects.get(id="starter").credits == 10_000_000


def test_the_free_plans_tier_price_and_credits_are_read_only_and_the_page_says_why(staff_client, plans):
    response = staff_client.get("/admin/billing/plan/free/change/")

    form = response.context["adminform"].form
    assert {"tier", "price", "credits", "is_active"}.isdisjoint(form.fields)
    assert {"name", "description", "features", "stripe_link"} <= set(form.fields)
    assert "each new account receives at sign-up" in FREE_PLAN_NOTE
    assert FREE_PLAN_NOTE in response.content.decode()


def test_posting_other_credits_for_the_free_plan_changes_nothing_that_sign_ups_depend_on(
    staff_client, plans, make_user
):
    data = plan_form_data(staff_client, "free") | {
        "name": "Free forever",
        "tier": "starter",
        "price": "5",
        "credits": 250,
    }

    response = staff_client.post("/admin/billing/plan/free/change/", data)

    assert response.status_code == 302
    free = Plan.objects.get(id="free")
    assert (free.name, free.tier, str(free.price), free.credits) == ("Free forever", "free", "0.00", 100)
    assert balance_of(make_user(email="carol@example.com")) == free.credits


def changelist_data(**active: bool) -> dict:
    """The plan list's form as sent, every plan's Active box as `active` says (ticked otherwise)."""
    plans = list(Plan.objects.order_by("sort_order", "price"))
    data = {
        "form-TOTAL_FORMS": str(len(plans)),
        "form-INITIAL_FORMS": str(len(plans)),
        "_save": "Save",
    }
    for index, plan in enumerate(plans):
        data |= {f"form-{index}-id": plan.id, f"form-{index}-sort_order": str(plan.sort_order)}
        if active.get(plan.id, True):
            data[f"form-{index}-is_active"] = "on"
    return data


def test_the_free_plan_cannot_be_made_inactive_from_the_plan_list(staff_client, plans):
    response = staff_client.post("/admin/billing/plan/", changelist_data(free=False))

    assert response.status_code == 200
    assert FREE_PLAN_ACTIVE_MESSAGE in response.content.decode()
    assert Plan.objects.get(id="free").is_active


def test_a_paid_plan_is_made_inactive_from_the_plan_list(staff_client, plans):
    response = staff_client.post("/admin/billing/plan/", changelist_data(starter=False))

    assert response.status_code == 302
    assert not Plan.objects.get(id="starter").is_active
    assert Plan.objects.get(id="free").is_active


def test_a_paid_plans_tier_price_and_credits_stay_editable(staff_client, plans):
    form = staff_client.get("/admin/billing/plan/starter/change/").context["adminform"].form

    assert {"tier", "price", "credits"} <= set(form.fields)


def test_paid_invoices_show_the_amount_paid_as_money_in_its_currency(staff_client, alice_subscribed):
    PaidInvoice.objects.create(invoice_id="in_yen", customer_id=CUSTOMER, amount_paid=5000, currency="jpy")

    listing = staff_client.get("/admin/billing/paidinvoice/").content.decode()
    detail = staff_client.get(
        f"/admin/billing/paidinvoice/{PaidInvoice.objects.get(invoice_id=INVOICE).pk}/change/"
    )

    assert "$49.99" in listing and "¥5,000" in listing
    assert ">4999<" not in listing and ">usd<" not in listing
    assert '<div class="readonly">$49.99</div>' in detail.content.decode()
    assert '<div class="readonly">4999</div>' not in detail.content.decode()


def test_the_paid_invoices_list_sorts_by_amount_paid(staff_client, alice_subscribed):
    PaidInvoice.objects.create(invoice_id="in_small", customer_id=CUSTOMER, amount_paid=100, currency="usd")

    ascending = staff_client.get("/admin/billing/paidinvoice/", {"o": "3"}).content.decode()
    descending = staff_client.get("/admin/billing/paidinvoice/", {"o": "-3"}).content.decode()

    assert ascending.index("$1.00") < ascending.index("$49.99")
    assert descending.index("$49.99") < descending.index("$1.00")


def test_a_stripe_events_payload_is_shown_indented_and_read_only(
    staff_client, alice, basic_plan, stripe_keys
):
    apply_stripe_event(event=fixture("checkout_session_completed", user=alice))

    response = staff_client.get("/admin/billing/stripeevent/evt_1SVqK2LkdIwHu7ixCheckout01/change/")

    body = response.content.decode()
    assert "<pre>{\n  &quot;api_version&quot;: " in body
    assert "\n    &quot;object&quot;: {\n      &quot;" in body
    assert "<textarea" not in body


def test_a_refused_stripe_link_is_not_shown_as_the_link_in_force(staff_client, basic_plan):
    data = plan_form_data(staff_client, "professional") | {"stripe_link": "javascript:alert(1)"}

    response = staff_client.post("/admin/billing/plan/professional/change/", data)

    body = response.content.decode()
    assert response.status_code == 200
    in_force = '<div class="readonly"><span class="cut" title="{link}">{link}</span></div>'
    assert in_force.format(link="https://buy.stripe.com/test_basic4999") in body
    assert in_force.format(link="javascript:alert(1)") not in body
