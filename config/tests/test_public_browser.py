"""Browser journeys over the public pages and the shell: landing (signed out and in), 404 and
Go Back, the theme across a reload, the shell's drawer at a phone viewport."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def test_landing_signed_out(page, live_server, seeded_plans):
    page.goto(f"{live_server.url}/")
    assert page.title() == "Adsmith AI - Your Marketing AI Assistant"
    header = page.locator("[data-site-header]")
    expect(header).not_to_have_attribute("data-scrolled", "")
    expect(
        page.get_by_role("heading", name="Supercharge your marketing with AI-powered automation")
    ).to_be_visible()
    expect(page.get_by_role("link", name="Get Started Free").first).to_have_attribute("href", "/signup")
    expect(page.get_by_text("Join hundreds of businesses")).to_be_visible()

    # The header fades in and blurs over the first 100 px.
    page.mouse.wheel(0, 40)
    page.wait_for_function(
        "document.querySelector('[data-site-header]').style.getPropertyValue('--header-alpha') !== '0.0%'"
    )
    expect(header).not_to_have_attribute("data-scrolled", "")
    page.mouse.wheel(0, 200)
    expect(header).to_have_attribute("data-scrolled", "")
    assert header.evaluate("h => h.style.getPropertyValue('--header-alpha')") == "85.0%"

    page.get_by_role("navigation", name="Primary").get_by_role("link", name="Pricing").click()
    page.wait_for_url(f"{live_server.url}/#pricing")
    cards = page.locator("[data-plan-card]")
    expect(cards).to_have_count(6)
    expect(page.locator("[data-plan-card][data-plan-id=professional]")).to_contain_text("Most Popular")
    expect(page.locator("[data-agent-card]")).to_have_count(6)
    page.locator("[data-agent-card=spy-master]").get_by_role("link", name="Try Free").click()
    page.wait_for_url(f"{live_server.url}/signup")


def test_landing_signed_in_and_its_mobile_menu(signed_in_page, live_server, seeded_plans):
    page = signed_in_page
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("link", name="Go to Dashboard").first).to_be_visible()
    expect(page.get_by_role("link", name="Sign In")).to_have_count(0)
    expect(
        page.locator("[data-plan-card][data-plan-id=free]").get_by_role("link", name="Current Plan")
    ).to_have_attribute("href", "/dashboard")
    page.locator("[data-agent-card=meta-copy]").get_by_role("link", name="Use Agent").click()
    page.wait_for_url(f"{live_server.url}/services/meta-copy")

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/")
    menu = page.locator("#mobile-menu")
    expect(menu).to_be_hidden()
    page.get_by_role("button", name="Open menu").click()
    expect(menu).to_be_visible()
    expect(menu.get_by_role("link", name="Dashboard")).to_be_visible()
    menu.get_by_role("link", name="Features").click()
    expect(menu).to_be_hidden()
    page.wait_for_url(f"{live_server.url}/#features")


def test_404_then_go_back(page, live_server):
    page.goto(f"{live_server.url}/signin")
    response = page.goto(f"{live_server.url}/this/does/not/exist")
    assert response.status == 404
    assert page.title() == "Page Not Found | Adsmith AI"
    expect(page.get_by_role("heading", name="Page Not Found")).to_be_visible()
    expect(page.get_by_role("link", name="Return Home")).to_have_attribute("href", "/")
    page.get_by_role("button", name="Go Back").click()
    page.wait_for_url(f"{live_server.url}/signin")


def test_the_theme_is_kept_across_a_reload(page, live_server):
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server.url}/signin")
    html = page.locator("html")
    toggle = page.locator("[data-theme-toggle]")
    expect(html).not_to_have_class("dark")
    expect(toggle).to_have_attribute("title", "Switch to dark mode")
    toggle.click()
    expect(html).to_have_class("h-full dark")
    expect(toggle).to_have_attribute("title", "Switch to light mode")
    page.reload()
    expect(html).to_have_class("h-full dark")
    assert page.evaluate("localStorage.getItem('theme')") == "dark"


def test_the_shell_drawer_at_a_phone_viewport(signed_in_page, live_server):
    page = signed_in_page
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/dashboard")
    expect(page.locator("[data-shell-title]")).to_have_text("Dashboard")
    sidebar = page.locator("#sidebar")
    menu_button = page.get_by_role("button", name="Open menu")
    expect(sidebar).not_to_be_in_viewport()

    menu_button.click()
    expect(sidebar).to_be_in_viewport()
    expect(page.get_by_role("button", name="Close menu")).to_be_focused()
    # A modal dialog while open: the page behind it is out of reach of a screen reader too.
    expect(page.get_by_role("dialog", name="Menu")).to_be_visible()
    assert page.locator("main").evaluate("el => el.closest('[inert]') !== null")
    page.get_by_role("button", name="Close menu").click()
    expect(sidebar).not_to_be_in_viewport()
    expect(menu_button).to_be_focused()
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert page.locator("main").evaluate("el => el.closest('[inert]') === null")

    menu_button.click()
    page.locator("[data-drawer-overlay]").click(position={"x": 360, "y": 400})
    expect(sidebar).not_to_be_in_viewport()

    menu_button.click()
    page.keyboard.press("Escape")
    expect(sidebar).not_to_be_in_viewport()

    menu_button.click()
    sidebar.get_by_role("link", name="Profile").click()
    page.wait_for_url(f"{live_server.url}/profile")
    expect(page.locator("[data-shell-title]")).to_have_text("Profile")
    expect(sidebar).not_to_be_in_viewport()


def test_a_long_top_bar_title_stays_on_one_line_at_a_phone_viewport(signed_in_page, live_server):
    page = signed_in_page
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/services/social-media-creative")
    title = page.locator("[data-shell-title]")
    expect(title).to_have_text("Social Media Creative")  # whole in the page, for screen readers
    line_height = title.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
    assert title.bounding_box()["height"] <= line_height + 1  # one line, not two
    assert title.evaluate("el => el.scrollWidth > el.clientWidth")  # cut with its ellipsis...
    expect(title).to_have_attribute("title", "Social Media Creative")  # ...and whole in the tooltip

    page.set_viewport_size({"width": 1280, "height": 900})
    expect(title).not_to_have_attribute("title", "Social Media Creative")  # it fits: no tooltip
    assert title.evaluate("el => el.scrollWidth <= el.clientWidth")
