import errno
import os
import re

import pytest
from allauth.account.models import EmailAddress
from botocore.config import Config
from django.core import mail
from django.core.files.storage import FileSystemStorage, default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.tests.conftest import image_bytes, toasts
from config.pytest_plugin import PASSWORD

# The line under the e-mail field while a change waits; true whether or not the link went out.
WAITING_LINE = (
    "Waiting for confirmation of alice.new@example.com. It becomes your sign-in email when you open "
    "the confirmation link we send to that address. No email? Send the link again · Cancel change"
)


def waiting_line(page: str) -> str:
    """The text of the profile's 'Waiting for confirmation' line, without its markup."""
    line = re.search(r"<p data-pending-email[^>]*>(.*?)</p>", page, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", "", line).split())


def profile_data(user, **overrides):
    data = {
        "name": user.name,
        "email": user.email,
        "company": user.company,
        "website": user.website,
        "bio": user.bio,
        "avatar": user.avatar.name,
    }
    data.update(overrides)
    return data


def test_it_needs_a_signed_in_user(client, db):
    assert client.get("/profile")["Location"] == "/signin?next=/profile"


def test_it_shows_the_profile_in_the_shell(alice_client):
    page = alice_client.get("/profile").content.decode()
    assert "<title>Profile | Adsmith AI</title>" in page
    assert 'value="Alice Smith"' in page and 'value="alice@example.com"' in page
    for label in ("Full Name", "Email", "Company", "Website", "Bio", "Save Changes", "Upload photo"):
        assert label in page
    assert 'data-busy-label="Saving..."' in page


def test_it_saves_the_profile(alice_client, alice):
    response = alice_client.post(
        "/profile",
        profile_data(
            alice, name="Alice Jones", company="Acme", website="acme.example.com", bio="Growth marketer."
        ),
    )
    assert response["Location"] == "/profile"
    assert toasts(response) == ["Profile updated successfully"]
    alice.refresh_from_db()
    assert (alice.name, alice.company, alice.website, alice.bio) == (
        "Alice Jones",
        "Acme",
        "https://acme.example.com",
        "Growth marketer.",
    )


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"name": "A"}, "name", "Name must be at least 2 characters"),
        ({"name": ""}, "name", "Name must be at least 2 characters"),
        ({"email": "alice-at-example"}, "email", "Please enter a valid email address"),
        ({"website": "not a url"}, "website", "Please enter a valid URL"),
        ({"website": "ftp://files.example.com"}, "website", "Please enter a valid URL"),
        ({"bio": "x" * 501}, "bio", "Bio must not exceed 500 characters"),
        ({"company": "c" * 251}, "company", "Company must not exceed 250 characters"),
    ],
)
def test_each_rule_shows_its_documented_message(alice_client, alice, overrides, field, message):
    response = alice_client.post("/profile", profile_data(alice, **overrides))
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    alice.refresh_from_db()
    assert alice.name == "Alice Smith"


def test_a_bio_of_exactly_500_characters_is_fine(alice_client, alice):
    assert alice_client.post("/profile", profile_data(alice, bio="x" * 500)).status_code == 302


def test_line_breaks_in_the_bio_count_once_as_the_page_counts_them(alice_client, alice):
    # Browsers send a textarea's line breaks as CR LF.
    lines = ["x" * 99] * 5
    assert alice_client.post("/profile", profile_data(alice, bio="\r\n".join(lines))).status_code == 302

    alice.refresh_from_db()
    assert alice.bio == "\n".join(lines)
    assert len(alice.bio) == 499


