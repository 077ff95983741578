"""The usage page in Chromium: the ledger a user sees, on a phone and a desktop, light and dark."""

import pytest
from playwright.sync_api import expect

from config.pytest_plugin import PASSWORD
from credits.actions import grant_credits, refund_credits, spend_credits

# A staff reason with no break opportunity at all: it must wrap, not push the amounts off the card.
UNBROKEN_REASON = "GoodwillCreditsForTicket" + "7" * 226


def assert_amounts_stay_on_the_card(page, width):
    card = page.locator("[data-ledger]").bounding_box()
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width, f"at {width} px the page scrolls sideways ({scroll_width} px)"
    if width >= 640:
        row = page.locator("table tbody tr", has_text=UNBROKEN_REASON)
        for cell in row.locator("td").all()[2:]:
            box = cell.bounding_box()
            assert box["x"] + box["width"] <= card["x"] + card["width"], (
                f"at {width} px a column leaves the card"
            )
    else:
        item = page.locator("ul li", has_text=UNBROKEN_REASON)
        reason = item.get_by_text(UNBROKEN_REASON).bounding_box()
        amounts = item.get_by_text("Balance", exact=False).bounding_box()
        assert reason["x"] + reason["width"] <= amounts["x"], (
            f"at {width} px the reason runs over the balance"
        )
        assert amounts["x"] + amounts["width"] <= card["x"] + card["width"]


@pytest.mark.django_db(transaction=True)
def test_a_user_reads_their_credit_usage(signed_in_page, live_server, alice, bob, screenshot):
    grant_credits(user=alice, amount=5, reason=UNBROKEN_REASON, idempotency_key="long-reason")
    spend_credits(user=alice, amount=20, reason="META Copy generation", reference="generation:1")
    spend_credits(user=alice, amount=80, reason="META Creative generation", reference="generation:2")
    refund_credits(user=alice, reference="generation:2", reason="Refund: META Creative generation failed")
    grant_credits(
        user=alice, amount=1000, reason="Starter plan credits", kind="purchase", idempotency_key="in_1"
    )
    spend_credits(user=bob, amount=50, reason="Spy Master analysis", reference="generation:3")
    page = signed_in_page

    page.goto(f"{live_server.url}/usage")

    assert page.get_by_role("heading", name="Credit Usage").is_visible()
    rows = page.locator("table tbody tr")
    assert rows.count() == 6
    newest = [" ".join(cell.split()) for cell in rows.first.locator("td").all_inner_texts()]
    assert newest[1:] == ["Purchase Starter plan credits", "+1,000", "1,085"]
    assert "Spy Master analysis" not in page.content()
    assert page.get_by_test_id("usage-balance").inner_text() == "1,085"

    for width, height, size in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        if size == "phone":
            assert page.locator("ul li", has_text="Starter plan credits").is_visible()
            assert not rows.first.is_visible()
        assert_amounts_stay_on_the_card(page, width)
        screenshot.themes(page, f"usage-{width}")


@pytest.mark.django_db(transaction=True)
def test_ledger_times_are_shown_in_the_readers_time_zone(browser, browser_context_args, live_server, alice):
    context = browser.new_context(**{**browser_context_args, "timezone_id": "Asia/Tokyo"})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/signin")
        page.fill("input[name=email]", alice.email)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(f"{live_server.url}/dashboard")

        page.goto(f"{live_server.url}/usage")

        time = page.locator("table tbody tr time").first
        moment = time.get_attribute("datetime")
        tokyo = page.evaluate("(iso) => new Date(iso).toLocaleString()", moment)  # as /history writes it
        expect(time).to_have_text(tokyo)
        assert "UTC" not in time.inner_text()
    finally:
        context.close()
