import pytest
from django.test import Client

from accounts.tests.conftest import toasts
from config.pytest_plugin import PASSWORD


def sign_in(client, email, password, **extra):
    return client.post("/signin", {"email": email, "password": password, **extra})


def test_it_shows_the_documented_screen(client, db):
    body = client.get("/signin").content.decode()
    assert "Sign in to your account" in body
    for text in ('name="email"', 'name="password"', 'name="remember"', "Remember me", "Forgot password"):
        assert text in body
    assert 'href="/forgot-password"' in body and 'href="/signup"' in body
    assert 'data-busy-label="Signing in..."' in body
    assert "data-password-toggle" in body
    assert "Or continue with" in body


def test_it_signs_in_and_goes_to_the_dashboard(client, alice):
    response = sign_in(client, alice.email, PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == "/dashboard"
    assert "Signed in successfully" in toasts(response)
    assert client.get("/dashboard").wsgi_request.user == alice


def test_it_accepts_the_email_in_any_case(client, alice):
    response = sign_in(client, "  ALICE@Example.com ", PASSWORD)
    assert response["Location"] == "/dashboard"


def test_it_returns_to_the_page_the_guard_remembered(client, alice):
    guard = client.get("/profile")
    assert guard["Location"] == "/signin?next=/profile"
    response = sign_in(client, alice.email, PASSWORD, next="/profile")
    assert response["Location"] == "/profile"


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/steal", "javascript:alert(1)"])
def test_it_ignores_a_next_that_leaves_the_site(client, alice, next_url):
    response = sign_in(client, alice.email, PASSWORD, next=next_url)
    assert response["Location"] == "/dashboard"


def test_a_wrong_password_says_invalid_email_or_password(client, alice):
    response = sign_in(client, alice.email, "Wrong-password1")
    assert response.status_code == 200
    assert "Invalid email or password" in response.context["form"].non_field_errors()
    assert toasts(response) == ["Invalid email or password"]
    assert not response.wsgi_request.user.is_authenticated


def test_an_unknown_email_says_the_same(client, db):
    response = sign_in(client, "nobody@example.com", PASSWORD)
    assert toasts(response) == ["Invalid email or password"]


@pytest.mark.parametrize(
    ("email", "password", "field", "message"),
    [
        ("not-an-email", PASSWORD, "email", "Please enter a valid email address"),
        ("", PASSWORD, "email", "Please enter a valid email address"),
        ("alice@example.com", "12345", "password", "Password must be at least 6 characters"),
        ("alice@example.com", "", "password", "Password must be at least 6 characters"),
    ],
)
def test_bad_input_shows_the_documented_message_under_its_field(
    client, alice, email, password, field, message
):
    response = sign_in(client, email, password)
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    assert toasts(response) == []  # field rules show under the field, not as a toast
    assert f'data-error-for="{field}"' in response.content.decode()


def test_without_remember_me_the_session_ends_with_the_browser(client, alice):
    sign_in(client, alice.email, PASSWORD)
    assert client.session.get_expire_at_browser_close()


def test_with_remember_me_the_session_persists(client, alice):
    sign_in(client, alice.email, PASSWORD, remember="on")
    assert not client.session.get_expire_at_browser_close()


def test_a_signed_in_user_is_sent_to_the_dashboard(alice_client):
    response = alice_client.get("/signin")
    assert response["Location"] == "/dashboard"


def test_allauth_login_url_leads_here(client, db):
    response = client.get("/accounts/login/?next=/billing")
    assert response["Location"] == "/signin?next=/billing"


def test_repeated_failures_are_rate_limited(client, alice):
    for _ in range(5):
        sign_in(client, alice.email, "Wrong-password1")
    response = sign_in(client, alice.email, PASSWORD)
    assert not response.wsgi_request.user.is_authenticated
    assert toasts(response) == ["Too many failed login attempts. Try again later."]


def test_failed_and_refused_sign_ins_are_logged_with_the_address_and_client_ip(client, alice, caplog):
    for _ in range(6):
        client.post(
            "/signin", {"email": alice.email, "password": "Wrong-password1"}, REMOTE_ADDR="203.0.113.9"
        )
    lines = [r.getMessage() for r in caplog.records if r.name == "accounts.adapter"]
    assert lines[0] == f"Failed sign-in: {alice.email} from 203.0.113.9"
    assert lines[-1] == f"Sign-in refused after too many failures: {alice.email} from 203.0.113.9"
    assert not any("Wrong-password1" in line for line in lines)


def test_behind_a_proxy_each_client_address_is_limited_on_its_own(client, alice, make_user, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1  # BEHIND_PROXY: the proxy appends the client's address

    def sign_in_from(address, client, email, password):
        forwarded = f"198.51.100.7, {address}"  # the first entry is the client's claim: not trusted
        return client.post("/signin", {"email": email, "password": password}, HTTP_X_FORWARDED_FOR=forwarded)

    for n in range(10):  # "10/m/ip": ten failures from one address, each on another account
        make_user(f"victim{n}@example.com")
        sign_in_from("203.0.113.1", client, f"victim{n}@example.com", "Wrong-password1")
    refused = sign_in_from("203.0.113.1", client, alice.email, PASSWORD)
    assert toasts(refused) == ["Too many failed login attempts. Try again later."]
    someone_else = sign_in_from("203.0.113.2", Client(), alice.email, PASSWORD)
    assert someone_else.wsgi_request.user.is_authenticated


def test_the_sign_up_link_carries_the_remembered_page(client, db):
    page = client.get("/signin?next=/services/meta-copy%3Fdraft%3D1%26x%3D2").content.decode()
    assert 'href="/signup?next=%2Fservices%2Fmeta-copy%3Fdraft%3D1%26x%3D2"' in page