def test_a_new_email_waits_for_confirmation_then_becomes_the_sign_in_email(alice, client):
    # Once asked for a password reset (allauth then records her address, as non-primary).
    alice_client = client
    alice_client.post("/forgot-password", {"email": alice.email})
    alice_client.post("/signin", {"email": alice.email, "password": PASSWORD})
    assert "Waiting for confirmation" not in alice_client.get("/profile").content.decode()
    response = alice_client.post("/profile", profile_data(alice, email="alice.new@example.com"))
    assert toasts(response) == [
        "Profile updated successfully",
        "We sent a confirmation link to alice.new@example.com. Your email changes once you open it.",
    ]
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"
    assert waiting_line(alice_client.get("/profile").content.decode()) == WAITING_LINE
    assert mail.outbox[-1].to == ["alice.new@example.com"]

    link = re.search(r"http://testserver(/accounts/confirm-email/\S+)", mail.outbox[-1].body).group(1)
    alice_client.post(link)
    alice.refresh_from_db()
    assert alice.email == "alice.new@example.com"
    assert list(EmailAddress.objects.filter(user=alice).values_list("email", "primary", "verified")) == [
        ("alice.new@example.com", True, True)
    ]
    alice_client.post("/signout")
    signed_in = alice_client.post("/signin", {"email": "alice.new@example.com", "password": PASSWORD})
    assert signed_in["Location"] == "/dashboard"


def test_a_mail_server_failure_keeps_the_profile_and_the_waiting_email(alice_client, alice, smtp_down):
    response = alice_client.post(
        "/profile", profile_data(alice, name="Alice Jones", email="alice.new@example.com")
    )
    assert response["Location"] == "/profile"
    assert toasts(response) == [
        "Profile updated successfully",
        "We could not send a confirmation link to alice.new@example.com. "
        "Use 'Send the link again' to try again.",
    ]
    alice.refresh_from_db()
    assert (alice.name, alice.email) == ("Alice Jones", "alice@example.com")
    page = alice_client.get("/profile").content.decode()
    assert "Waiting for confirmation of <strong>alice.new@example.com</strong>" in page
    # No link went out: the line must not say one did ("Open the link we emailed").
    assert waiting_line(page) == WAITING_LINE


def test_an_email_of_another_account_is_refused(alice_client, alice, bob):
    response = alice_client.post("/profile", profile_data(alice, email=bob.email))
    assert response.context["form"].errors["email"] == [
        "A user is already registered with this email address."
    ]
    assert mail.outbox == []


def confirm_link(message) -> str:
    return re.search(r"http://testserver(/accounts/confirm-email/\S+)", message.body).group(1)


def test_a_change_to_an_address_another_account_has_since_taken_is_dropped(
    alice_client, alice, bob_client, bob
):
    alice_client.post("/profile", profile_data(alice, email="shared@example.com"))
    alices_link = confirm_link(mail.outbox[-1])
    bob_client.post("/profile", profile_data(bob, email="shared@example.com"))
    bob_client.post(confirm_link(mail.outbox[-1]))  # bob confirms first: the address is his
    bob.refresh_from_db()
    assert bob.email == "shared@example.com"

    page = alice_client.get("/profile").content.decode()
    assert "data-pending-email" not in page and "Waiting for confirmation" not in page
    cancelled = re.search(r"<p data-email-change-cancelled[^>]*>(.*?)</p>", page, re.S).group(1)
    assert " ".join(re.sub(r"<[^>]+>", "", cancelled).split()) == (
        "Your change to shared@example.com was cancelled because another account now uses that address."
    )
    assert not EmailAddress.objects.filter(user=alice, email="shared@example.com").exists()
    # Said once; her old link no longer confirms anything.
    assert "data-email-change-cancelled" not in alice_client.get("/profile").content.decode()
    alice_client.post(alices_link)
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


def test_a_change_to_an_address_staff_gave_another_account_is_dropped(alice_client, alice, make_user):
    alice_client.post("/profile", profile_data(alice, email="shared@example.com"))
    make_user("shared@example.com")  # added in the admin: no allauth address record

    page = alice_client.get("/profile").content.decode()
    assert "Waiting for confirmation" not in page
    assert "Your change to <strong>shared@example.com</strong> was cancelled" in page


def test_opening_the_link_after_someone_signed_up_with_the_address_says_so_truly(alice_client, alice):
    alice_client.post("/profile", profile_data(alice, email="shared@example.com"))
    link = confirm_link(mail.outbox[-1])
    signed_up = Client().post(
        "/signup",
        {"name": "Sam", "email": "shared@example.com", "password1": "Str0ngPassw0rd", "accept_terms": "on"},
    )
    assert signed_up.status_code == 302
    assert not EmailAddress.objects.filter(email="shared@example.com", verified=True).exists()

    response = alice_client.post(link)

    assert toasts(response)[-1] == (
        "Unable to confirm shared@example.com because another account now uses that address."
    )
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


