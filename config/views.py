"""Project-level pages that compose several apps: the landing page, the dashboard, 404."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import Resolver404, resolve

from billing.models import Plan
from config.dashboard import dashboard_content, read_stamp
from credits.context_processors import shell_balance_props
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
    stamp = read_stamp(user)
    return render(
        request,
        "dashboard.html",
        {
            # Also the shell's plan card and balance island: set here so the page reads each once.
            "current_plan": plan,
            "shell_credit_props": shell_balance_props(stamp.balance),
            "content": dashboard_content(user, plan, stamp),
        },
    )


def page_not_found(request, exception=None):
    """The 404 page — unless the address only has a slash too many ("/dashboard/",
    "/services/meta-copy/"): then a permanent redirect to the one without it, query kept."""
    target = _without_trailing_slash(request.path_info) if isinstance(exception, Resolver404) else None
    if target is not None and request.method in ("GET", "HEAD"):
        script_prefix = request.path[: len(request.path) - len(request.path_info)]
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(script_prefix + target + (f"?{query}" if query else ""))
    return render(request, "404.html", status=404)


def _without_trailing_slash(path: str) -> str | None:
    """`path` without its trailing slash when that names a page; None otherwise."""
    if len(path) < 2 or not path.endswith("/") or path.endswith("//"):
        return None
    target = path[:-1]
    try:
        resolve(target)
    except Resolver404:
        return None
    return target
