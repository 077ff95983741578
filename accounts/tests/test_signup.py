import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from accounts.tests.conftest import SMTP_DOWN, toasts

User = get_user_model()


def sign_up(client, **overrides):
    data = {
        "name": "Carol Baker",
        "email": "carol@example.com",
        "password1": "Str0ngPassw0rd",
        "accept_terms": "on",
        **overrides,
    }
    return client.post("/signup", {k: v for k, v in data.items() if v is not None})


def test_it_shows_the_documented_screen(client, db):
    body = client.get("/signup").content.decode()
    assert "Create your account" in body
    assert "Start your free trial with all features included. No credit card required." in body
    assert "Full Name" in body
    assert "I agree to the Terms of Service and Privacy Policy" in body
    for label in ("8+ characters", "1 uppercase letter", "1 lowercase letter", "1 number"):
        assert label in body
    assert 'data-busy-label="Creating account..."' in body
    assert "Or continue with" in body and 'href="/signin"' in body


def test_it_creates_the_account_signs_in_and_goes_to_the_dashboard(client, db):
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == "/dashboard"
    user = User.objects.get(email="carol@example.com")
    assert user.name == "Carol Baker"
    assert user.check_password("Str0ngPassw0rd")
    assert response.wsgi_request.user == user
    assert "Account created successfully" in toasts(response)


def test_it_honours_the_remembered_page(client, db):
    response = sign_up(client, next="/services/meta-copy")
    assert response["Location"] == "/services/meta-copy"


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"name": "C"}, "name", "Name must be at least 2 characters"),
        ({"name": ""}, "name", "Name must be at least 2 characters"),
        ({"name": "x" * 251}, "name", "Name must not exceed 250 characters"),
        ({"email": "carol@"}, "email", "Please enter a valid email address"),
        ({"password1": "Sh0rt"}, "password1", "Password must be at least 8 characters"),
        ({"password1": "alllower1"}, "password1", "Password must contain at least one uppercase letter"),
        ({"password1": "ALLUPPER1"}, "password1", "Password must contain at least one lowercase letter"),
        ({"password1": "NoNumbersHere"}, "password1", "Password must contain at least one number"),
        ({"password1": ""}, "password1", "Password must be at least 8 characters"),
        ({"accept_terms": None}, "accept_terms", "You must accept the terms and conditions"),
    ],
)
def test_each_rule_shows_its_documented_message(client, db, overrides, field, message):
    response = sign_up(client, **overrides)
    assert response.status_code == 200
    assert message in response.context["form"].errors[field]
    assert not User.objects.exists()
    assert toasts(response) == []


@pytest.mark.parametrize("password", ["abc", "abcdefg", "1234567", "password"])
def test_a_short_or_common_password_is_told_the_documented_rule_first(client, db, password):
    """The page shows a field's first error: without JavaScript, the documented rule's message,
    not Django's "This password is too common." (the browser's own check says the same)."""
    errors = sign_up(client, password1=password).context["form"].errors["password1"]
    assert errors[0].startswith("Password must ")


def test_a_taken_address_is_refused_with_the_server_message(client, alice):
    response = sign_up(client, email="ALICE@example.com")
    assert response.context["form"].errors["email"] == [
        "A user is already registered with this email address."
    ]
    assert toasts(response) == ["A user is already registered with this email address."]
    assert User.objects.count() == 1


def test_a_password_like_the_email_is_refused_with_the_server_message(client, db):
    response = sign_up(client, email="carolbaker99@example.com", password1="Carolbaker99")
    assert response.status_code == 200
    assert toasts(response) == ["The password is too similar to the email."]


def test_a_signed_in_user_is_sent_to_the_dashboard(alice_client):
    assert alice_client.get("/signup")["Location"] == "/dashboard"


def test_a_mail_server_failure_still_creates_the_account_and_signs_in(client, db, settings):
    working = settings.MAILERS
    settings.MAILERS = SMTP_DOWN
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == "/dashboard"
    user = User.objects.get(email="carol@example.com")
    assert response.wsgi_request.user == user
    assert toasts(response) == [
        "Account created successfully",
        "We could not send your confirmation email. Use 'Send the link again' on your profile to get a new link.",
    ]

    # Once the mail server is back, the profile's 'Send the link again' sends it at once.
    settings.MAILERS = working
    assert "Send the link again" in client.get("/profile").content.decode()
    resent = client.post("/profile/email/confirm")
    assert toasts(resent)[-1] == "We sent a new confirmation link to carol@example.com."
    assert [message.to for message in mail.outbox] == [["carol@example.com"]]
