from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import UserSession as Session
from accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_a_saved_session_loads_back():
    session = SessionStore()
    session["cart"] = {"plan": "basic"}
    session.save()

    assert SessionStore(session.session_key).load() == {"cart": {"plan": "basic"}}


def test_an_expired_session_loads_empty_and_drops_its_key():
    session = SessionStore()
    session["x"] = 1
    session.save()
    Session.objects.filter(session_key=session.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )

    stale = SessionStore(session.session_key)
    assert stale.load() == {}
    assert stale.session_key is None


@pytest.mark.parametrize("key", ["unknown-key-unknown-key-unknown-key", "short", ""])
def test_unknown_or_malformed_keys_load_empty(key):
    assert SessionStore(key).load() == {}


def test_the_settings_use_it(settings):
    assert settings.SESSION_ENGINE == "accounts.sessions"