def test_an_uploaded_avatar_is_saved_and_shown_in_the_shell(alice_client, alice):
    uploaded = alice_client.post(
        "/profile/avatar", {"file": SimpleUploadedFile("me.png", image_bytes(), content_type="image/png")}
    ).json()
    alice_client.post("/profile", profile_data(alice, avatar=uploaded["avatar"]))
    alice.refresh_from_db()
    assert alice.avatar.name == uploaded["avatar"]
    assert f'src="{uploaded["url"]}"' in alice_client.get("/dashboard").content.decode()


def unsaved_photo_line(page: str) -> str:
    return re.search(r"<p data-avatar-unsaved[^>]*>(.*?)</p>", page, re.S).group(1)


def test_the_profile_says_nothing_is_unsaved_until_something_is(alice_client):
    page = alice_client.get("/profile").content.decode()
    assert unsaved_photo_line(page) == ""
    assert re.search(r"data-unsaved-guard(?!=)", page)  # asks only once the form is changed


def test_a_failed_save_says_the_new_photo_still_needs_save_changes(alice_client, alice):
    uploaded = alice_client.post(
        "/profile/avatar", {"file": SimpleUploadedFile("me.png", image_bytes(), content_type="image/png")}
    ).json()
    page = alice_client.post(
        "/profile", profile_data(alice, name="A", avatar=uploaded["avatar"])
    ).content.decode()
    assert "Name must be at least 2 characters" in page
    assert unsaved_photo_line(page) == "Save Changes to keep your new photo."
    assert 'data-unsaved-guard="changed"' in page  # leaving now would lose the photo and the rest


def test_replacing_or_removing_the_avatar_deletes_the_old_file(
    alice_client, alice, django_capture_on_commit_callbacks
):
    def upload():
        return alice_client.post(
            "/profile/avatar", {"file": SimpleUploadedFile("me.png", image_bytes(), content_type="image/png")}
        ).json()["avatar"]

    first = upload()
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post("/profile", profile_data(alice, avatar=first))
    second = upload()
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post("/profile", profile_data(alice, avatar=second))
    assert not default_storage.exists(first) and default_storage.exists(second)
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post("/profile", profile_data(alice, avatar=""))
    alice.refresh_from_db()
    assert not alice.avatar and not default_storage.exists(second)
    assert 'data-avatar class="h-9 w-9 text-sm' in alice_client.get("/profile").content.decode()


class ReadOnlyDiskStorage(FileSystemStorage):
    """The media folder on a file system gone read-only: files can be read, not deleted."""

    def delete(self, name):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), self.path(name))


def test_an_old_avatar_the_storage_will_not_delete_stays_and_the_profile_is_saved(
    alice_client, alice, settings, caplog, django_capture_on_commit_callbacks
):
    old = alice_client.post(
        "/profile/avatar", {"file": SimpleUploadedFile("me.png", image_bytes(), content_type="image/png")}
    ).json()["avatar"]
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {**settings.STORAGES["default"], "BACKEND": f"{__name__}.ReadOnlyDiskStorage"},
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = alice_client.post("/profile", profile_data(alice, name="Alice Jones", avatar=""))
    assert response["Location"] == "/profile"
    assert toasts(response) == ["Profile updated successfully"]
    alice.refresh_from_db()
    assert alice.name == "Alice Jones" and not alice.avatar
    assert default_storage.exists(old)  # left behind, and said so in the log
    assert f"Could not delete {old}" in caplog.text


def test_an_unreachable_storage_does_not_fail_a_profile_save(
    alice_client, alice, settings, caplog, django_capture_on_commit_callbacks
):
    # S3 where nothing listens: every storage call fails the way botocore fails (not an OSError).
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": "adsmith-test",
                "endpoint_url": "http://127.0.0.1:9",
                "access_key": "testing",
                "secret_key": "testing",
                "region_name": "us-east-1",
                "client_config": Config(connect_timeout=2, retries={"mode": "standard", "max_attempts": 1}),
            },
        },
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = alice_client.post("/profile", profile_data(alice, name="Alice Jones"))
    assert response["Location"] == "/profile"
    assert toasts(response) == ["Profile updated successfully"]
    alice.refresh_from_db()
    assert alice.name == "Alice Jones"
    assert f"Could not list user-uploads/{alice.pk}" in caplog.text


