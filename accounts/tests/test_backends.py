import pytest
from django.contrib.auth import get_user_model

from accounts.backends import AuthenticationBackend, ModelBackend, load_user

pytestmark = pytest.mark.django_db


def test_load_user_builds_the_same_user_as_the_orm(alice):
    alice.company = "Glow"
    alice.save()
    orm = get_user_model().objects.get(pk=alice.pk)
    loaded = load_user(alice.pk)

    for field in get_user_model()._meta.concrete_fields:
        value, expected = getattr(loaded, field.attname), getattr(orm, field.attname)
        assert value == expected, field.name
        assert type(value) is type(expected), field.name
    assert loaded._state.adding is False and loaded._state.db == "default"


def test_an_unknown_id_is_no_user(alice):
    assert load_user(alice.pk + 1000) is None


@pytest.mark.parametrize("backend", [ModelBackend(), AuthenticationBackend()])
def test_inactive_users_are_not_signed_in(backend, alice):
    assert backend.get_user(alice.pk) == alice
    alice.is_active = False
    alice.save()
    assert backend.get_user(alice.pk) is None


def test_a_session_signs_the_user_in_and_a_password_change_signs_them_out(alice, client):
    client.force_login(alice)
    assert client.get("/dashboard").status_code == 200

    alice.set_password("An0ther-passw0rd!")
    alice.save()
    assert client.get("/dashboard").status_code == 302
