import re

from django.core import mail

from accounts.tests.conftest import toasts


def test_it_shows_the_documented_screen_and_title(client, db):
    body = client.get("/forgot-password").content.decode()
    assert "<title>Forgot Password | Adsmith AI</title>" in body
    assert "Send Reset Link" in body and 'data-busy-label="Sending..."' in body


def test_it_sends_a_link_built_from_the_site_origin(client, alice, settings):
    settings.ALLOWED_HOSTS = ["app.example.test"]
    response = client.post("/forgot-password", {"email": "alice@example.com"}, HTTP_HOST="app.example.test")
    assert response.status_code == 302
    assert response["Location"] == "/forgot-password"
    assert toasts(response) == ["Password reset email sent"]
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.com"]
    assert message.subject.startswith("[Adsmith AI] ")
    assert re.search(r"http://app\.example\.test/reset-password/\w+-[\w-]+", message.body)


def test_after_sending_the_page_says_check_your_email(client, alice):
    page = client.post("/forgot-password", {"email": "alice@example.com"}, follow=True).content.decode()
    assert "Check your email" in page
    assert "We've sent a password reset link to your email address. Please check your inbox." in page
    assert "Back to Sign In" in page
    # Shown once: a reload is the plain form again.
    assert "Check your email" not in client.get("/forgot-password").content.decode()


def test_an_unknown_address_looks_the_same_and_gets_no_reset_link(client, db):
    page = client.post("/forgot-password", {"email": "nobody@example.com"}, follow=True).content.decode()
    assert "Check your email" in page
    assert "/reset-password/" not in "".join(m.body for m in mail.outbox)


def test_a_closed_accounts_address_is_told_the_account_is_closed_not_to_sign_up(client, alice):
    alice.is_active = False
    alice.save(update_fields=["is_active"])

    page = client.post("/forgot-password", {"email": "Alice@Example.com"}, follow=True).content.decode()

    assert "Check your email" in page  # the page says the same whatever the address
    [message] = mail.outbox
    assert message.to == ["Alice@Example.com"]  # as typed
    assert message.subject == "[Adsmith AI] Your account is closed"
    assert "That account is closed, so its password cannot be reset" in message.body
    assert "/reset-password/" not in message.body and "sign up" not in message.body.lower()


def test_an_invalid_address_shows_the_documented_message(client, db):
    response = client.post("/forgot-password", {"email": "nope"})
    assert response.status_code == 200
    assert response.context["form"].errors["email"] == ["Please enter a valid email address"]
    assert mail.outbox == []


def test_a_mail_server_failure_says_so(client, alice, settings):
    # A real SMTP attempt at a port where nothing listens.
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": 9, "timeout": 2},
        }
    }
    response = client.post("/forgot-password", {"email": "alice@example.com"})
    assert response.status_code == 200
    assert toasts(response) == ["Failed to send password reset email"]


def test_repeated_requests_for_one_address_are_rate_limited(client, alice):
    for _ in range(5):
        client.post("/forgot-password", {"email": alice.email})
    response = client.post("/forgot-password", {"email": alice.email})
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert len(mail.outbox) == 5


def test_signed_out_the_way_back_is_sign_in(client, db):
    body = client.get("/forgot-password").content.decode()
    assert "Back to Sign In" in body and "Back to Profile" not in body


def test_signed_in_from_change_password_the_way_back_is_the_profile(alice_client):
    body = alice_client.get("/forgot-password").content.decode()
    assert "Back to Profile" in body and 'href="/profile"' in body
    assert "Back to Sign In" not in body
