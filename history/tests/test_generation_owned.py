"""Generation.objects.owned: the one-statement read of a user's generation behind the polls."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.sql import MAX_DATABASE_ID
from history.models import Generation

pytestmark = pytest.mark.django_db


def test_it_reads_the_users_generation_as_the_orm_does(alice, make_generation):
    made = make_generation(alice, input_data={"brand": "Glow"}, output_data={"variations": []})
    owned = Generation.objects.owned(alice, made.pk)
    expected = Generation.objects.get(pk=made.pk)
    assert [getattr(owned, f.attname) for f in Generation._meta.concrete_fields] == [
        getattr(expected, f.attname) for f in Generation._meta.concrete_fields
    ]


def test_it_comes_with_its_owner_attached(alice, make_generation):
    made = make_generation(alice)
    owned = Generation.objects.owned(alice, made.pk)
    with CaptureQueriesContext(connection) as queries:
        assert owned.user is alice
    assert not queries.captured_queries


def test_another_users_generation_is_none(alice, bob, make_generation):
    theirs = make_generation(bob)
    assert Generation.objects.owned(alice, theirs.pk) is None


@pytest.mark.parametrize("pk", [0, -1, MAX_DATABASE_ID + 1, 10**30])
def test_an_id_no_row_can_have_is_none(alice, pk):
    assert Generation.objects.owned(alice, pk) is None


def test_a_missing_id_is_none(alice):
    assert Generation.objects.owned(alice, MAX_DATABASE_ID) is None


def test_a_signed_out_user_has_none(alice, make_generation):
    made = make_generation(alice)
    assert Generation.objects.owned(AnonymousUser(), made.pk) is None
    assert Generation.objects.owned(None, made.pk) is None
