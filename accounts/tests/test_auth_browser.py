"""Browser journeys through sign-up, sign-in, remember me, the password reset and the guard."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def toast(page, text):
    return page.locator("#toasts [data-toast]", has_text=text)


def checklist(page):
    return [li.get_attribute("data-state") for li in page.locator("[data-password-checklist] li").all()]


def test_sign_up_with_each_password_rule_failing_then_passing(page, live_server):
    page.goto(f"{live_server.url}/signup")
    expect(page.get_by_role("heading", name="Create your account")).to_be_visible()
    assert checklist(page) == ["idle"] * 4

    page.get_by_role("button", name="Create Account").click()
    expect(page.locator("[data-error-for=name]")).to_have_text("Name must be at least 2 characters")
    expect(page.locator("[data-error-for=email]")).to_have_text("Please enter a valid email address")
    expect(page.locator("[data-error-for=accept_terms]")).to_have_text(
        "You must accept the terms and conditions"
    )
    password = page.get_by_label("Password", exact=True)
    error = page.locator("[data-error-for=password1]")
    expect(error).to_have_text("Password must be at least 8 characters")

    # Each rule fails in turn and then passes; the checklist follows keystroke by keystroke.
    steps = [
        ("abc", "Password must be at least 8 characters", ["unmet", "unmet", "met", "unmet"]),
        ("abcdefgh", "Password must contain at least one uppercase letter", ["met", "unmet", "met", "unmet"]),
        ("ABCDEFGH", "Password must contain at least one lowercase letter", ["met", "met", "unmet", "unmet"]),
        ("ABCDEFGh", "Password must contain at least one number", ["met", "met", "met", "unmet"]),
        ("ABCDEFGh42z", "", ["met", "met", "met", "met"]),
    ]
    for value, message, states in steps:
        password.fill(value)
        if message:
            expect(error).to_have_text(message)
        else:
            expect(error).to_be_hidden()
        assert checklist(page) == states
    expect(page.locator("[data-rule=number]")).to_have_class(
        re.compile("data-\\[state=met\\]:text-emerald-700")
    )

    toggle = page.get_by_role("button", name="Show password")
    toggle.click()
    expect(password).to_have_attribute("type", "text")
    page.get_by_role("button", name="Hide password").click()
    expect(password).to_have_attribute("type", "password")

    page.get_by_label("Full Name").fill("Carol Baker")
    page.get_by_label("Email").fill("carol@example.com")
    page.get_by_label("I agree to the Terms of Service and Privacy Policy").check()
    page.get_by_role("button", name="Create Account").click()
    page.wait_for_url(f"{live_server.url}/dashboard")
    expect(toast(page, "Account created successfully")).to_be_visible()
    expect(page.locator("[data-user-block]")).to_contain_text("Carol Baker")


def test_sign_in_wrong_then_right_with_remember_me_and_without(page, live_server, alice):
    page.goto(f"{live_server.url}/signin")
    # Without GitHub's keys its button is the documented placeholder: it says so when tapped.
    page.get_by_role("button", name="GitHub").click()
    expect(toast(page, "GitHub sign-in is not available yet")).to_be_visible()
    assert page.url == f"{live_server.url}/signin"
    page.get_by_label("Email").fill(alice.email)
    page.get_by_label("Password", exact=True).fill("Wrong-password1")
    page.get_by_role("button", name="Sign in").click()
    expect(toast(page, "Invalid email or password")).to_be_visible()
    expect(page.locator("#main").get_by_role("alert")).to_have_text("Invalid email or password")
    # Trying again clears that refusal: left above the new attempt's own error it reads as stale.
    page.get_by_label("Password", exact=True).fill("abc")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("[data-error-for=password]")).to_be_visible()
    expect(page.locator("#main [data-form-alert]")).to_have_count(0)

    # Busy state: a listener added after the page's own stops the real submit, so the form
    # can be looked at in the state the page gave it.
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.evaluate(
        "document.querySelector('form[data-busy-form]').addEventListener('submit', e => e.preventDefault())"
    )
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Signing in...")).to_be_disabled()
    expect(page.get_by_label("Email")).to_be_disabled()
    expect(page.get_by_label("Password", exact=True)).to_be_disabled()

    page.goto(f"{live_server.url}/signin")
    page.get_by_label("Email").fill(alice.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Remember me").check()
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/dashboard")
    expect(toast(page, "Signed in successfully")).to_be_visible()
    # Below the top bar: the credits, theme toggle and avatar stay reachable while it shows.
    top_bar = page.locator("header").first.bounding_box()
    assert toast(page, "Signed in successfully").bounding_box()["y"] >= top_bar["y"] + top_bar["height"]
    session = next(c for c in page.context.cookies() if c["name"] == "sessionid")
    assert session["expires"] > 0  # remembered: a persistent cookie

    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(toast(page, "Signed out successfully")).to_be_visible()

    page.goto(f"{live_server.url}/signin")
    page.get_by_label("Email").fill(alice.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/dashboard")
    session = next(c for c in page.context.cookies() if c["name"] == "sessionid")
    assert session["expires"] == -1  # not remembered: ends with the browser


def test_forgot_password_then_the_emailed_link_then_sign_in_with_the_new_password(page, live_server, alice):
    page.goto(f"{live_server.url}/signin")
    page.get_by_role("link", name="Forgot password").click()
    page.wait_for_url(f"{live_server.url}/forgot-password")
    page.get_by_label("Email").fill("not-an-email")
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.locator("[data-error-for=email]")).to_have_text("Please enter a valid email address")
    page.get_by_label("Email").fill(alice.email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    expect(toast(page, "Password reset email sent")).to_be_visible()

    link = re.search(r"http://\S+/reset-password/\S+", mail.outbox[-1].body).group(0)
    assert link.startswith(live_server.url)
    page.goto(link)
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    new_password = page.get_by_label("New password")
    new_password.fill("weakpass")
    page.get_by_role("button", name="Reset Password").click()
    expect(page.locator("[data-error-for=password1]")).to_have_text(
        "Password must contain at least one uppercase letter"
    )
    new_password.fill("Brand-N3w-Secret")
    page.get_by_role("button", name="Reset Password").click()
    page.wait_for_url(f"{live_server.url}/signin")
    expect(toast(page, "Your password has been reset")).to_be_visible()

    page.get_by_label("Email").fill(alice.email)
    page.get_by_label("Password", exact=True).fill("Brand-N3w-Secret")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/dashboard")


def test_the_guard_sends_to_sign_in_and_back_to_the_origin(page, live_server, alice):
    page.goto(f"{live_server.url}/profile")
    page.wait_for_url(f"{live_server.url}/signin?next=/profile")
    page.get_by_label("Email").fill(alice.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/profile")
    expect(page.locator("[data-shell-title]")).to_have_text("Profile")


def test_a_confirmation_link_that_no_longer_works_leads_through_sign_in_to_the_profile(
    page, live_server, alice, screenshot
):
    page.goto(f"{live_server.url}/accounts/confirm-email/expired-or-garbled/")
    expect(page.get_by_role("heading", name="Confirm Email Address")).to_be_visible()
    expect(page.get_by_text("This confirmation link has expired or has already been used.")).to_be_visible()
    screenshot.sizes(page, "confirm-link-invalid", [(1280, 800), (375, 740)])
    page.get_by_role("link", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/signin?next=/profile")
    page.get_by_label("Email").fill(alice.email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/profile")
