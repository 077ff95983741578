"""The ownership matrix: every route that names an object, asked for by someone who does not own it.

Every parameterised URL pattern in the project must appear in exactly one table below:

- OWNED_ROUTES: the object belongs to a user. Alice gets it; Bob gets a 404 (never a 403, which
  would confirm the object exists); an anonymous visitor gets a 404, a 401/403 from the API or the
  sign-in redirect. Writes by Bob change nothing.
- TOKEN_ROUTES: the object is reached through a secret in the URL (password-reset links); a
  guessed secret does nothing.
- NOT_OWNED_ROUTES: the parameter names something public (a tool of the registry).
- ALLAUTH_ROUTES: allauth's own token and provider routes, protected (and tested) by allauth.
- The admin's routes are all staff-only: `test_every_admin_route_is_staff_only` tries each.

A new parameterised route that no table lists fails `test_every_parameterised_route_is_in_the_matrix`.
"""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.resolvers import RoutePattern

from accounts.actions import store_avatar
from accounts.avatars import avatar_url_for
from billing.models import Subscription
from history.actions import save_creative_version
from history.models import CreativeVersion, Generation
from history.storage import LOGOS, save_file
from history.tests.creatives import layers, make_creative, png_bytes
from services.tests.generation_inputs import META_COPY_INPUTS

PASSWORD = "Sup3rSecret!"


@dataclass
class AliceObjects:
    """One of each kind of object alice can own."""

    creative: Generation
    version: CreativeVersion
    upload_url: str
    avatar_url: str


@dataclass(frozen=True)
class OwnedRoute:
    build: Callable[[AliceObjects], str]  # the URL of an object alice owns
    method: str = "GET"
    # For writes: the body to send (built per request) and how to tell nothing changed.
    body: Callable[[], dict] | None = None
    unchanged: Callable[[AliceObjects], object] | None = None


def version_upload() -> dict:
    return {
        "file": SimpleUploadedFile("edited.png", png_bytes(64, 48), content_type="image/png"),
        "layers": json.dumps(layers()),
    }


OWNED_ROUTES: dict[str, OwnedRoute] = {
    "services:api-generation": OwnedRoute(lambda o: reverse("services:api-generation", args=[o.creative.pk])),
    "history:api-history-item": OwnedRoute(
        lambda o: reverse("history:api-history-item", args=[o.creative.pk])
    ),
    "history:file": OwnedRoute(lambda o: o.creative.file_url),
    "history:api-generation-version-latest": OwnedRoute(
        lambda o: reverse("history:api-generation-version-latest", args=[o.creative.pk])
    ),
    "history:api-generation-versions": OwnedRoute(
        lambda o: reverse("history:api-generation-versions", args=[o.creative.pk]),
        method="POST",
        body=version_upload,
        unchanged=lambda o: CreativeVersion.objects.filter(generation=o.creative).count(),
    ),
    "accounts:avatar": OwnedRoute(lambda o: o.avatar_url),
}
# A second object per route where one route serves several kinds of object.
EXTRA_OWNED_URLS: dict[str, Callable[[AliceObjects], str]] = {
    "history:file (an upload)": lambda o: o.upload_url,
}
TOKEN_ROUTES = {"accounts:reset-password": "the e-mailed reset link; the key is the secret"}
NOT_OWNED_ROUTES = {"services:tool": "a tool slug from the registry: the same page for every signed-in user"}
ALLAUTH_ROUTES = {
    "account_confirm_email": "allauth's e-mail confirmation key (a signed token)",
    "account_reset_password_from_key": "allauth's reset link (a signed token); ours is accounts:reset-password",
    "openid_connect_login": "names a configured OpenID provider, not a user's object",
    "openid_connect_callback": "the OpenID provider's callback, checked against allauth's state",
}


