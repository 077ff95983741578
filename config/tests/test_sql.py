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


def test_insert_writes_the_row_save_would(alice):
    from django.utils import timezone

    from config.sql import insert
    from history.models import Generation

    now = timezone.now()
    values = {
        "user": alice,
        "tool": "meta-copy",
        "service_type": "meta_copy",
        "input_data": {"brand": "Glow", "versions": 3, "nested": {"a": [1, None]}},
        "credits_used": 20,
        "idempotency_key": "k-1",
        "created_at": now,
        "deadline_at": now,
    }
    inserted = insert(Generation(**values))
    saved = Generation.objects.create(**{**values, "idempotency_key": "k-2"})
    assert inserted.pk and inserted._state.adding is False
    from_db = Generation.objects.get(pk=inserted.pk)
    for field in Generation._meta.concrete_fields:
        if field.name in ("id", "idempotency_key"):
            continue
        # Defaults (output_data {}, status queued, empty texts) filled in as save() fills them.
        assert getattr(from_db, field.attname) == getattr(saved, field.attname), field.name
        assert getattr(inserted, field.attname) == getattr(from_db, field.attname), field.name


def test_insert_refuses_a_model_with_save_receivers(alice):
    from django.db.models.signals import post_save

    from config.sql import insert
    from history.models import Generation

    def receiver(**kwargs):
        pass

    post_save.connect(receiver, sender=Generation)
    try:
        with pytest.raises(TypeError, match="insert\\(\\) would skip them"):
            insert(Generation(user=alice, tool="meta-copy", service_type="meta_copy", idempotency_key="k"))
    finally:
        post_save.disconnect(receiver, sender=Generation)
    assert not Generation.objects.exists()
