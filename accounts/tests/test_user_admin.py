"""The staff's Users screen: find an account, open it, reach its records, add one."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from credits.models import balance_of


@pytest.fixture
def staff_client(staff):
    client = Client()
    client.force_login(staff)
    return client


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
    page = staff_client.get(reverse("admin:accounts_user_change", args=[alice.pk]))
    data = {
        field: value for field, value in page.context["adminform"].form.initial.items() if value is not None
    }
    data.update(email=alice.email, name=alice.name, is_active="", groups=[], user_permissions=[])
    data.pop("password", None)
    data.pop("avatar", None)
    response = staff_client.post(reverse("admin:accounts_user_change", args=[alice.pk]), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    alice.refresh_from_db()
    assert not alice.is_active


def test_an_account_added_by_staff_gets_the_sign_up_credits(staff_client):
    response = staff_client.post(
        reverse("admin:accounts_user_add"),
        {
            "email": "new@example.com",
            "usable_password": "true",
            "password1": "Str0ng-pass!x",
            "password2": "Str0ng-pass!x",
        },
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    user = User.objects.get(email="new@example.com")
    assert user.check_password("Str0ng-pass!x")
    assert balance_of(user) == 100


def test_customers_cannot_open_it(alice_client):
    assert alice_client.get(reverse("admin:accounts_user_changelist")).status_code == 302