def walk(resolver: URLResolver, prefix: str = "", namespace: str = ""):
    """(full route text, qualified name, pattern) for every URL pattern, recursively."""
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from walk(entry, prefix + str(entry.pattern), inner)
        else:
            yield prefix + str(entry.pattern), f"{namespace}{entry.name or ''}", entry


def takes_parameters(route: str) -> bool:
    return bool(re.search(r"<[^>]+>|\(\?P<", route))


def parameterised_routes():
    return [(route, name, entry) for route, name, entry in walk(get_resolver()) if takes_parameters(route)]


def is_admin(name: str) -> bool:
    return name.startswith("admin:")


@pytest.fixture
def alice_objects(alice) -> AliceObjects:
    creative = make_creative(alice)
    version = save_creative_version(generation=creative, image=png_bytes(64, 48), layers=layers())
    upload = save_file(area=LOGOS, user_id=alice.pk, name="logo.png", content=png_bytes(8, 8))
    avatar_name = store_avatar(
        user=alice, upload=SimpleUploadedFile("me.png", png_bytes(16, 16), content_type="image/png")
    )
    alice.avatar.name = avatar_name
    alice.save(update_fields=["avatar"])
    return AliceObjects(
        creative=creative,
        version=version,
        upload_url=upload.url,
        avatar_url=avatar_url_for(alice, avatar_name),
    )


def request(client: Client, route: OwnedRoute, url: str):
    if route.method == "POST":
        return client.post(url, route.body())
    return client.get(url)


def test_every_parameterised_route_is_in_the_matrix():
    listed = set(OWNED_ROUTES) | set(TOKEN_ROUTES) | set(NOT_OWNED_ROUTES) | set(ALLAUTH_ROUTES)
    found = {name for _, name, _ in parameterised_routes() if not is_admin(name)}
    unnamed = [
        route
        for route, name, _ in parameterised_routes()
        if not is_admin(name) and (not name or name.endswith(":"))
    ]
    assert not unnamed, f"name these parameterised routes so the matrix can list them: {unnamed}"
    assert found - listed == set(), "new parameterised routes: add them to the ownership matrix"
    assert listed - found == set(), "routes listed in the matrix no longer exist"


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(OWNED_ROUTES))
def test_alice_reaches_her_own_object(name, alice_objects, alice_client):
    route = OWNED_ROUTES[name]
    response = request(alice_client, route, route.build(alice_objects))
    assert response.status_code in (200, 201), (name, response.status_code)


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(OWNED_ROUTES))
def test_bob_gets_a_404_for_alices_object(name, alice_objects, bob_client):
    route = OWNED_ROUTES[name]
    before = route.unchanged(alice_objects) if route.unchanged else None
    response = request(bob_client, route, route.build(alice_objects))
    assert response.status_code == 404, (name, response.status_code)
    if route.unchanged:
        assert route.unchanged(alice_objects) == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(OWNED_ROUTES))
def test_an_anonymous_visitor_is_refused_alices_object(name, alice_objects, client):
    route = OWNED_ROUTES[name]
    before = route.unchanged(alice_objects) if route.unchanged else None
    response = request(client, route, route.build(alice_objects))
    if response.status_code == 302:
        assert response["Location"].startswith(reverse("accounts:signin")), response["Location"]
    else:
        assert response.status_code in (401, 403, 404), (name, response.status_code)
    if route.unchanged:
        assert route.unchanged(alice_objects) == before


@pytest.mark.django_db
@pytest.mark.parametrize("what", sorted(EXTRA_OWNED_URLS))
def test_every_kind_of_file_is_alices_alone(what, alice_objects, alice_client, bob_client):
    url = EXTRA_OWNED_URLS[what](alice_objects)
    assert alice_client.get(url).status_code == 200
    assert bob_client.get(url).status_code == 404
    assert Client().get(url).status_code == 404


