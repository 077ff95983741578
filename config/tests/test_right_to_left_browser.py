"""Right-to-left text (Hebrew here) in Chromium: the fields a user writes in and the places that
show what they wrote follow the text's own direction (dir="auto"), while e-mail and URL fields stay
left to right. The attribute on each element is checked in plain pytest and Vitest; this looks at
what the browser makes of it, at desktop and phone width, light and dark."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

HEBREW_NAME = "דנה כהן"
HEBREW_BIO = "שלום עולם! אנחנו מוכרים סרום ויטמין C."


def direction(locator) -> str:
    return locator.evaluate("(el) => getComputedStyle(el).direction")


SIZES = ((1280, 900), (390, 900))  # the screenshots' viewports


def test_hebrew_reads_from_the_right_where_it_is_written_and_shown(page, live_server, make_user, screenshot):
    make_user("dana@example.com", name=HEBREW_NAME, bio=HEBREW_BIO, website="https://dana.example.com")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}{reverse('accounts:signin')}")
    page.fill("input[name=email]", "dana@example.com")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/dashboard")

    page.goto(f"{live_server.url}{reverse('accounts:profile')}")
    assert direction(page.locator("textarea[name=bio]")) == "rtl"
    assert direction(page.locator("input[name=name]")) == "rtl"
    assert direction(page.locator("input[name=email]")) == "ltr"
    assert direction(page.locator("input[name=website]")) == "ltr"
    sidebar_name = page.get_by_text(HEBREW_NAME, exact=True).first
    expect(sidebar_name).to_be_visible()
    assert direction(sidebar_name) == "rtl"
    # Each width from a fresh load: a resize would catch the drawer mid-slide.
    screenshot.sizes(page, "rtl-profile", SIZES, prepare=page.reload)

    def fill_in_hebrew():
        page.fill("[name=productName]", "סרום זוהר")
        page.fill("[name=productDescription]", HEBREW_BIO)

    page.goto(f"{live_server.url}{reverse('services:tool', args=['social-media-copy'])}")
    fill_in_hebrew()
    assert direction(page.locator("[name=productName]")) == "rtl"
    assert direction(page.locator("[name=productDescription]")) == "rtl"

    def reload_and_fill_in_hebrew():
        page.reload()
        fill_in_hebrew()

    screenshot.sizes(page, "rtl-tool-form", SIZES, prepare=reload_and_fill_in_hebrew)
    page.fill("[name=productName]", "Glow Serum")  # the same box, left to right for English
    assert direction(page.locator("[name=productName]")) == "ltr"
