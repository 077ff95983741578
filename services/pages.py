"""The six tool pages: one view for all of them, driven by the registry. Each page mounts its
tool's island with everything the island needs in props (schema, labels, costs, balance, URLs)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from credits.context_processors import shell_balance_props
from credits.models import balance_of
from history.pages import history_urls, service_type_labels, url_template
from services.engines.base import engine_name_for
from services.registry import Tool, get_tool


def tool_page_props(*, user, tool: Tool) -> dict:
    return {
        "tool": tool.as_props(),
        "balance": balance_of(user),
        # Scopes the form drafts the island keeps in the tab (frontend/lib/formDrafts.js): an
        # account signed in later in the same tab is not shown the last one's.
        "userId": user.pk,
        "urls": {
            "generations": reverse("services:api-generations"),
            "generation": url_template("services:api-generation"),
            "active": reverse("services:api-generation-active"),
            "uploads": reverse("services:api-uploads"),
            # Where a user short of credits gets more (plans are bought on Billing).
            "billing": reverse("billing:index"),
            **history_urls(),
        },
        "toolLabels": service_type_labels(),
    }


@login_required
@require_safe
@ensure_csrf_cookie  # the island POSTs generations and uploads with the cookie's token
def tool_page(request, slug: str):
    tool = get_tool(slug)
    props = tool_page_props(user=request.user, tool=tool)
    return render(
        request,
        "services/tool.html",
        {
            "tool": tool,
            "props": props,
            # The shell's balance island shows the balance the tool's props already hold.
            "shell_credit_props": shell_balance_props(props["balance"]),
            "demo_engine": engine_name_for(tool) == "demo",
        },
    )
