"""The admin's lists at a laptop's width, in Chromium: none is wider than the screen, neither the
page nor the list's own box scrolls sideways."""

import pytest
from django.contrib import admin
from django.urls import reverse

from billing.models import Plan
from billing.tests.stripe_fixtures import ensure_plans_seeded
from config.pytest_plugin import sign_in_browser
from credits.actions import grant_credits
from services.actions import start_generation
from services.registry import TOOLS
from services.tests.generation_inputs import META_COPY_INPUTS

LONG_LINK = "https://buy.stripe.com/test_" + "7sI4hQ1bX9kd0Zq6oo" * 3
LONG_PRICE_ID = "price_" + "1PqLbT2eZvKYlo2C" * 4


@pytest.mark.django_db(transaction=True)
def test_every_admin_list_fits_a_laptop_screen(page, live_server, staff, alice, screenshot, settings):
    ensure_plans_seeded()
    Plan.objects.exclude(pk="free").update(stripe_link=LONG_LINK)
    Plan.objects.filter(pk="starter").update(stripe_price_id=LONG_PRICE_ID)
    settings.STRIPE_PLAN_LINKS = {**settings.STRIPE_PLAN_LINKS, "ultimate": LONG_LINK + "x"}
    grant_credits(user=alice, amount=500, reason="Welcome back", idempotency_key="grant")
    start_generation(user=alice, tool=TOOLS["meta-copy"], inputs=META_COPY_INPUTS, idempotency_key="k")
    sign_in_browser(page, live_server, staff)
    page.set_viewport_size({"width": 1280, "height": 900})

    too_wide = {}
    for model in admin.site._registry:
        meta = model._meta
        page.goto(live_server.url + reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        widths = page.evaluate(
            """() => { const box = document.querySelector('.results');
                       return [document.documentElement.scrollWidth,
                               box ? box.scrollWidth - box.clientWidth : 0]; }"""
        )
        if widths[0] > 1280 or widths[1] > 0:
            too_wide[meta.label] = widths
        screenshot(page, f"admin-{meta.model_name}-1280")
    assert not too_wide

    # Cut short in the list, whole in its title and on the plan's own page.
    page.goto(live_server.url + reverse("admin:billing_plan_changelist"))
    ultimate = page.locator("tr").filter(has=page.get_by_role("link", name="Ultimate", exact=True))
    link = ultimate.locator(".field-payment_link_in_force .cut")
    assert link.get_attribute("title") == f"{LONG_LINK}x (from STRIPE_LINK_…)"
    assert link.evaluate("el => el.scrollWidth > el.clientWidth")  # cut with its ellipsis
    page.goto(live_server.url + reverse("admin:billing_plan_change", args=["starter"]))
    assert LONG_PRICE_ID in page.locator(".field-price_id_in_force").inner_text()
