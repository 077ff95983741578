"""A signed-in session in use is re-saved once a day with a fresh expiry (config.session_refresh)."""

from datetime import datetime, timedelta

from django.conf import settings
from freezegun import freeze_time

from accounts.models import UserSession as Session
from config.pytest_plugin import PASSWORD

DAY_0 = datetime.fromisoformat("2026-03-01T09:00:00+00:00")
COOKIE = settings.SESSION_COOKIE_NAME


def day(n: int, hour: int = 9) -> datetime:
    return DAY_0 + timedelta(days=n, hours=hour - 9)


def sign_in(client, user, **extra):
    with freeze_time(DAY_0):
        response = client.post("/signin", {"email": user.email, "password": PASSWORD, **extra})
    assert response.status_code == 302
    return client.cookies[COOKIE].value


def stored_expiry(session_key: str) -> datetime:
    return Session.objects.get(session_key=session_key).expire_date


def dashboard_on(client, moment: datetime):
    with freeze_time(moment):
        response = client.get("/dashboard")
    assert response.status_code == 200
    return response


def test_a_remembered_session_used_on_day_10_now_expires_on_day_24(client, alice):
    key = sign_in(client, alice, remember="on")
    assert stored_expiry(key) == day(14)

    response = dashboard_on(client, day(10))

    assert stored_expiry(key) == day(24)
    cookie = response.cookies[COOKIE]
    assert cookie.value == key
    assert cookie["max-age"] == settings.SESSION_COOKIE_AGE == 14 * 24 * 3600


def test_a_session_used_every_day_outlives_the_cookie_age(client, alice):
    sign_in(client, alice, remember="on")
    for n in range(1, 30):
        dashboard_on(client, day(n))
    dashboard_on(client, day(30))  # 30 days after signing in, still signed in


def test_a_session_not_used_for_the_cookie_age_still_ends(client, alice):
    sign_in(client, alice, remember="on")
    with freeze_time(day(14, hour=10)):
        response = client.get("/dashboard")
    assert response.status_code == 302
    assert response["Location"].startswith("/signin")


def test_a_second_request_the_same_day_writes_nothing(client, alice):
    key = sign_in(client, alice, remember="on")
    dashboard_on(client, day(10))

    later = dashboard_on(client, day(10, hour=20))

    assert stored_expiry(key) == day(24)
    assert COOKIE not in later.cookies


def test_a_session_saved_less_than_a_day_ago_is_not_saved_again(client, alice):
    key = sign_in(client, alice, remember="on")

    response = dashboard_on(client, day(0, hour=20))

    assert stored_expiry(key) == day(14)
    assert COOKIE not in response.cookies


def test_a_session_that_ends_with_the_browser_keeps_a_browser_session_cookie(client, alice):
    key = sign_in(client, alice)

    response = dashboard_on(client, day(10))

    cookie = response.cookies[COOKIE]
    assert cookie.value == key
    assert cookie["max-age"] == "" and cookie["expires"] == ""  # no lifetime: ends with the browser
    assert stored_expiry(key) == day(24)  # kept on the server while the browser keeps using it
    with freeze_time(day(10)):
        assert client.session.get_expire_at_browser_close()


def test_an_anonymous_session_is_left_alone(client, db):
    with freeze_time(DAY_0):
        session = client.session
        session["seen"] = True
        session.save()
    key = session.session_key

    with freeze_time(day(10)):
        response = client.get("/signin")  # reads the session (a signed-in visitor is sent on)

    assert response.status_code == 200
    assert stored_expiry(key) == day(14)
    assert COOKIE not in response.cookies


def test_it_runs_inside_the_session_and_authentication_middleware():
    names = settings.MIDDLEWARE
    refresh = names.index("config.session_refresh.refresh_sessions_in_use")
    assert refresh > names.index("accounts.middleware.AuthenticationMiddleware")
    assert refresh > names.index("django.contrib.sessions.middleware.SessionMiddleware")
