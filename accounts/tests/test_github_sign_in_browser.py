"""A first sign-in with GitHub in the browser: the button, GitHub (a local server that grants
access at once), the sign-up form, the dashboard."""

import pytest
from playwright.sync_api import expect

from accounts.tests.test_github_sign_in import github  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def test_sign_up_with_github_then_sign_in_with_it_again(page, live_server, github, screenshot, settings):  # noqa: F811
    # The button's form posts to allauth, which redirects to GitHub: CSP's form-action names
    # https://github.com; here GitHub is the local server.
    settings.SECURE_CSP = {
        **settings.SECURE_CSP,
        "form-action": [*settings.SECURE_CSP["form-action"], github.url],
    }
    page.goto(f"{live_server.url}/signin")
    page.locator("[data-social=github]").click()
    expect(page.get_by_role("heading", name="Create your account")).to_be_visible()
    expect(page.get_by_text("You are signing up with your GitHub account.")).to_be_visible()
    expect(page.get_by_label("Full Name")).to_have_value("Dana Lee")
    expect(page.get_by_label("Email")).to_have_value("dana@example.com")
    expect(page.get_by_label("Email")).to_be_disabled()
    screenshot.sizes(page, "github-sign-up", [(1280, 900), (375, 800)])

    page.get_by_role("button", name="Create Account").click()
    expect(page.locator("[data-error-for=accept_terms]")).to_have_text(
        "You must accept the terms and conditions"
    )
    page.get_by_label("I agree to the Terms of Service and Privacy Policy").check()
    page.get_by_role("button", name="Create Account").click()
    page.wait_for_url(f"{live_server.url}/dashboard")
    expect(page.locator("[data-user-email]")).to_contain_text("dana@example.com")

    page.context.clear_cookies()
    page.goto(f"{live_server.url}/signin")
    page.locator("[data-social=github]").click()
    page.wait_for_url(f"{live_server.url}/dashboard")
