"""The page a closed (deactivated) account lands on when it signs in: /accounts/inactive/."""

import pytest

from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_alice(alice):
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    return alice


def sign_in(client, user):
    return client.post("/signin", {"email": user.email, "password": PASSWORD}, follow=True)


def test_a_closed_account_is_told_why_and_given_a_way_back(client, closed_alice, settings):
    settings.SALES_EMAIL = ""

    response = sign_in(client, closed_alice)

    assert response.redirect_chain[-1][0] == "/accounts/inactive/"
    assert not response.wsgi_request.user.is_authenticated
    page = response.content.decode()
    assert "<title>Account Inactive | Adsmith AI</title>" in page
    assert "This account has been closed, so it can no longer sign in." in page
    assert "If you think this is a mistake, please contact our support team." in page
    assert "mailto:" not in page
    assert 'href="/signin"' in page and "Back to Sign In" in page


def test_it_names_the_contact_address_when_one_is_configured(client, closed_alice, settings):
    settings.SALES_EMAIL = "help@example.com"

    page = sign_in(client, closed_alice).content.decode()

    assert (
        'If you think this is a mistake, contact us at <a href="mailto:help@example.com"' in page
        and ">help@example.com</a>." in page
    )
