"""The dashboard in Chromium after real generations (the generations API, the demo engine)."""

import pytest
from playwright.sync_api import expect

from billing.tests.stripe_fixtures import ensure_plans_seeded
from services.tests.generation_inputs import META_COPY_INPUTS

GENERATE = """async ([url, inputs, key]) => {
  const csrf = document.cookie.match(/csrftoken=([^;]+)/)[1];
  const response = await fetch(url, {
    method: "POST",
    headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
    body: JSON.stringify({tool: "meta-copy", inputs, idempotency_key: key}),
  });
  return [response.status, await response.json()];
}"""


@pytest.mark.django_db(transaction=True)
def test_the_dashboard_numbers_after_generations(signed_in_page, live_server, screenshot):
    ensure_plans_seeded()
    page = signed_in_page
    assert page.get_by_test_id("welcome").inner_text() == "Welcome, Alice!"
    assert page.get_by_text("No recent activity yet").is_visible()

    for key in ("first", "second"):
        status, generation = page.evaluate(
            GENERATE, [f"{live_server.url}/api/generations/", META_COPY_INPUTS, key]
        )
        assert status == 202, generation
    page.reload()

    assert page.get_by_test_id("welcome-credits").inner_text() == "60"
    assert page.get_by_test_id("credit-balance").inner_text() == "60 credits"  # the shell's top bar
    assert page.get_by_test_id("stat-usage").inner_text() == "40"
    assert page.get_by_test_id("stat-plan").inner_text() == "Free"
    assert page.get_by_test_id("stat-generations").inner_text() == "2"
    assert page.get_by_test_id("stat-status").inner_text() == "Free"
    assert page.get_by_test_id("chart-total").inner_text() == "40"
    assert page.locator("[data-usage-chart] rect").count() == 1
    activity = page.locator("[data-activity]")
    assert activity.count() == 2
    assert "Meta Copy" in activity.first.inner_text() and "Success" in activity.first.inner_text()
    assert page.locator("[data-tool-card]").count() == 5
    creative = page.locator('[data-tool-card="meta-creative"]')
    assert creative.get_by_role("link", name="Need Credits").is_visible()
    assert page.locator('[data-tool-card="meta-copy"]').get_by_role("link", name="Use Tool").is_visible()
    assert page.get_by_role("link", name="View All").get_attribute("href") == "/history"

    page.get_by_role("button", name="Invite Team").click()
    dialog = page.get_by_role("dialog", name="Invite your team")
    assert dialog.is_visible()
    page.keyboard.press("Escape")
    assert not dialog.is_visible()

    for width, height, size in ((1280, 900, "desktop"), (1024, 800, "tablet"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        # Nothing sticks out: the chart (today's bar is its right edge) stays inside its card,
        # the page never scrolls sideways, and the top bar's title is not cut short.
        chart = page.locator("[data-usage-chart]").bounding_box()
        card = page.locator("section[aria-labelledby=usage-heading]").bounding_box()
        assert chart["x"] + chart["width"] <= card["x"] + card["width"] - 16, size
        assert page.evaluate("document.documentElement.scrollWidth") <= width, size
        assert page.locator("[data-shell-title]").evaluate("el => el.scrollWidth <= el.clientWidth"), size
        screenshot.themes(page, f"dashboard-{width}")


@pytest.mark.django_db(transaction=True)
def test_the_figures_that_follow_the_balance_move_with_the_top_bar(signed_in_page, alice):
    """A change made elsewhere (staff, a purchase or a run in another tab) reaches the page with
    the top bar's next read of the balance: the welcome line and the tool cards move with it."""
    from credits.actions import grant_credits
    from credits.models import LedgerEntry

    page = signed_in_page
    creative = page.locator('[data-tool-card="meta-creative"]')  # 80 credits
    use, need = (
        creative.get_by_role("link", name="Use Tool"),
        creative.get_by_role("link", name="Need Credits"),
    )
    assert page.get_by_test_id("welcome-credits").inner_text() == "100"
    assert use.is_visible() and not need.is_visible()

    def read_again_and_see(top_bar: str) -> None:
        # The top bar reads the balance again when the tab is shown (and every 30 s).
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function(
            "text => document.querySelector('[data-testid=credit-balance]').innerText === text", arg=top_bar
        )

    kind = LedgerEntry.Kind.ADJUSTMENT
    grant_credits(user=alice, amount=-90, reason="Correction", idempotency_key="follow-1", kind=kind)
    read_again_and_see("10 credits")
    assert page.get_by_test_id("welcome-credits").inner_text() == "10"
    assert need.is_visible() and not use.is_visible()
    assert creative.locator("progress").evaluate("el => [el.value, el.hasAttribute('data-short')]") == [
        10,
        True,
    ]
    assert creative.locator("[data-tool-progress]").inner_text() == "10"

    grant_credits(user=alice, amount=1000, reason="Support", idempotency_key="follow-2")
    read_again_and_see("1,010 credits")
    assert page.get_by_test_id("welcome-credits").inner_text() == "1,010"
    assert use.is_visible() and not need.is_visible()
    assert creative.locator("progress").evaluate("el => [el.value, el.hasAttribute('data-short')]") == [
        80,
        False,
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("path", "figure"), [("/billing", "billing-balance"), ("/usage", "usage-balance")])
def test_billing_and_usage_credits_remaining_move_with_the_top_bar(
    signed_in_page, live_server, alice, path, figure
):
    from credits.actions import grant_credits

    page = signed_in_page
    page.goto(f"{live_server.url}{path}")
    assert page.get_by_test_id(figure).inner_text() == "100"
    grant_credits(user=alice, amount=1000, reason="Support", idempotency_key="follow-billing")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function(
        "text => document.querySelector('[data-testid=credit-balance]').innerText === text",
        arg="1,100 credits",
    )
    expect(page.get_by_test_id(figure)).to_have_text("1,100")
