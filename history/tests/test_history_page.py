import json
import re

import pytest
from django.templatetags.static import static
from playwright.sync_api import expect

from history.models import ServiceType


def island_props(response):
    match = re.search(
        r'<script id="island-props-history" type="application/json">(.*?)</script>',
        response.content.decode(),
        re.S,
    )
    assert match, "the page mounts no history island"
    return json.loads(match.group(1))


def test_history_page_requires_sign_in(client, db):
    response = client.get("/history")
    assert response.status_code == 302
    assert response["Location"].startswith("/signin")


def test_history_page_mounts_the_island_with_every_tool_and_the_api_urls(alice_client):
    response = alice_client.get("/history")
    assert response.status_code == 200
    assert "Generation History" in response.content.decode()
    props = island_props(response)
    assert props["urls"] == {"history": "/api/history/", "historyItem": "/api/history/{id}/"}
    assert [t["value"] for t in props["types"]] == list(ServiceType.values)
    assert props["labels"]["meta-copy"] == props["labels"]["meta_copy"] == "Meta Copy"
    assert props["labels"]["meta_ads"] == "Meta Ads Full"


def test_history_page_names_the_text_editors_fonts_stylesheet_by_its_static_url(alice_client):
    body = alice_client.get("/history").content.decode()
    assert f'<meta name="editor-fonts" content="{static("dist/fonts/fonts.css")}">' in body


@pytest.mark.django_db(transaction=True)
def test_history_page_lists_only_alices_generations_and_filters_by_tool(
    signed_in_page, live_server, alice, bob, make_generation, screenshot
):
    make_generation(
        alice,
        output_data={"socialMediaCopy": "Run the trails this weekend.", "engine": "demo"},
        tool="social-media-copy",
        service_type="social_media_copy",
    )
    make_generation(
        alice,
        output_data={"variations": [{"headline": "Glow up", "description": "Shop", "primaryText": "Shine."}]},
    )
    make_generation(alice, tool="spy-master", service_type="spy_master", status="running", credits_used=50)
    make_generation(
        bob,
        output_data={"socialMediaCopy": "Bob's secret copy"},
        tool="social-media-copy",
        service_type="social_media_copy",
    )
    page = signed_in_page
    page.goto(f"{live_server.url}/history")
    items = page.get_by_test_id("history-item")
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_contain_text("Spy Master")
    expect(items.nth(0)).to_contain_text("Generating Spy Master content...")
    expect(page.get_by_text("Bob's secret copy")).to_have_count(0)

    page.select_option("[name=service_type]", "social_media_copy")
    expect(items).to_have_count(1)
    assert page.url.endswith("/history?service_type=social_media_copy")
    items.first.get_by_role("button").first.click()
    expect(items.first).to_contain_text("Run the trails this weekend.")
    screenshot.themes(page, "history-page")

    page.reload()
    expect(page.locator("[name=service_type]")).to_have_value("social_media_copy")
    # A tool with none of Alice's generations says so, not that she has no history at all.
    page.select_option("[name=service_type]", "meta_creative")
    expect(page.get_by_text("No Meta Creative generations yet")).to_be_visible()
    expect(page.get_by_text("No generation history yet")).to_have_count(0)
    screenshot.sizes(page, "history-empty-filter", ((1280, 800), (390, 800)), full_page=False)
    page.get_by_role("button", name="Show all tools").click()
    expect(items).to_have_count(3)
    expect(page.locator("[name=service_type]")).to_have_value("")
