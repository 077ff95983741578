"""Keyboard focus in Chromium: what it lands on is never under the sticky top bar, and it shows
a ring that stands out in both themes (WCAG 2.4.7, 2.4.11)."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

TOP_BAR_BOTTOM = "document.querySelector('header').getBoundingClientRect().bottom"
FOCUSED_TOP = "document.activeElement.getBoundingClientRect().top"


@pytest.mark.parametrize("width,height", [(390, 844), (640, 450)])
def test_shift_tab_up_a_tool_form_never_hides_the_field_under_the_top_bar(
    signed_in_page, live_server, width, height
):
    page = signed_in_page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/services/meta-copy")
    submit = page.get_by_role("button", name="Generate Meta Copy (20 credits)")
    submit.focus()
    for _ in range(8):
        page.keyboard.press("Shift+Tab")
        name = page.evaluate("document.activeElement.id || document.activeElement.name")
        assert page.evaluate(FOCUSED_TOP) >= page.evaluate(TOP_BAR_BOTTOM), name


@pytest.mark.parametrize("dark", [False, True])
def test_the_dashboards_dark_and_white_buttons_show_the_brand_ring(signed_in_page, dark):
    page = signed_in_page
    page.evaluate("(dark) => document.documentElement.classList.toggle('dark', dark)", dark)
    use_tool = page.locator('[data-tool-card="meta-copy"]').get_by_role("link", name="Use Tool")
    use_tool.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # focus by keyboard: :focus-visible
    # The button's `transition` eases its outline in: read it once that is done.
    style = use_tool.evaluate(
        "el => { el.getAnimations().forEach((a) => a.finish()); const s = getComputedStyle(el);"
        " return [s.outlineStyle, s.outlineColor, s.outlineWidth]; }"
    )
    assert style == ["solid", "rgb(99, 102, 241)", "2px"]  # brand-500


def test_a_link_on_a_brand_panel_rings_white(page, live_server):
    page.goto(f"{live_server.url}/")
    link = page.get_by_role("link", name="Get Started Free").last  # the closing call to action
    link.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    outline = link.evaluate(
        "el => { el.getAnimations().forEach((a) => a.finish()); return getComputedStyle(el).outlineColor; }"
    )
    assert outline == "rgb(255, 255, 255)"  # brand-500 would all but vanish on the brand gradient
