import pytest
from django.core.exceptions import ValidationError
from django.db.models import JSONField, Value

from billing.models import PLAN_FEATURES_MESSAGE, Plan

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("features", [5, "just a string", None, "", [""], ["ok", None], {"a": "b"}])
def test_a_plan_refuses_features_that_are_not_a_list_of_texts(plans, features):
    plan = Plan.objects.get(id="starter")
    plan.features = features

    with pytest.raises(ValidationError) as error:
        plan.full_clean()

    assert error.value.message_dict == {"features": [PLAN_FEATURES_MESSAGE]}


@pytest.mark.parametrize("features", [[], ["1,000 credits per month", "Priority support"]])
def test_a_plan_accepts_a_list_of_texts(plans, features):
    plan = Plan.objects.get(id="starter")
    plan.features = features

    plan.full_clean()


@pytest.mark.parametrize(
    "stored", [5, "just a string", None, {"a": "b"}, ["Export", 7, "", "Priority support"]]
)
def test_pricing_pages_survive_features_stored_before_validation(client, alice_client, plans, stored):
    # Written around the model (a raw UPDATE, an old row): the pages show the texts, or nothing.
    # None is JSON null here: the column itself is NOT NULL.
    Plan.objects.filter(id="starter").update(features=Value(stored, output_field=JSONField()))

    landing = client.get("/")
    billing = alice_client.get("/billing")

    assert (landing.status_code, billing.status_code) == (200, 200)
    starter = Plan.objects.get(id="starter")
    expected = ["Export", "Priority support"] if isinstance(stored, list) else []
    assert starter.feature_list == expected
    html = landing.content.decode()
    card = html[html.index('data-plan-id="starter"') : html.index('data-plan-id="professional"')]
    assert "just a string" not in card and card.count("<li") == len(expected)
