"""Admin for generations.

Registered here rather than in history/admin.py: its "Fail and refund" action runs the job
lifecycle (services.actions.fail_generation), and history never imports services.
"""

import re

from django.contrib import admin, messages

from config.admin_display import pretty_json
from config.view_only_admin import ViewOnlyAdmin
from history.models import Generation
from services.actions import fail_generation

# The refund is said beside it wherever a failed generation shows (the tool page, history).
STOPPED_BY_STAFF = "This generation was stopped by our support team."

# Users see a generation by its number ("Refund: generation #24 failed" on /usage): a search
# for "#24" means generation 24, as "24" does.
_GENERATION_NUMBER = re.compile(r"(?<!\S)#(?=[0-9]+(?:\s|$))")


@admin.register(Generation)
class GenerationAdmin(ViewOnlyAdmin):
    """View only ("View generation", no Save buttons); staff act on generations through the
    "Fail and refund" action, which needs the change permission."""

    list_display = ["id", "user_email", "tool", "step", "status", "credits_used", "engine", "created_at"]
    list_filter = ["tool", "status", "engine", ("created_at", admin.DateFieldListFilter)]
    # "id__exact" is skipped for words that are not numbers (Django validates them first).
    search_fields = ["id__exact", "user__email"]
    search_help_text = "Search by e-mail or generation number (24 or #24)."
    date_hierarchy = "created_at"
    list_select_related = ["user"]
    ordering = ["-created_at", "-id"]
    actions = ["fail_and_refund"]
    fieldsets = [
        (None, {"fields": ["user", "tool", "step", "service_type", "status", "error_message", "engine"]}),
        ("Credits", {"fields": ["credits_used", "idempotency_key"]}),
        ("Input and output", {"fields": ["input_pretty", "output_pretty", "file", "bucket_path"]}),
        ("Times", {"fields": ["created_at", "started_at", "heartbeat_at", "deadline_at", "finished_at"]}),
    ]

    # A generation is a record of what happened and what was paid: readable, never edited here.
    def get_readonly_fields(self, request, obj=None):
        return [
            "user",
            "tool",
            "step",
            "service_type",
            "status",
            "error_message",
            "engine",
            "credits_used",
            "idempotency_key",
            "input_pretty",
            "output_pretty",
            "file",
            "bucket_path",
            "created_at",
            "started_at",
            "heartbeat_at",
            "deadline_at",
            "finished_at",
        ]

    def get_search_results(self, request, queryset, search_term):
        return super().get_search_results(request, queryset, _GENERATION_NUMBER.sub("", search_term))

    def has_fail_permission(self, request):
        return request.user.has_perm("history.change_generation")

    @admin.display(description="User", ordering="user__email")
    def user_email(self, generation):
        return generation.user.email

    @admin.display(description="Input")
    def input_pretty(self, generation):
        return pretty_json(generation.input_data)

    @admin.display(description="Output")
    def output_pretty(self, generation):
        return pretty_json(generation.output_data)

    @admin.action(description="Fail and refund", permissions=["fail"])
    def fail_and_refund(self, request, queryset):
        failed = skipped = 0
        for generation in queryset.select_related("user"):
            if fail_generation(generation=generation, message=STOPPED_BY_STAFF):
                failed += 1
            else:
                skipped += 1
        if failed:
            self.message_user(request, f"Failed and refunded {failed} generation(s).", messages.SUCCESS)
        if skipped:
            self.message_user(
                request,
                f"{skipped} generation(s) had already finished and were left as they were.",
                messages.WARNING,
            )
