import pytest

from billing.models import Plan

pytestmark = pytest.mark.django_db


def cards(response) -> str:
    return response.content.decode()


def test_signed_out_visitors_see_the_pricing_without_checkout_links(client, basic_plan):
    html = cards(client.get("/"))

    assert html.count("data-plan-card") == 6
    assert "data-checkout-url" not in html
    assert "client_reference_id" not in html


def test_signed_in_pricing_carries_the_users_checkout_link(alice_client, alice, basic_plan):
    html = cards(alice_client.get("/"))

    assert f"client_reference_id={alice.pk}&amp;prefilled_email=alice%40example.com" in html
    assert 'data-plan-id="free" data-plan-free=""' in html


def test_a_contact_sales_plan_says_contact_sales(alice_client, plans, settings):
    settings.SALES_EMAIL = "sales@example.com"
    Plan.objects.filter(id="ultimate").update(stripe_link="#")

    html = cards(alice_client.get("/billing"))

    assert 'data-plan-id="ultimate" data-contact-sales="" data-sales-email="sales@example.com"' in html
    assert ">Contact Sales</button>" in html


def test_signed_out_visitors_see_contact_sales_too(client, plans, settings):
    settings.SALES_EMAIL = "sales@example.com"
    Plan.objects.filter(id="ultimate").update(stripe_link="#")

    html = cards(client.get("/"))

    assert 'data-plan-id="ultimate" data-contact-sales="" data-sales-email="sales@example.com"' in html
    assert html.count(">Contact Sales</button>") == 1
    assert html.count(">Subscribe</a>") == 4  # the other paid plans: an account comes first
