import importlib

import pytest


@pytest.fixture
def seeded_plans(db):
    """The six documented plans. Migrations seed them, but browser tests (transactional)
    empty every table between tests, so seed again when they are gone."""
    from billing.models import Plan

    if not Plan.objects.exists():
        seed = importlib.import_module("billing.migrations.0002_seed_plans")
        for order, data in enumerate(seed.PLANS):
            Plan.objects.create(**data, sort_order=order)
    return list(Plan.objects.all())
