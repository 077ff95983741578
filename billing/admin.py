import logging

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.humanize.templatetags.humanize import intcomma
from django.template.defaultfilters import pluralize

from billing.actions import Settlement, settle_customer
from billing.invoices import format_amount
from billing.models import (
    FREE_PLAN_ID,
    PaidInvoice,
    Plan,
    StripeCustomer,
    StripeEvent,
    Subscription,
    validate_plan_features,
)
from config.admin_display import cut_in_lists, pretty_json
from config.view_only_admin import ViewOnlyAdmin
from credits.actions import SIGNUP_CREDITS

log = logging.getLogger(__name__)

# Sign-up grants SIGNUP_CREDITS, and each month Free accounts are topped up to it; credits/ never
# reads billing's plans (DESIGN.md: accounts ← credits ← billing). For the Free plan's card to say
# what Free accounts get, its credits are fixed here, and so are its price and tier, which make it
# the free plan; it stays active.
FREE_PLAN_FIXED_FIELDS = ["tier", "price", "credits", "is_active"]
FREE_PLAN_NOTE = (
    f"The Free plan is what every account starts on: its price is 0 and its {SIGNUP_CREDITS} credits "
    "are the ones each new account receives at sign-up (SIGNUP_CREDITS in credits/actions.py), and "
    "the balance a Free account is topped up to each month after, so its tier, price and credits "
    "cannot be changed here, and it stays active. Its name, description and features can."
)


class PlanAdminForm(forms.ModelForm):
    class Meta:
        model = Plan
        fields = ["features"]  # PlanAdmin.fields decides what the page shows
        help_texts = {
            "features": 'A JSON list of texts, one per line on the plan card: ["1,000 credits per month", "Priority support"].'
        }

    def clean_features(self):
        features = self.cleaned_data.get("features")
        validate_plan_features(features)
        return [feature.strip() for feature in features]


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    form = PlanAdminForm
    list_display = [
        "name",
        "id",
        "tier",
        "price",
        "credits",
        "badge",
        "price_id_in_force",
        "payment_link_in_force",
        "sort_order",
        "is_active",
    ]
    list_editable = ["sort_order", "is_active"]
    readonly_fields = ["price_id_in_force", "payment_link_in_force"]
    fields = [
        "id",
        "name",
        "tier",
        "description",
        "price",
        "credits",
        "features",
        "badge",
        "stripe_link",
        "payment_link_in_force",
        "stripe_price_id",
        "price_id_in_force",
        "sort_order",
        "is_active",
    ]

    @admin.display(description="Stripe price in force")
    def price_id_in_force(self, plan: Plan) -> str:
        plan = stored_plan(plan)
        source = " (from STRIPE_PRICE_…)" if settings.STRIPE_PLAN_PRICE_IDS.get(plan.id) else ""
        return cut_in_lists(f"{plan.price_id or '—'}{source}")

    @admin.display(description="Payment link in force")
    def payment_link_in_force(self, plan: Plan) -> str:
        plan = stored_plan(plan)
        source = " (from STRIPE_LINK_…)" if settings.STRIPE_PLAN_LINKS.get(plan.id) else ""
        return cut_in_lists(f"{plan.payment_link or '—'}{source}")

    def get_readonly_fields(self, request, obj=None):
        # The primary key names the plan in code (Free, env variable mapping): fixed once created.
        if obj is None:
            return self.readonly_fields
        if obj.id == FREE_PLAN_ID:
            return [*self.readonly_fields, "id", *FREE_PLAN_FIXED_FIELDS]
        return [*self.readonly_fields, "id"]

    def get_fieldsets(self, request, obj=None):
        if obj is not None and obj.id == FREE_PLAN_ID:
            return [(None, {"fields": self.get_fields(request, obj), "description": FREE_PLAN_NOTE})]
        return super().get_fieldsets(request, obj)

    def has_delete_permission(self, request, obj=None):
        # Subscriptions point at plans; deactivate a plan instead. Free is what everyone falls back to.
        return False if obj is None or obj.id == FREE_PLAN_ID else super().has_delete_permission(request, obj)


def stored_plan(plan: Plan) -> Plan:
    """The plan as saved. A form sent back with errors carries the refused values on its
    instance, and what is "in force" is what was saved, not a refused link."""
    if plan._state.adding:
        return plan
    return Plan.objects.filter(pk=plan.pk).first() or plan


