"""Profile editing in a browser: each validation message, an avatar upload with progress and
preview, saving, and removing the avatar again."""

import pytest
from playwright.sync_api import expect

from accounts.tests.conftest import image_bytes

pytestmark = pytest.mark.django_db(transaction=True)


def test_profile_edit_with_avatar_upload_and_each_validation_message(
    signed_in_page, live_server, alice, tmp_path
):
    page = signed_in_page
    page.goto(f"{live_server.url}/profile")
    save = page.get_by_role("button", name="Save Changes")

    name, email = page.get_by_label("Full Name"), page.get_by_label("Email")
    website, bio = page.get_by_label("Website"), page.get_by_label("Bio")
    name.fill("A")
    email.fill("alice-at-example")
    website.fill("not a url")
    bio.fill("x" * 501)
    save.click()
    expect(page.locator("[data-error-for=name]")).to_have_text("Name must be at least 2 characters")
    expect(page.locator("[data-error-for=email]")).to_have_text("Please enter a valid email address")
    expect(page.locator("[data-error-for=website]")).to_have_text("Please enter a valid URL")
    expect(page.locator("[data-error-for=bio]")).to_have_text("Bio must not exceed 500 characters")
    expect(page.locator("[data-counter-for=bio]")).to_have_text("501/500")
    assert page.url == f"{live_server.url}/profile"  # nothing was sent

    # A file that is not an image is refused in the page.
    text_file = tmp_path / "notes.txt"
    text_file.write_text("hello")
    page.locator("[data-avatar-input]").set_input_files(str(text_file))
    expect(page.locator("[data-avatar-error]")).to_have_text("Please upload an image file")

    photo = tmp_path / "me.png"
    photo.write_bytes(image_bytes(size=(300, 300)))
    page.locator("[data-avatar-input]").focus()  # chosen by keyboard: focus stays with the picker
    page.locator("[data-avatar-input]").set_input_files(str(photo))
    expect(page.locator("[data-avatar-progress] progress")).to_have_attribute("value", "100")
    expect(page.locator("[data-avatar-percent]")).to_have_text("100%")
    expect(page.get_by_role("img", name="Your profile picture")).to_be_visible()
    expect(page.locator("#toasts").get_by_text("File uploaded successfully!")).to_be_visible()
    expect(page.get_by_role("button", name="Remove")).to_be_visible()
    expect(page.locator("[data-avatar-input]")).to_be_focused()

    name.fill("Alice Jones")
    email.fill("alice@example.com")
    website.fill("https://alice.example.com")
    # Line breaks count once, as the counter counts them (the browser sends each as CR LF).
    bio_text = "I run ads for small shops.\n" + "\n".join(["y" * 49] * 9)
    bio_text += "z" * (500 - len(bio_text))
    bio.fill(bio_text)
    expect(page.locator("[data-counter-for=bio]")).to_have_text("500/500")
    expect(page.locator("[data-error-for=name]")).to_be_hidden()
    save.click()
    page.wait_for_url(f"{live_server.url}/profile")
    expect(page.locator("#toasts").get_by_text("Profile updated successfully")).to_be_visible()
    expect(page.locator("[data-user-block]")).to_contain_text("Alice Jones")
    avatar = page.locator("header img[data-avatar]")
    expect(avatar).to_be_visible()  # the top bar shows the avatar now, loaded from its owner-only URL
    expect(avatar).to_have_js_property("complete", True)
    assert avatar.evaluate("img => img.naturalWidth") > 0
    expect(page.locator("[data-counter-for=bio]")).to_have_text("500/500")
    alice.refresh_from_db()
    assert (alice.name, alice.website, alice.bio) == ("Alice Jones", "https://alice.example.com", bio_text)
    assert alice.avatar.name.startswith(f"user-uploads/{alice.pk}/avatar-")

    page.get_by_role("button", name="Remove").click()
    expect(page.get_by_role("img", name="Your profile picture")).to_be_hidden()
    save.click()
    page.wait_for_url(f"{live_server.url}/profile")
    expect(page.locator("header span[data-avatar]")).to_have_text("A")
    alice.refresh_from_db()
    assert not alice.avatar


