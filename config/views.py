"""Project-level pages that compose several apps: the landing page, the dashboard, 404."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from billing.models import Plan
from config.dashboard import credit_usage, dashboard_tools, recent_activity, successful_generations
from credits.context_processors import shell_balance_props
from credits.models import balance_of
from services.registry import TOOLS

# The landing page's four documented features (spec 000 §2), with our supporting lines.
LANDING_FEATURES = [
    {
        "icon": "zap",
        "title": "Lightning Fast",
        "text": "Ad copy, creatives and competitor research in minutes instead of days.",
    },
    {
        "icon": "target",
        "title": "Precision Targeting",
        "text": "Copy written for your audience, niche and campaign objective.",
    },
    {
        "icon": "chart",
        "title": "Data-Driven",
        "text": "Proven frameworks like AIDA and PAS, informed by the ads that win in your market.",
    },
    {
        "icon": "shield",
        "title": "Brand Safe",
        "text": "Your colours, logo and tone of voice in every asset you create.",
    },
]


def landing(request):
    return render(
        request,
        "landing.html",
        {"tools": TOOLS.values(), "plans": Plan.objects.filter(is_active=True), "features": LANDING_FEATURES},
    )


@login_required
def dashboard(request):
    user = request.user
    plan = Plan.objects.current_for(user)
    balance = balance_of(user)
    usage = credit_usage(user)
    return render(
        request,
        "dashboard.html",
        {
            # Also the shell's plan card: set here so the page reads the plan once.
            "current_plan": plan,
            "balance": balance,
            # The shell's balance island shows the balance read above.
            "shell_credit_props": shell_balance_props(balance),
            "credits_used": usage.total,
            "generations_count": successful_generations(user),
            "tools": [
                {"tool": tool, "affordable": balance >= tool.cost, "progress": min(balance, tool.cost)}
                for tool in dashboard_tools()
            ],
            "chart": usage.chart,
            "activities": recent_activity(user),
        },
    )


def page_not_found(request, exception=None):
    return render(request, "404.html", status=404)
