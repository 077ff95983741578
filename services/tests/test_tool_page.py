import json
import re

import pytest
from django.templatetags.static import static

from services.registry import TOOLS


def island_props(response, name):
    body = response.content.decode()
    match = re.search(
        rf'<script id="island-props-{re.escape(name)}" type="application/json">(.*?)</script>', body, re.S
    )
    assert match, f"no props for island {name}"
    return json.loads(match.group(1))


@pytest.mark.parametrize("slug", list(TOOLS))
def test_each_tool_page_mounts_its_island_with_the_schema_and_urls(alice_client, alice, slug):
    response = alice_client.get(f"/services/{slug}")
    assert response.status_code == 200
    tool = TOOLS[slug]
    body = response.content.decode()
    assert f'data-island="{slug}"' in body
    assert f"dist/js/{slug}.js" in body
    assert tool.name in body
    props = island_props(response, slug)
    assert props["tool"] == tool.as_props()
    assert props["userId"] == alice.pk  # the key of the form drafts the island keeps in the tab
    assert props["urls"]["generations"] == "/api/generations/"
    assert props["urls"]["generation"] == "/api/generations/{id}/"
    assert props["urls"]["active"] == "/api/generations/active/"
    assert props["urls"]["historyItem"] == "/api/history/{id}/"
    assert props["urls"]["billing"] == "/billing"
    assert props["toolLabels"]["meta_copy"] == "Meta Copy"


def test_the_page_names_the_text_editors_fonts_stylesheet_by_its_static_url(alice_client):
    body = alice_client.get("/services/meta-creative").content.decode()
    assert f'<meta name="editor-fonts" content="{static("dist/fonts/fonts.css")}">' in body


def test_the_page_shows_the_users_balance(alice_client, alice):
    from credits.models import balance_of

    response = alice_client.get("/services/meta-copy")
    assert island_props(response, "meta-copy")["balance"] == balance_of(alice)


def test_tool_pages_require_sign_in(client, db):
    response = client.get("/services/meta-copy")
    assert response.status_code == 302
    assert response["Location"].startswith("/signin")


def test_an_unknown_tool_is_a_404(alice_client):
    assert alice_client.get("/services/no-such-tool").status_code == 404


def test_the_page_sets_the_csrf_cookie_the_island_posts_with(alice_client):
    response = alice_client.get("/services/spy-master")
    assert "csrftoken" in response.cookies


def test_the_page_says_when_results_come_from_the_demo_engine(alice_client, settings):
    settings.GENERATION_ENGINE = "demo"
    assert b'data-testid="demo-engine-notice"' in alice_client.get("/services/meta-copy").content
    settings.GENERATION_ENGINE = "webhook"
    assert b'data-testid="demo-engine-notice"' not in alice_client.get("/services/meta-copy").content


def test_the_page_reads_the_balance_once_for_the_tool_and_the_top_bar(alice_client, alice):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from credits.models import balance_of

    with CaptureQueriesContext(connection) as queries:
        response = alice_client.get("/services/meta-copy")

    assert sum('FROM "credits_creditbalance"' in q["sql"] for q in queries.captured_queries) == 1
    assert island_props(response, "credit-balance")["initial"] == balance_of(alice)
