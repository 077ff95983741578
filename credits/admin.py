"""Staff views of the ledger. Balances and ledger entries are read-only here: the one way
staff change a balance is the "Grant credits" action, which goes through grant_staff_credits."""

import uuid

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html

from config.view_only_admin import ViewOnlyAdmin
from credits.actions import MAX_AMOUNT, CreditError, KeyUsedElsewhere, grant_staff_credits, reason_problem
from credits.models import CreditBalance, LedgerEntry


class GrantCreditsForm(forms.Form):
    amount = forms.IntegerField(
        min_value=-MAX_AMOUNT,
        max_value=MAX_AMOUNT,
        help_text="Credits to add to each selected balance. A negative amount removes credits "
        "(a correction) and is refused where a balance would go below zero.",
    )
    reason = forms.CharField(
        max_length=LedgerEntry._meta.get_field("reason").max_length,
        help_text="Shown to the user on their usage page, e.g. 'Goodwill credits'.",
    )
    # One idempotency key per rendered form: submitting the same form twice (a double
    # click, a browser resend) grants once.
    submission = forms.UUIDField(widget=forms.HiddenInput)

    def clean_amount(self):
        amount = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError("Enter an amount other than zero.")
        return amount

    def clean_reason(self):
        # grant_credits' own rule, on the field: one error here rather than one per balance.
        reason = self.cleaned_data["reason"]
        if problem := reason_problem(reason):
            raise forms.ValidationError(problem)
        return reason


@admin.register(CreditBalance)
class CreditBalanceAdmin(ViewOnlyAdmin):
    """Rows appear with the sign-up grant; a balance only changes through the ledger."""

    list_display = ["user_email", "balance", "updated_at", "ledger_link"]
    list_select_related = ["user"]
    search_fields = ["user__email"]
    ordering = ["user__email"]
    fields = ["user", "balance", "updated_at"]
    readonly_fields = ["user", "balance", "updated_at"]
    actions = ["grant_credits_action"]

    @admin.display(description="E-mail", ordering="user__email")
    def user_email(self, balance):
        return balance.user.email

    @admin.display(description="Ledger")
    def ledger_link(self, balance):
        url = reverse("admin:credits_ledgerentry_changelist")
        return format_html('<a href="{}?user__id__exact={}">Entries</a>', url, balance.user_id)

    def has_grant_permission(self, request):
        return request.user.has_perm("credits.grant_credits")

    @admin.action(description="Grant credits", permissions=["grant"])
    def grant_credits_action(self, request, queryset):
        balances = list(queryset.select_related("user").order_by("user__email"))
        if "apply" in request.POST:
            form = GrantCreditsForm(request.POST)
            if form.is_valid():
                self._grant(request, balances, **form.cleaned_data)
                return None  # back to the balance list, with the messages
            if "submission" in form.errors:
                # The hidden key was missing or altered (it has no place to show an error): a
                # fresh form with what was typed, and a word on why nothing happened.
                self.message_user(
                    request,
                    "This form could not be read, so nothing was granted. Check it and grant again.",
                    messages.ERROR,
                )
                typed = {name: request.POST.get(name, "") for name in ("amount", "reason")}
                form = GrantCreditsForm(initial={**typed, "submission": uuid.uuid4()})
        else:
            form = GrantCreditsForm(initial={"submission": uuid.uuid4()})
        return TemplateResponse(
            request,
            "admin/credits/creditbalance/grant_credits.html",
            {
                **self.admin_site.each_context(request),
                "title": "Grant credits",
                "opts": self.model._meta,
                "form": form,
                "balances": balances,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            },
        )

    def _grant(self, request, balances, *, amount, reason, submission):
        granted, applied_before = [], []
        for balance in balances:
            try:
                entry = grant_staff_credits(
                    user=balance.user,
                    amount=amount,
                    reason=reason,
                    idempotency_key=f"admin-grant:{submission}:{balance.user_id}",
                    created_by=request.user,
                )
            except KeyUsedElsewhere:
                # This form, sent again with another amount (the browser's Back, then Apply).
                self.message_user(
                    request,
                    f"Not changed for {balance.user.email}: this form was already applied with another "
                    "amount. Choose Grant credits again for a new grant.",
                    messages.ERROR,
                )
            except CreditError as error:
                self.message_user(request, f"Not changed for {balance.user.email}: {error}", messages.ERROR)
            else:
                # The form sent again (a resend, a double click) changed nothing: not "Granted".
                (applied_before if entry.replayed else granted).append(balance.user.email)
        if granted:
            verb = "Granted" if amount > 0 else "Removed"
            self.message_user(
                request, f"{verb} {abs(amount):,} credits: {', '.join(granted)}.", messages.SUCCESS
            )
        if applied_before:
            self.message_user(
                request,
                f"This form was already applied for {', '.join(applied_before)}: nothing changed now.",
                messages.WARNING,
            )


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ViewOnlyAdmin):
    """Read-only: ledger rows are never edited or deleted (DESIGN.md, credits invariant 3)."""

    list_display = [
        "created_at",
        "user_email",
        "kind",
        "amount",
        "balance_after",
        "reason",
        "reference",
        "created_by",
    ]
    list_filter = ["kind", "created_at"]
    list_select_related = ["user", "created_by"]
    search_fields = ["user__email", "reference", "reason"]
    date_hierarchy = "created_at"
    show_full_result_count = False  # counting a long ledger on every page view is wasted work

    @admin.display(description="E-mail", ordering="user__email")
    def user_email(self, entry):
        return entry.user.email
