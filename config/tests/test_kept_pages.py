"""The dashboard is kept whole per everything it shows (config.render_cache.render_kept_page):
a repeat visit is served without rendering, with its own CSP nonce and CSRF token put in, and
any change to what the page shows is on the next visit — as a fresh render would show it."""

import re

import pytest
from django.conf import settings
from django.test import Client

from billing.actions import apply_stripe_event
from billing.tests.stripe_fixtures import BASIC_PRICE, ensure_plans_seeded, fixture
from config.render_cache import RenderCache
from credits.actions import grant_credits
from history.models import Generation

pytestmark = pytest.mark.django_db

_NONCE = re.compile(r'nonce="([^"]+)"')
_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture(autouse=True)
def plans(db):
    ensure_plans_seeded()


def visit(client):
    response = client.get("/dashboard")
    assert response.status_code == 200
    return response


def comparable(html: str) -> str:
    """The page with the values every response has its own of taken out."""
    return _CSRF.sub('name="csrfmiddlewaretoken" value="…"', _NONCE.sub('nonce="…"', html))


def fresh(client) -> str:
    RenderCache.clear_all()
    return comparable(visit(client).content.decode())


def test_a_repeat_visit_is_served_kept_with_its_own_nonce_and_csrf_token(alice_client):
    first, second = visit(alice_client), visit(alice_client)

    assert first.templates and not second.templates  # the second was not rendered
    html = second.content.decode()
    assert comparable(html) == comparable(first.content.decode())
    assert "kept-nonce-" not in html and "kept-csrf-" not in html
    # One nonce per response, the one its CSP header allows.
    nonces = set(_NONCE.findall(html))
    assert len(nonces) == 1 and nonces != set(_NONCE.findall(first.content.decode()))
    assert f"'nonce-{nonces.pop()}'" in second["Content-Security-Policy"]
    assert _CSRF.findall(html) != _CSRF.findall(first.content.decode())  # masked afresh


def test_the_kept_pages_csrf_token_signs_the_user_out(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    visit(client)
    token = _CSRF.search(visit(client).content.decode()).group(1)

    response = client.post("/signout", {"csrfmiddlewaretoken": token})

    assert response.status_code == 302
    assert client.get("/dashboard").status_code == 302  # signed out


def test_each_user_sees_their_own_page(alice_client, bob_client):
    visit(alice_client)
    html = visit(bob_client).content.decode()

    assert "bob@example.com" in html and "alice@example.com" not in html


def _rename(user):
    user.name = "Alice Renamed"
    user.save()


def _new_email(user):
    user.email = "alice.new@example.com"
    user.save()


def _avatar(user):
    user.avatar = f"user-uploads/{user.pk}/avatar-{'a' * 32}.png"
    user.save()


def _credits(user):
    grant_credits(user=user, amount=7, reason="Goodwill", idempotency_key="kept-pages-grant")


def _subscribe(user):
    for name in ("checkout_session_completed", "customer_subscription_updated_active", "invoice_paid"):
        apply_stripe_event(event=fixture(name, user=user))


def _generation(user):
    Generation.objects.create(
        user=user, tool="meta-copy", service_type="meta_copy", credits_used=20, idempotency_key="k1"
    )


@pytest.mark.parametrize("change", [_rename, _new_email, _avatar, _credits, _subscribe, _generation])
def test_a_change_to_what_the_page_shows_is_on_the_next_visit(alice_client, alice, settings, change):
    settings.STRIPE_PLAN_PRICE_IDS = {**settings.STRIPE_PLAN_PRICE_IDS, "professional": BASIC_PRICE}
    before = comparable(visit(alice_client).content.decode())
    visit(alice_client)  # now kept

    change(alice)
    after = visit(alice_client)

    assert after.templates  # rendered again
    assert comparable(after.content.decode()) != before
    assert comparable(after.content.decode()) == fresh(alice_client)


def test_messages_are_rendered_afresh_and_shown_once(alice_client, alice):
    visit(alice_client)
    visit(alice_client)  # kept
    alice_client.post("/profile", {"name": "Alice Smith", "email": alice.email})  # "Profile updated…"

    with_message = visit(alice_client)
    assert with_message.templates and 'id="django-messages"' in with_message.content.decode()
    again = visit(alice_client).content.decode()
    assert 'id="django-messages"' not in again


def _what_a_template_reads(name: str) -> tuple[set[str], set[str]]:
    source = (settings.BASE_DIR / "templates" / name).read_text()
    source = re.sub(r"{% comment %}.*?{% endcomment %}", "", source, flags=re.S)
    return set(re.findall(r"{{\s*(.*?)\s*}}", source)), set(re.findall(r"{%\s*(\w+)", source))


def test_the_kept_page_reads_only_what_its_key_names():
    """A tripwire: the dashboard is kept per shell_key + the content's key, so anything these
    templates come to read must be added to shell_key (or be a per-response value put in by
    render_kept_page). Update the lists below only together with shell_key."""
    read = {
        name: _what_a_template_reads(name) for name in ("base.html", "layouts/shell.html", "dashboard.html")
    }

    assert read["base.html"] == (
        {"PRODUCT_NAME", "csp_nonce", "page_title"},  # name in the key; nonce put in; title from the path
        {"load", "block", "endblock", "asset", "messages_json"},  # fixed assets; messages: rendered afresh
    )
    assert read["layouts/shell.html"] == (
        {"avatar", "halves.0", "halves.1", "user.display_name", "user.email"},
        {
            *("load", "extends", "block", "endblock", "with", "endwith", "icon", "path"),  # fixed
            "csrf_token",  # put in per response
            "island",  # the balance island: the balance is in the key
            "shell_avatar",  # avatar URL and initial
            "shell_plan_card",  # tier and description
            "shell_title",  # from the path
            "sidebar_nav",  # from the path
            "theme_toggle",  # fixed
        },
    )
    assert read["dashboard.html"] == ({"content.html"}, {"extends", "block", "endblock"})
