"""The staff's Users screen: find an account, open it, reach its records, add one."""

import re

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.urls import reverse

from accounts.models import User
from accounts.tests.conftest import change_in_admin, image_bytes
from credits.models import balance_of


def test_staff_find_an_account_and_reach_its_records(staff_client, alice, bob):
    listing = staff_client.get(reverse("admin:accounts_user_changelist"), {"q": "alice"})
    assert listing.status_code == 200
    assert "alice@example.com" in listing.content.decode()
    assert "bob@example.com" not in listing.content.decode()

    page = staff_client.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()
    assert "Alice Smith" in page
    for url_name in (
        "admin:credits_creditbalance_changelist",
        "admin:credits_ledgerentry_changelist",
        "admin:history_generation_changelist",
        "admin:billing_subscription_changelist",
    ):
        link = f"{reverse(url_name)}?user__id__exact={alice.pk}"
        assert f'href="{link}"' in page
        assert staff_client.get(link).status_code == 200  # each screen accepts the filter


def test_staff_deactivate_an_account(staff_client, alice):
    response = change_in_admin(staff_client, alice, is_active="")
    assert response.status_code == 302, response.context["adminform"].form.errors
    alice.refresh_from_db()
    assert not alice.is_active


def test_an_account_added_by_staff_gets_the_sign_up_credits(staff_client):
    response = staff_client.post(
        reverse("admin:accounts_user_add"),
        {
            "email": "new@example.com",
            "name": " Nina New ",
            "usable_password": "true",
            "password1": "Str0ng-pass!x",
            "password2": "Str0ng-pass!x",
        },
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    user = User.objects.get(email="new@example.com")
    assert user.check_password("Str0ng-pass!x")
    assert user.name == "Nina New"
    assert balance_of(user) == 100


def test_customers_cannot_open_it(alice_client):
    assert alice_client.get(reverse("admin:accounts_user_changelist")).status_code == 302


def add_account(staff_client, email):
    return staff_client.post(
        reverse("admin:accounts_user_add"),
        {
            "email": email,
            "name": "Finn Doe",
            "usable_password": "true",
            "password1": "Str0ng-pass!x",
            "password2": "Str0ng-pass!x",
        },
    )


@pytest.mark.parametrize(("name", "change"), [("", False), ("F", False), ("F", True)])
def test_staff_give_names_the_profile_accepts(staff_client, alice, name, change):
    if change:
        response = change_in_admin(staff_client, alice, name=name)
    else:
        response = staff_client.post(
            reverse("admin:accounts_user_add"),
            {"email": "finn@example.com", "name": name, "usable_password": "false"},
        )
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["name"] == ["Name must be at least 2 characters"]


def test_an_address_typed_with_capitals_is_stored_in_lowercase_and_can_sign_in(staff_client, client):
    assert add_account(staff_client, " Finn@Example.COM ").status_code == 302
    assert User.objects.filter(email="finn@example.com").exists()

    signed_in = client.post("/signin", {"email": "Finn@Example.com", "password": "Str0ng-pass!x"})
    assert signed_in["Location"] == "/dashboard"


def test_adding_an_address_that_differs_only_in_case_is_refused(staff_client, alice):
    response = add_account(staff_client, "ALICE@example.com")
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["email"] == [
        "A user is already registered with this email address."
    ]
    assert User.objects.filter(email__iexact="alice@example.com").count() == 1


def test_an_edited_address_is_stored_in_lowercase(staff_client, alice):
    response = change_in_admin(staff_client, alice, email="Alice.Smith@Example.com")
    assert response.status_code == 302, response.context["adminform"].form.errors
    alice.refresh_from_db()
    assert alice.email == "alice.smith@example.com"


def test_editing_an_address_into_another_accounts_in_other_case_is_refused(staff_client, alice, bob):
    response = change_in_admin(staff_client, bob, email="Alice@Example.com")
    assert response.context["adminform"].form.errors["email"] == [
        "A user is already registered with this email address."
    ]
    bob.refresh_from_db()
    assert bob.email == "bob@example.com"


def test_the_database_refuses_two_accounts_whose_addresses_differ_only_in_case(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.bulk_create([User(email="Alice@Example.com")])


def test_the_avatar_is_shown_but_cannot_be_uploaded_here(staff_client, alice):
    # An upload here would skip the avatar checks and re-encoding (spec decision 5).
    alice.avatar.name = f"user-uploads/{alice.pk}/avatar-0123456789abcdef.png"
    alice.save(update_fields=["avatar"])
    page = staff_client.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()
    assert "avatar-0123456789abcdef.png" in page
    assert 'name="avatar"' not in page

    upload = SimpleUploadedFile("My Photo.png", image_bytes() + b"<script>TRAILING-BYTES", "image/png")
    response = change_in_admin(staff_client, alice, avatar=upload)
    assert response.status_code == 302, response.context["adminform"].form.errors
    alice.refresh_from_db()
    assert alice.avatar.name == f"user-uploads/{alice.pk}/avatar-0123456789abcdef.png"
    assert not default_storage.exists(f"user-uploads/{alice.pk}/My_Photo.png")


def test_the_admin_index_names_the_users_section_apart_from_allauths_accounts(staff_client):
    page = staff_client.get(reverse("admin:index")).content.decode()
    assert page.count(">Accounts<") == 1  # allauth's e-mail addresses
    assert ">People<" in page and ">Users<" in page


def test_the_users_lists_breadcrumbs_name_the_section_and_the_list_once_each(staff_client):
    page = staff_client.get(reverse("admin:accounts_user_changelist")).content.decode()
    breadcrumbs = page[page.index('class="breadcrumbs"') :]
    breadcrumbs = breadcrumbs[: breadcrumbs.index("</ol>")]
    assert re.findall(r"<li[^>]*>(?:<a [^>]*>)?([^<]+)", breadcrumbs) == ["Home", "People", "Users"]


def test_accounts_are_closed_by_deactivating_and_never_offered_for_deletion(staff_client, alice):
    # The ledger, invoices and generations refer to the account (PROTECT): they are the money
    # record, so the admin offers no Delete that could only fail.
    listing = staff_client.get(reverse("admin:accounts_user_changelist")).content.decode()
    assert "delete_selected" not in listing
    page = staff_client.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()
    assert reverse("admin:accounts_user_delete", args=[alice.pk]) not in page
    assert "Untick to close the account" in page

    assert staff_client.get(reverse("admin:accounts_user_delete", args=[alice.pk])).status_code == 403
    assert (
        staff_client.post(reverse("admin:accounts_user_delete", args=[alice.pk]), {"post": "yes"}).status_code
        == 403
    )
    response = staff_client.post(
        reverse("admin:accounts_user_changelist"),
        {"action": "delete_selected", "_selected_action": [alice.pk], "post": "yes"},
    )
    assert response.status_code in (200, 302)
    assert User.objects.filter(pk=alice.pk).exists()


def test_email_addresses_are_shown_in_the_admin_but_not_edited(staff_client, alice, bob):
    from allauth.account.models import EmailAddress

    address = EmailAddress.objects.create(user=alice, email="alice@example.com", verified=True, primary=True)
    assert staff_client.get("/admin/account/emailaddress/").status_code == 200
    assert staff_client.get(f"/admin/account/emailaddress/{address.pk}/change/").status_code == 200
    # Giving Alice's address to Bob would let him sign in with it: refused.
    added = staff_client.post(
        "/admin/account/emailaddress/add/",
        {"user": bob.pk, "email": "alice@example.com", "verified": "on", "primary": "on"},
    )
    assert added.status_code == 403
    assert not EmailAddress.objects.filter(user=bob).exists()
    changed = staff_client.post(
        f"/admin/account/emailaddress/{address.pk}/change/", {"user": bob.pk, "email": "alice@example.com"}
    )
    assert changed.status_code == 403
    assert EmailAddress.objects.get(pk=address.pk).user == alice
