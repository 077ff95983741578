import importlib

import pytest
from django.apps import apps

from accounts.models import User

pytestmark = pytest.mark.django_db

user_email_lower_unique = importlib.import_module("accounts.migrations.0002_user_email_lower_unique")


def test_addresses_staff_typed_with_capitals_are_stored_in_lowercase(alice, bob):
    User.objects.filter(pk=alice.pk).update(email="Alice@Example.com")

    user_email_lower_unique.lowercase_addresses(apps, None)

    assert set(User.objects.values_list("email", flat=True)) == {"alice@example.com", "bob@example.com"}
