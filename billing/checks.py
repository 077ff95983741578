"""A start-up check of the billing settings (SERVING_CHECKS, as services/checks.py's): the plans'
STRIPE_LINK_… variables win over the links staff edit in the admin, so they are held to the same
rule (validate_stripe_link) — a javascript: or mistyped link would be a dead Subscribe button."""

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