def test_another_users_file_cannot_become_my_avatar(alice_client, alice, bob_client, bob):
    bobs = bob_client.post(
        "/profile/avatar", {"file": SimpleUploadedFile("b.png", image_bytes(), content_type="image/png")}
    ).json()["avatar"]
    for name in (bobs, "../../settings.py", f"user-uploads/{alice.pk}/../{bob.pk}/x.png"):
        response = alice_client.post("/profile", profile_data(alice, avatar=name))
        assert response.context["form"].errors["avatar"] == ["Please upload an image file"]


def test_allauths_email_page_leads_to_the_profile(alice_client):
    assert alice_client.get("/accounts/email/")["Location"] == "/profile"


def test_allauths_account_connections_page_leads_to_the_profile(alice_client):
    assert alice_client.get("/accounts/3rdparty/")["Location"] == "/profile"
    legacy = alice_client.get("/accounts/social/connections/", follow=True)
    assert legacy.redirect_chain[-1][0] == "/profile"
    # A failed social sign-in still has its page (allauth answers it 401).
    assert alice_client.get("/accounts/3rdparty/login/error/").status_code == 401


def open_profile_form(browser, user, **changes) -> dict:
    """The profile form as the page has it (its signed owner included), with `changes`."""
    owner = browser.get("/profile").context["owner_token"]
    return {**profile_data(user, **changes), "owner": owner}


def test_a_save_after_being_signed_out_elsewhere_is_kept_through_sign_in(alice):
    from accounts.views import SIGNED_OUT_BEFORE_SAVE, UNSAVED_CHANGES_BACK

    browser = Client()
    browser.force_login(alice)
    form = open_profile_form(
        browser,
        alice,
        company="Typed After Signout",
        bio="Written while signed out elsewhere",
        email="al@x.io",
    )
    browser.post("/signout")  # the other tab signs out; this one still shows the profile

    response = browser.post("/profile", form)
    assert response["Location"] == "/signin?next=/profile"
    assert toasts(response)[-1] == SIGNED_OUT_BEFORE_SAVE
    alice.refresh_from_db()
    assert alice.company == ""

    browser.post("/signin", {"email": alice.email, "password": PASSWORD})
    page = browser.get("/profile")
    assert toasts(page)[-1] == UNSAVED_CHANGES_BACK
    assert page.context["form"]["company"].value() == "Typed After Signout"
    assert page.context["form"]["bio"].value() == "Written while signed out elsewhere"
    alice.refresh_from_db()
    assert alice.company == ""  # shown to save, not saved
    # Once: the next visit shows what is stored.
    assert browser.get("/profile").context["form"]["company"].value() == ""


def test_kept_changes_are_not_shown_to_another_account_signing_in_next(alice, bob):
    from accounts.views import UNSAVED_CHANGES_BACK

    browser = Client()
    browser.force_login(alice)
    form = open_profile_form(browser, alice, bio="Alice's unsaved words")
    browser.post("/signout")
    browser.post("/profile", form)
    browser.post("/signin", {"email": bob.email, "password": PASSWORD})
    page = browser.get("/profile")
    assert "Alice's unsaved words" not in page.content.decode()
    assert UNSAVED_CHANGES_BACK not in toasts(page)


@pytest.mark.parametrize(
    "tampered",
    [{"owner": ""}, {"owner": "7:forged"}, {"bio": "x" * 501}, {"company": "x" * 10_000}],
)
def test_a_save_after_a_sign_out_is_not_kept_without_its_owner_or_past_the_limits(alice, tampered):
    from accounts.views import UNSAVED_CHANGES_BACK

    browser = Client()
    browser.force_login(alice)
    form = {**open_profile_form(browser, alice, bio="Mine"), **tampered}
    browser.post("/signout")
    response = browser.post("/profile", form)
    assert response["Location"] == "/signin?next=/profile"
    assert "accounts_unsaved_profile" not in browser.session
    browser.post("/signin", {"email": alice.email, "password": PASSWORD})
    assert UNSAVED_CHANGES_BACK not in toasts(browser.get("/profile"))