# Copies of Stripe's records: staff read them; Stripe's events change them.


@admin.register(StripeEvent)
class StripeEventAdmin(ViewOnlyAdmin):
    list_display = ["id", "type", "created", "received_at", "processed_at", "has_error"]
    list_filter = ["type", ("processed_at", admin.EmptyFieldListFilter)]
    search_fields = ["id", "type"]
    date_hierarchy = "received_at"
    fields = ["id", "type", "created", "received_at", "processed_at", "error", "payload_pretty"]
    readonly_fields = ["payload_pretty"]

    @admin.display(description="Payload")
    def payload_pretty(self, event: StripeEvent) -> str:
        # Emptied ({}) once processed and a month old (billing/housekeeping.py).
        return pretty_json(event.payload)

    @admin.display(boolean=True, description="Error")
    def has_error(self, event: StripeEvent) -> bool:
        return bool(event.error)


@admin.register(Subscription)
class SubscriptionAdmin(ViewOnlyAdmin):
    list_display = [
        "subscription_id",
        "user",
        "plan",
        "status",
        "current_period_end",
        "cancel_at_period_end",
        "synced_at",
    ]
    list_filter = ["status", "cancel_at_period_end", "plan"]
    search_fields = ["subscription_id", "customer_id", "user__email"]
    list_select_related = ["user", "plan"]


@admin.register(PaidInvoice)
class PaidInvoiceAdmin(ViewOnlyAdmin):
    list_display = ["invoice_id", "user", "plan", "amount", "paid_at", "credited_at"]
    list_filter = [("credited_at", admin.EmptyFieldListFilter), "plan"]
    search_fields = ["invoice_id", "customer_id", "user__email"]
    list_select_related = ["user", "plan"]
    fields = [
        "invoice_id",
        "number",
        "customer_id",
        "subscription_id",
        "user",
        "plan",
        "price_id",
        "billing_reason",
        "amount",
        "paid_at",
        "credited_at",
        "created_at",
    ]
    readonly_fields = ["amount"]

    @admin.display(description="Amount paid", ordering="amount_paid")
    def amount(self, invoice: PaidInvoice) -> str:
        # Stored as Stripe sends it, in minor units (1999 usd is $19.99, 500 jpy is ¥500).
        return format_amount(invoice.amount_paid, invoice.currency)


@admin.register(StripeCustomer)
class StripeCustomerAdmin(admin.ModelAdmin):
    """Staff may link a customer to a user by hand (a checkout that carried no user id). A link
    is permanent here: moving it would send the customer's next renewal credits to another
    account while the subscription stays with the first, and deleting it would hide the
    user's invoices. A wrong link is a support case for a developer, not an admin edit."""

    list_display = ["customer_id", "user", "created_at"]
    search_fields = ["customer_id", "user__email"]
    raw_id_fields = ["user"]
    list_select_related = ["user"]

    def has_change_permission(self, request, obj=None):
        # Existing links open read-only ("View"); the list and the add form stay.
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        # Give the user what was waiting for this customer (paid invoices, subscriptions).
        settlement = settle_customer(customer_id=obj.customer_id)
        log.info(
            "Staff %s linked Stripe customer %s to user %s: %s",
            request.user.pk,
            obj.customer_id,
            obj.user_id,
            settlement,
        )
        self.message_user(request, link_message(obj, settlement), messages.SUCCESS)


def link_message(link: StripeCustomer, settlement: Settlement) -> str:
    """What the link did, for the staff member who made it."""
    if settlement.invoices:
        granted = (
            f"granted {intcomma(settlement.credits)} credits for {len(settlement.invoices)} paid "
            f"invoice{pluralize(len(settlement.invoices))} that waited for this customer "
            f"({', '.join(settlement.invoices)})"
        )
    else:
        granted = "no paid invoices were waiting for this customer, so no credits were granted"
    subscriptions = (
        f"; {settlement.subscriptions} subscription{pluralize(settlement.subscriptions)} now "
        f"belong{'s' if settlement.subscriptions == 1 else ''} to them"
        if settlement.subscriptions
        else ""
    )
    return f"Linked {link.customer_id} to {link.user.email}: {granted}{subscriptions}."
