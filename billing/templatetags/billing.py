"""Template tags for the plan cards (templates/partials/plan_card.html)."""

from django import template
from django.conf import settings
from django.utils.html import format_html_join

register = template.Library()


@register.simple_tag(takes_context=True)
def plan_checkout_attrs(context, plan) -> str:
    """data-* attributes for a plan card, read by frontend/site/behaviours/subscribe.js:
    the checkout URL with the signed-in user attached, or the reason there is none."""
    user = context.get("user")
    attrs = []
    if plan.is_free:
        attrs.append(("data-plan-free", ""))
    elif plan.is_contact_sales:
        attrs.append(("data-contact-sales", ""))
        if settings.SALES_EMAIL:
            attrs.append(("data-sales-email", settings.SALES_EMAIL))
    elif user is not None and user.is_authenticated:
        attrs.append(("data-checkout-url", plan.checkout_url_for(user)))
    return format_html_join(" ", '{}="{}"', attrs) if attrs else ""


@register.filter
def subscribe_label(plan) -> str:
    return "Contact Sales" if plan.is_contact_sales else "Subscribe"
