"""Start-up checks of the billing settings (SERVING_CHECKS, as services/checks.py's), so a payment
mistake fails loudly as the app starts, not per Stripe event after a customer has paid:

- the plans' STRIPE_LINK_… variables win over the links staff edit in the admin, so they are held
  to the same rule (validate_stripe_link) — a javascript: or mistyped link would be a dead
  Subscribe button;
- a Stripe secret key without the webhook signing secret would refuse every webhook."""

from django.conf import settings
from django.core import checks
from django.core.exceptions import ValidationError

from billing.models import validate_stripe_link
from config.health import SERVING_CHECKS, settings_problem


@checks.register(SERVING_CHECKS)
def check_stripe_links(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    problems = []
    for plan, link in settings.STRIPE_PLAN_LINKS.items():
        link = (link or "").strip()
        if not link:
            continue
        try:
            validate_stripe_link(link)
        except ValidationError:
            problems.append(
                settings_problem(
                    f"STRIPE_LINK_{settings.STRIPE_PLAN_ENV_NAMES[plan]} is not '#' or an https URL: {link!r}.",
                    hint="Use the Payment Link's https://buy.stripe.com/… address, '#' for contact sales, "
                    "or leave it unset to use the plan's link in the admin.",
                    check_id="billing.E001",
                )
            )
    return problems


@checks.register(SERVING_CHECKS)
def check_stripe_keys(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    if settings.STRIPE_SECRET_KEY and not settings.STRIPE_WEBHOOK_SECRET:
        return [
            settings_problem(
                "STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: every Stripe webhook "
                "would be refused, so paid invoices would grant no credits.",
                hint="Set STRIPE_WEBHOOK_SECRET to the signing secret of the webhook endpoint "
                "(/billing/stripe/webhook/) in Stripe's dashboard.",
                check_id="billing.E002",
            )
        ]
    return []