@pytest.mark.django_db
def test_a_guessed_reset_key_does_not_change_alices_password(alice, bob_client):
    from allauth.account.utils import user_pk_to_url_str

    url = reverse(
        "accounts:reset-password", kwargs={"uidb36": user_pk_to_url_str(alice), "key": "guessed-key"}
    )
    new_password = "An0ther!Secret"
    bob_client.get(url, follow=True)
    bob_client.post(url, {"password1": new_password, "password2": new_password}, follow=True)
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)
    assert not alice.check_password(new_password)


@pytest.mark.django_db
def test_a_tool_page_is_the_same_catalogue_page_for_everyone_signed_in(alice_client, bob_client):
    url = reverse("services:tool", args=["meta-copy"])
    assert alice_client.get(url).status_code == 200
    assert bob_client.get(url).status_code == 200
    assert Client().get(url)["Location"].startswith(reverse("accounts:signin"))


# --- object ids sent in bodies and queries ------------------------------------------------------


@pytest.mark.django_db
def test_bob_cannot_cancel_alices_subscription(alice, bob_client):
    subscription = Subscription.objects.create(
        user=alice, subscription_id="sub_alice", customer_id="cus_alice", status="active"
    )
    response = bob_client.post(
        reverse("billing:api") + "?action=cancel-subscription",
        {"subscriptionId": "sub_alice"},
        content_type="application/json",
    )
    assert response.status_code == 404
    subscription.refresh_from_db()
    assert not subscription.cancel_at_period_end


@pytest.mark.django_db
def test_bob_cannot_build_on_alices_scrape(alice, bob, bob_client):
    scrape = Generation.objects.create(
        user=alice,
        tool="meta-ads-full",
        service_type="meta_ads_full",
        step="scrape",
        status="success",
        idempotency_key="alice-scrape",
        output_data={"report": "Alice's site"},
    )
    inputs = {**META_COPY_INPUTS, "step": "copy", "scrapeId": scrape.pk}
    response = bob_client.post(
        reverse("services:api-generations"),
        {"tool": "meta-ads-full", "inputs": inputs, "idempotency_key": "bob-1"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["errors"]["scrapeId"] == ["Please scrape the website first"]
    assert not Generation.objects.filter(user=bob).exists()


# --- the admin ------------------------------------------------------------------------------------

# Sample values for the admin's regex routes (its route-style ones get "1" for every parameter).
ADMIN_REGEX_SAMPLES = {"app_label": "history", "url": "no-such-page/"}


def admin_sample_url(route: str, entry: URLPattern) -> str:
    if isinstance(entry.pattern, RoutePattern) or "<" in route.split("^")[0]:
        route = re.sub(r"<(?:\w+:)?\w+>", "1", route)
    if "(?P<" in route:
        prefix, _, regex = route.partition("^")
        filled = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: ADMIN_REGEX_SAMPLES[m.group(1)], regex)
        route = prefix + filled.rstrip("$")
    return "/" + route


@pytest.mark.django_db
def test_every_admin_route_is_staff_only(alice, staff):
    admin_routes = [(route, entry) for route, name, entry in parameterised_routes() if is_admin(name)]
    assert admin_routes, "the admin's parameterised routes were not found"
    login = reverse("admin:login")
    visitors = {"anonymous": Client(), "alice": Client()}
    visitors["alice"].force_login(alice)
    staff_client = Client()
    staff_client.force_login(staff)
    for route, entry in admin_routes:
        url = admin_sample_url(route, entry)
        for who, visitor in visitors.items():
            response = visitor.get(url)
            assert response.status_code in (302, 404), (who, url, response.status_code)
            if response.status_code == 302:
                assert response["Location"].startswith(login), (who, url, response["Location"])
        # A positive control: staff get past the gate (a page, a redirect inside the admin, a 404,
        # or a 403 where the admin is read-only, e.g. deleting a ledger entry).
        response = staff_client.get(url)
        assert response.status_code in (200, 302, 403, 404), (url, response.status_code)
        if response.status_code == 302:
            assert not response["Location"].startswith(login), url
