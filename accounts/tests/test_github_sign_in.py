"""Signing in and up with GitHub, end to end: allauth's OAuth views against a local server that
speaks GitHub's side of the exchange (the token endpoint, /user and /user/emails)."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest
from allauth.account.models import EmailAddress
from allauth.socialaccount.providers.github.views import GitHubOAuth2Adapter
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.tests.test_profile import profile_data

User = get_user_model()


class FakeGitHub:
    """GitHub's token endpoint and REST API for one signed-in GitHub user (`profile`, `emails`)."""

    def __init__(self):
        self.profile = {"id": 4242, "login": "dana-lee", "name": "Dana Lee", "email": None}
        self.emails = [{"email": "dana@example.com", "primary": True, "verified": True}]
        github = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def answer(self, body):
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.path == "/login/oauth/access_token":
                    self.answer({"access_token": "gho_test", "token_type": "bearer", "scope": "user:email"})
                else:
                    self.send_error(404)

            def do_GET(self):
                if self.path.startswith("/login/oauth/authorize?"):
                    # The user grants access at once: back to the app with a code.
                    query = parse_qs(urlsplit(self.path).query)
                    back = f"{query['redirect_uri'][0]}?code=granted&state={query['state'][0]}"
                    self.send_response(302)
                    self.send_header("Location", back)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif self.path == "/api/v3/user":
                    self.answer(github.profile)
                elif self.path == "/api/v3/user/emails":
                    self.answer(github.emails)
                else:
                    self.send_error(404)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def github(settings, monkeypatch):
    server = FakeGitHub()
    settings.SOCIALACCOUNT_PROVIDERS = {
        "github": {"APPS": [{"client_id": "gh-id", "secret": "gh-secret"}], "SCOPE": ["user:email"]}
    }
    # allauth reads GitHub's addresses from settings when its module is imported (GITHUB_URL, for
    # GitHub Enterprise): point the already imported adapter at the local server instead.
    for name, path in [
        ("access_token_url", "/login/oauth/access_token"),
        ("authorize_url", "/login/oauth/authorize"),
        ("profile_url", "/api/v3/user"),
        ("emails_url", "/api/v3/user/emails"),
    ]:
        monkeypatch.setattr(GitHubOAuth2Adapter, name, server.url + path)
    yield server
    server.stop()


def sign_in_with_github(client: Client, *, next_url: str = ""):
    """The GitHub button, GitHub's consent (granted) and the way back: the callback's response."""
    start = client.post(f"/accounts/github/login/?process=login{'&next=' + next_url if next_url else ''}")
    assert start.status_code == 302, start
    state = parse_qs(urlsplit(start["Location"]).query)["state"][0]
    return client.get("/accounts/github/login/callback/", {"code": "granted", "state": state})


def finish_sign_up(client: Client, **fields):
    data = {"name": "Dana Lee", "email": "dana@example.com", "accept_terms": "on", **fields}
    return client.post("/accounts/3rdparty/signup/", data)


@pytest.mark.django_db(transaction=True)
def test_a_first_github_sign_in_ends_on_a_sign_up_form_with_the_name_address_and_terms(github):
    github.emails.append({"email": "dana@work.example", "primary": False, "verified": True})
    client = Client()
    response = sign_in_with_github(client)
    assert response["Location"] == "/accounts/3rdparty/signup/"
    form = client.get("/accounts/3rdparty/signup/")
    page = form.content.decode()
    assert "You are signing up with your GitHub account." in page
    assert form.context["form"]["name"].value() == "Dana Lee"
    assert form.context["form"]["email"].value() == "dana@example.com"
    assert not User.objects.filter(email="dana@example.com").exists()

    refused = finish_sign_up(client, accept_terms="")
    assert refused.status_code == 200
    assert refused.context["form"].errors == {"accept_terms": ["You must accept the terms and conditions"]}

    response = finish_sign_up(client, name="Dana L.")
    assert response["Location"] == "/dashboard"
    user = User.objects.get(email="dana@example.com")
    assert user.name == "Dana L."
    assert not user.has_usable_password()
    # GitHub confirmed the address: so is it here.
    assert EmailAddress.objects.get(user=user, email="dana@example.com").verified
    assert user.socialaccount_set.get().uid == "4242"
    # GitHub's other address is not recorded: one address per account.
    assert not EmailAddress.objects.filter(email="dana@work.example").exists()
    assert client.get("/dashboard").status_code == 200

    # The next time, GitHub signs in to that account at once.
    again = Client()
    assert sign_in_with_github(again)["Location"] == "/dashboard"
    assert again.get("/dashboard").wsgi_request.user == user


