"""Template tags for the plan cards (templates/partials/plan_card.html)."""

from django import template
from django.conf import settings
from django.utils.html import format_html_join

from billing import stripe_client

register = template.Library()


def _card_action(context, plan) -> str:
    """What a plan card's button does for the visitor (see plan_card_action)."""
    user = context.get("user")
    signed_in = user is not None and user.is_authenticated
    # The context processor's lazy plan is falsy (not None) when there is none.
    current = context.get("current_plan")
    if signed_in and (getattr(current, "id", None) == plan.id or (not current and plan.is_free)):
        return "current"
    if plan.is_free:
        return "manage" if signed_in else "signup"
    if plan.is_contact_sales:
        return "sales"
    if not signed_in:
        return "signup-subscribe"
    if getattr(current, "standing", None) is not None:
        # Stripe still bills a subscription of theirs: a checkout would start a second one
        # beside it. Plans are switched in Stripe's customer portal instead — through the API.
        return "change" if stripe_client.is_configured() else "change-unavailable"
    return "subscribe"


@register.simple_tag(takes_context=True)
def plan_card_action(context, plan) -> str:
    """What a plan card's button does:
    'current'  — the visitor's plan: 'Current Plan';
    'manage'   — the Free plan for a subscriber: 'Manage Subscription';
    'signup'   — the Free plan, signed out: 'Get Started';
    'sales'    — a contact-sales plan: 'Contact Sales';
    'change'   — another paid plan while a subscription is open: 'Change plan' (Stripe's portal);
    'change-unavailable' — the same without Stripe's API: 'Change plan', disabled;
    'subscribe' — 'Subscribe' (the checkout opens in a new tab);
    'signup-subscribe' — 'Subscribe', signed out: an account comes first."""
    return _card_action(context, plan)


@register.simple_tag(takes_context=True)
def plan_checkout_attrs(context, plan) -> str:
    """data-* attributes for a plan card, read by frontend/site/behaviours/subscribe.js:
    the checkout URL with the signed-in user attached, or the reason there is none."""
    action = _card_action(context, plan)
    attrs = []
    if plan.is_free:
        attrs.append(("data-plan-free", ""))
    elif action == "sales":
        attrs.append(("data-contact-sales", ""))
        if settings.SALES_EMAIL:
            attrs.append(("data-sales-email", settings.SALES_EMAIL))
    elif action == "subscribe":
        attrs.append(("data-checkout-url", plan.checkout_url_for(context["user"])))
    return format_html_join(" ", '{}="{}"', attrs) if attrs else ""


@register.filter
def subscribe_label(plan) -> str:
    return "Contact Sales" if plan.is_contact_sales else "Subscribe"
