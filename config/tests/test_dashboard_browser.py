"""The dashboard in Chromium after real generations (the generations API, the demo engine)."""

import pytest

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