@pytest.mark.django_db(transaction=True)
def test_the_address_is_the_one_github_confirmed_and_none_can_be_typed_instead(github, mailoutbox):
    client = Client()
    sign_in_with_github(client)
    assert (
        "Confirmed by GitHub. You can change it on your Profile later."
        in client.get("/accounts/3rdparty/signup/").content.decode()
    )
    finish_sign_up(client, email="someone.else@example.com")  # a disabled field: the post is ignored
    assert User.objects.filter(email="dana@example.com").exists()
    assert not User.objects.filter(email="someone.else@example.com").exists()
    assert mailoutbox == []


@pytest.mark.django_db(transaction=True)
def test_without_a_confirmed_address_github_cannot_sign_up_for_a_typed_one(github, alice):
    """Else one could make an account for someone else's mailbox, linked to one's own GitHub: the
    link would outlive the mailbox owner taking the account back with a password reset."""
    github.emails = [{"email": "lee@example.com", "primary": True, "verified": False}]
    client = Client()
    sign_in_with_github(client)
    page = client.get("/accounts/3rdparty/signup/").content.decode()
    assert "Your GitHub account has no confirmed email address." in page
    assert 'href="/signup"' in page
    for typed in ["victim@example.com", "lee@example.com", ""]:
        refused = finish_sign_up(client, email=typed)
        assert refused.status_code == 200
        assert refused.context["form"].non_field_errors() == [
            "Your GitHub account has no confirmed email address. Confirm one there, or sign up with "
            "your email and a password."
        ]
    assert User.objects.count() == 1  # alice's alone
    assert not EmailAddress.objects.filter(email__in=["victim@example.com", "lee@example.com"]).exists()


@pytest.mark.django_db(transaction=True)
def test_an_address_another_account_has_only_asked_to_change_to_does_not_stop_a_github_sign_up(
    github, alice, alice_client
):
    alice_client.post("/profile", profile_data(alice, email="dana@example.com"))
    assert EmailAddress.objects.filter(user=alice, email="dana@example.com", verified=False).exists()

    client = Client()
    sign_in_with_github(client)
    assert finish_sign_up(client)["Location"] == "/dashboard"
    assert User.objects.get(email="dana@example.com").name == "Dana Lee"
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


@pytest.mark.django_db(transaction=True)
def test_github_signs_in_to_the_account_that_confirmed_its_address_and_is_linked_to_it(github, alice):
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    github.emails = [{"email": "alice@example.com", "primary": True, "verified": True}]
    client = Client()
    assert sign_in_with_github(client, next_url="/billing")["Location"] == "/billing"
    assert client.get("/billing").wsgi_request.user == alice
    alice.refresh_from_db()
    assert alice.has_usable_password()  # her password still signs in too
    assert alice.socialaccount_set.get().provider == "github"
    assert User.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_account_that_never_confirmed_the_address_is_not_signed_in_to(github, client):
    client.post(
        "/signup",
        {"name": "Someone", "email": "dana@example.com", "password1": "Str0ngPass!x", "accept_terms": "on"},
    )
    squatter = User.objects.get(email="dana@example.com")
    assert not EmailAddress.objects.get(user=squatter).verified

    github_user = Client()
    assert sign_in_with_github(github_user)["Location"] == "/accounts/3rdparty/signup/"
    refused = finish_sign_up(github_user)
    assert refused.context["form"].errors["email"] == [
        "An account with this email address already exists. Please sign in with your email and password."
    ]
    assert github_user.get("/dashboard")["Location"].startswith("/signin")


@pytest.mark.django_db(transaction=True)
def test_an_unconfirmed_github_address_confirms_nothing(github, alice):
    github.emails = [{"email": "alice@example.com", "primary": True, "verified": False}]
    client = Client()
    assert sign_in_with_github(client)["Location"] == "/accounts/3rdparty/signup/"
    assert client.get("/dashboard")["Location"].startswith("/signin")
