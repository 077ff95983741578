"""The usage page in Chromium: the ledger a user sees, on a phone and a desktop, light and dark."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from config.pytest_plugin import PASSWORD
from credits.actions import grant_credits, refund_credits, spend_credits

ARTIFACTS = Path("test-artifacts")


@pytest.mark.django_db(transaction=True)
def test_a_user_reads_their_credit_usage(signed_in_page, live_server, alice, bob):
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
    assert rows.count() == 5
    newest = [" ".join(cell.split()) for cell in rows.first.locator("td").all_inner_texts()]
    assert newest[1:] == ["Purchase Starter plan credits", "+1,000", "1,080"]
    assert "Spy Master analysis" not in page.content()
    assert page.get_by_test_id("usage-balance").inner_text() == "1,080"

    ARTIFACTS.mkdir(exist_ok=True)
    for width, height, size in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        if size == "phone":
            assert page.locator("ul li", has_text="Starter plan credits").is_visible()
            assert not rows.first.is_visible()
        for theme in ("light", "dark"):
            page.evaluate(
                "(dark) => document.documentElement.classList.toggle('dark', dark)", theme == "dark"
            )
            page.screenshot(path=str(ARTIFACTS / f"usage-{theme}-{size}.png"), full_page=True)


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
