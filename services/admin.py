"""Admin for generations.

Registered here rather than in history/admin.py: its "Fail and refund" action runs the job
lifecycle (services.actions.fail_generation), and history never imports services.
"""

import json

from django.contrib import admin, messages
from django.utils.html import format_html

from config.view_only_admin import ViewOnlyAdmin
from history.models import Generation
from services.actions import fail_generation

STOPPED_BY_STAFF = "This generation was stopped by our support team. Any credits it used have been refunded."


def _pretty_json(value) -> str:
    return format_html(
        "<pre>{}</pre>",
        json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True),
    )


@admin.register(Generation)
class GenerationAdmin(ViewOnlyAdmin):
    """View only ("View generation", no Save buttons); staff act on generations through the
    "Fail and refund" action, which needs the change permission."""

    list_display = ["id", "user_email", "tool", "step", "status", "credits_used", "engine", "created_at"]
    list_filter = ["tool", "status", "engine", ("created_at", admin.DateFieldListFilter)]
    search_fields = ["user__email"]
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

    def has_fail_permission(self, request):
        return request.user.has_perm("history.change_generation")

    @admin.display(description="User", ordering="user__email")
    def user_email(self, generation):
        return generation.user.email

    @admin.display(description="Input")
    def input_pretty(self, generation):
        return _pretty_json(generation.input_data)

    @admin.display(description="Output")
    def output_pretty(self, generation):
        return _pretty_json(generation.output_data)

    @admin.action(description="Fail and refund", permissions=["fail"])
    def fail_and_refund(self, request, queryset):
        failed = skipped = 0
        for generation in queryset.select_related("user"):
            if fail_generation(generation, STOPPED_BY_STAFF):
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
