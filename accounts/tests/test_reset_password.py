import re

import pytest
from django.core import mail

from accounts.tests.conftest import toasts


@pytest.fixture
def reset_link(client, alice):
    client.post("/forgot-password", {"email": alice.email})
    return re.search(r"http://testserver(/reset-password/\S+)", mail.outbox[0].body).group(1)


def test_the_link_opens_the_set_new_password_screen_without_the_key_in_the_url(client, reset_link):
    response = client.get(reset_link)
    assert response.status_code == 302
    assert response["Location"].endswith("-set-password")
    page = client.get(response["Location"]).content.decode()
    assert "<title>Reset Password | Adsmith AI</title>" in page
    assert "Set a new password" in page
    for label in ("8+ characters", "1 uppercase letter", "1 lowercase letter", "1 number"):
        assert label in page


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("Sh0rt", "Password must be at least 8 characters"),
        ("nouppercase1", "Password must contain at least one uppercase letter"),
        ("NOLOWERCASE1", "Password must contain at least one lowercase letter"),
        ("NoNumberHere", "Password must contain at least one number"),
    ],
)
def test_the_new_password_follows_the_sign_up_rules(client, reset_link, password, message):
    form_url = client.get(reset_link)["Location"]
    response = client.post(form_url, {"password1": password})
    assert response.status_code == 200
    assert message in response.context["form"].errors["password1"]


def test_a_good_password_is_set_and_works_for_sign_in(client, alice, reset_link):
    form_url = client.get(reset_link)["Location"]
    response = client.post(form_url, {"password1": "Brand-N3w-Secret"})
    assert response["Location"] == "/signin"
    assert toasts(response)[-1] == "Your password has been reset. Sign in with your new password."
    alice.refresh_from_db()
    assert alice.check_password("Brand-N3w-Secret")
    signed_in = client.post("/signin", {"email": alice.email, "password": "Brand-N3w-Secret"})
    assert signed_in["Location"] == "/dashboard"


def test_a_reset_done_while_signed_in_still_says_it_was_reset(client, alice):
    """The Change Password page links 'Forgot password': its user may ask for and use the link
    signed in."""
    client.force_login(alice)
    client.post("/forgot-password", {"email": alice.email})
    link = re.search(r"http://testserver(/reset-password/\S+)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]

    response = client.post(form_url, {"password1": "Brand-N3w-Secret"})

    assert toasts(response)[-1] == "Your password has been reset. Sign in with your new password."


def test_a_used_link_is_refused(client, reset_link):
    form_url = client.get(reset_link)["Location"]
    client.post(form_url, {"password1": "Brand-N3w-Secret"})
    page = client.get(reset_link).content.decode()
    assert "Link invalid or expired" in page


def test_a_made_up_link_is_refused(client, alice):
    page = client.get("/reset-password/1-abc-def").content.decode()
    assert "Link invalid or expired" in page


def test_a_link_with_an_impossible_user_id_is_refused(client, db):
    page = client.get("/reset-password/zzzzzzzzzzzzzzzzzzzzzzzzzz-abc-def").content.decode()
    assert "Link invalid or expired" in page
