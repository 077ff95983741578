"""A long unbroken token (a tracking URL's query, a brand written without spaces) in generated or
user-provided text wraps where it is shown: at phone width the page never scrolls sideways. One
journey at 390 px: a Meta Copy result, its history entry, a toast quoting a long e-mail address,
and the sidebar's e-mail line. (Each view's wrapping contract is in the Vitest tests.)"""

import pytest
from playwright.sync_api import expect

from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

PHONE_WIDTH = 390
LONG_EMAIL = "qa.visual.user.with.a.long.address@example-company-domain.com"
TOKEN = "utm_source=scrape_test_campaign_parameter_value"
TRACKING_URL = f"https://www.glow-naturals-example-shop.com/products/vitamin-c-serum-30ml?{TOKEN}"


def page_width(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth")


def test_long_unbroken_text_never_makes_a_phone_page_scroll_sideways(page, live_server, make_user):
    make_user(LONG_EMAIL, name="Maximiliana Featherstonehaugh")
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
    page.goto(f"{live_server.url}/signin")
    page.fill("input[name=email]", LONG_EMAIL)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/dashboard")

    page.goto(f"{live_server.url}/services/meta-copy")
    page.fill("[name=brand]", "GlowNaturalsVitaminSerumCollectionWithoutSpaces")
    page.fill("[name=productService]", "Vitamin C serum")
    page.fill("[name=targetAudience]", "Women 25-45")
    page.fill("[name=productDescription]", f"A lightweight serum. Shop at {TRACKING_URL}")
    page.fill("[name=productBenefits]", "Brighter skin in two weeks.")
    page.get_by_role("button", name="Generate Meta Copy (20 credits)").click()
    expect(page.get_by_test_id("variation").first).to_contain_text(TOKEN)
    assert page_width(page) <= PHONE_WIDTH

    page.get_by_role("button", name="Show History").click()
    entry = page.get_by_test_id("history-item").first
    entry.get_by_role("button").first.click()
    expect(entry).to_contain_text(TOKEN)
    assert page_width(page) <= PHONE_WIDTH

    # The sign-up toast quotes the address: it wraps inside its box, which stays on screen.
    message = f"Confirmation email sent to {LONG_EMAIL}."
    page.evaluate(
        "(message) => window.dispatchEvent(new CustomEvent('adsmith:toast', {detail: {message, kind: 'info'}}))",
        message,
    )
    toast = page.locator("#toasts > div", has_text=message)
    expect(toast).to_be_visible()
    assert toast.evaluate("(el) => el.scrollWidth <= el.clientWidth")
    box = toast.bounding_box()
    assert box["x"] + box["width"] <= PHONE_WIDTH

    # The sidebar (the drawer at this width) shows the address in two lines at most, cut at its
    # '@' rather than mid-word, with the whole address as the title.
    email = page.locator("[data-user-email]")
    assert email.get_attribute("title") == LONG_EMAIL
    line_height = float(email.evaluate("(el) => getComputedStyle(el).lineHeight").removesuffix("px"))
    assert email.evaluate("(el) => el.getBoundingClientRect().height") <= 2 * line_height
    assert email.locator("span").all_text_contents() == [
        "qa.visual.user.with.a.long.address",
        "@example-company-domain.com",
    ]
