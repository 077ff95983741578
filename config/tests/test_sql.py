import pytest

from billing.models import Plan
from config.sql import fetch_one

pytestmark = pytest.mark.django_db


def test_fetch_one_builds_the_instance_the_orm_builds(seeded_plans):
    for expected in Plan.objects.all():
        fetched = fetch_one(Plan, "id = %s", [expected.pk])
        for field in Plan._meta.concrete_fields:  # decimals, JSON lists, booleans included
            value, orm = getattr(fetched, field.attname), getattr(expected, field.attname)
            assert value == orm and type(value) is type(orm), field.name
        assert fetched._state.adding is False


def test_fetch_one_without_a_match_is_none(seeded_plans):
    assert fetch_one(Plan, "id = %s", ["no-such-plan"]) is None