def test_a_new_photo_is_said_to_need_save_changes_and_leaving_before_saving_asks_first(
    signed_in_page, live_server, alice, tmp_path
):
    page = signed_in_page
    page.goto(f"{live_server.url}/profile")
    note = page.locator("[data-avatar-unsaved]")
    dashboard = page.get_by_role("link", name="Dashboard")
    save = page.get_by_role("button", name="Save Changes")
    expect(note).to_have_text("")
    prompts = []

    def stay_on_the_page(dialog):
        prompts.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", stay_on_the_page)
    dashboard.click()  # nothing changed: no prompt
    page.wait_for_url(f"{live_server.url}/dashboard")
    page.go_back()

    photo = tmp_path / "me.png"
    photo.write_bytes(image_bytes(size=(300, 300)))
    page.locator("[data-avatar-input]").set_input_files(str(photo))
    expect(page.locator("#toasts").get_by_text("File uploaded successfully!")).to_be_visible()
    expect(note).to_have_text("Save Changes to keep your new photo.")

    with page.expect_event("dialog") as prompt:
        dashboard.click()
    assert prompt.value.type == "beforeunload"
    expect(note).to_have_text("Save Changes to keep your new photo.")  # stayed, photo and all
    assert page.url == f"{live_server.url}/profile"
    alice.refresh_from_db()
    assert not alice.avatar

    save.click()  # sending the form asks nothing
    expect(page.locator("#toasts").get_by_text("Profile updated successfully")).to_be_visible()
    expect(note).to_have_text("")
    alice.refresh_from_db()
    assert alice.avatar

    page.get_by_role("button", name="Remove").click()
    expect(note).to_have_text("Save Changes to remove your photo.")
    save.click()
    expect(page.locator("header span[data-avatar]")).to_have_text("A")
    expect(note).to_have_text("")
    dashboard.click()  # saved: leaving asks nothing
    page.wait_for_url(f"{live_server.url}/dashboard")
    assert prompts == ["beforeunload"]
    alice.refresh_from_db()
    assert not alice.avatar


def test_an_email_change_waits_for_its_link_and_can_be_cancelled(
    signed_in_page, live_server, alice, screenshot
):
    page = signed_in_page
    page.goto(f"{live_server.url}/profile")
    page.get_by_label("Email").fill("alice.typo@example.com")
    page.get_by_role("button", name="Save Changes").click()
    waiting = page.locator("[data-pending-email]")
    expect(waiting).to_contain_text("Waiting for confirmation of alice.typo@example.com.")
    expect(page.get_by_label("Email")).to_have_value("alice@example.com")
    screenshot.sizes(page, "profile-email-waiting", [(1280, 900), (375, 800)], full_page=False)

    waiting.get_by_role("button", name="Cancel change").click()
    expect(page.locator("#toasts")).to_contain_text(
        "Your change to alice.typo@example.com was cancelled. You still sign in with alice@example.com."
    )
    expect(page.locator("[data-pending-email]")).to_have_count(0)


def test_changes_saved_after_signing_out_in_another_tab_come_back_after_signing_in(
    signed_in_page, live_server, alice
):
    from config.pytest_plugin import PASSWORD

    tab_b = signed_in_page
    tab_b.goto(f"{live_server.url}/profile")
    tab_a = tab_b.context.new_page()
    tab_a.goto(f"{live_server.url}/dashboard")
    with tab_a.expect_navigation():
        tab_a.locator("#sidebar [data-sign-out] button").click()

    tab_b.get_by_label("Company").fill("Typed After Signout")
    tab_b.get_by_label("Bio").fill("Written while signed out elsewhere")
    tab_b.get_by_role("button", name="Save Changes").click()
    tab_b.wait_for_url(f"{live_server.url}/signin?next=/profile")
    expect(tab_b.locator("#toasts")).to_contain_text(
        "your profile changes were not saved. Sign in to save them."
    )

    tab_b.get_by_label("Email").fill(alice.email)
    tab_b.get_by_label("Password", exact=True).fill(PASSWORD)
    tab_b.get_by_role("button", name="Sign in").click()
    tab_b.wait_for_url(f"{live_server.url}/profile")
    expect(tab_b.get_by_label("Company")).to_have_value("Typed After Signout")
    expect(tab_b.get_by_label("Bio")).to_have_value("Written while signed out elsewhere")
    tab_b.get_by_role("button", name="Save Changes").click()
    expect(tab_b.locator("#toasts")).to_contain_text("Profile updated successfully")
    alice.refresh_from_db()
    assert alice.company == "Typed After Signout"
