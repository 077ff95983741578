"""Project-level pages that compose several apps: the landing page, the dashboard, and the
error handlers (404, 400, 500, CSRF failure) — JSON under the API and to a fetch() asking for JSON
(config/api_errors.py), pages elsewhere."""

import logging

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404, resolve
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_safe

from billing.models import Plan
from config.api_errors import (
    BAD_REQUEST,
    NOT_FOUND,
    SERVER_ERROR,
    SESSION_CHANGED,
    refused_body_message,
    wants_json,
)
from config.dashboard import dashboard_content, read_stamp
from config.log_filters import assign_error_reference
from config.render_cache import render_kept_page
from config.templatetags.shell import shell_key
from config.templatetags.ui import asset_url
from credits.context_processors import shell_balance_props
from services.registry import TOOLS

logger = logging.getLogger(__name__)

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


@require_safe
def landing(request):
    return render(
        request,
        "landing.html",
        {"tools": TOOLS.values(), "plans": Plan.objects.filter(is_active=True), "features": LANDING_FEATURES},
    )


@login_required
@require_safe
def dashboard(request):
    user = request.user
    plan = Plan.objects.current_for(user)
    stamp = read_stamp(user)
    content = dashboard_content(user, plan, stamp)
    context = {
        # Also the shell's plan card and balance island: set here so the page reads each once.
        "current_plan": plan,
        "shell_credit_props": shell_balance_props(stamp.balance),
        "content": content,
    }
    # The content is named by what it was rendered from (config.dashboard.dashboard_content).
    key = (shell_key(request, plan, stamp.balance), content["key"])
    return render_kept_page(request, "dashboard.html", context, key=key)


def favicon(request):
    return HttpResponsePermanentRedirect(asset_url("favicon.svg"))


def page_not_found(request, exception=None):
    """The 404 page — unless the address only has a slash too many ("/dashboard/",
    "/services/meta-copy/"): then a permanent redirect to the one without it, query kept.
    Under the API: 404 `{"detail": "Not found."}`, as DRF answers for a missing object."""
    target = _without_trailing_slash(request.path_info) if isinstance(exception, Resolver404) else None
    if target is not None and request.method in ("GET", "HEAD"):
        script_prefix = request.path[: len(request.path) - len(request.path_info)]
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(script_prefix + target + (f"?{query}" if query else ""))
    if wants_json(request):
        return JsonResponse({"detail": NOT_FOUND}, status=404)
    return render(request, "404.html", status=404)


def bad_request(request, exception=None):
    """A request Django refused (a body past DATA_UPLOAD_MAX_MEMORY_SIZE, too many form fields,
    a bad Host header): JSON under the API, otherwise the 400 page."""
    if wants_json(request):
        return JsonResponse({"detail": refused_body_message(exception) or BAD_REQUEST}, status=400)
    return _standalone_page("400.html", status=400)


def server_error(request):
    """The 500 answer, with a reference for the user to quote: the same one is in the log line
    Django writes next (config.log_filters.RequestContext)."""
    reference = assign_error_reference(request)
    if wants_json(request):
        return JsonResponse({"detail": SERVER_ERROR, "reference": reference}, status=500)
    return _standalone_page("500.html", status=500, context={"reference": reference})


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: a form posted with a stale or missing CSRF token — typically a page
    left open while the user signed in or out in another tab. Django's own page says "CSRF
    verification failed … DEBUG=True" and offers no way back; ours says what happened and
    reloads the page the form was on."""
    if wants_json(request):
        return JsonResponse({"detail": SESSION_CHANGED}, status=403)
    return render(request, "403_csrf.html", {"reload_url": _page_to_reload(request)}, status=403)


def _page_to_reload(request) -> str:
    """The page the form was on (the Referer, when it is one of ours), else this address."""
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return referer
    return request.get_full_path()


def _standalone_page(template_name: str, *, status: int, context: dict | None = None) -> HttpResponse:
    """An error page rendered without the request — no context processors, no database: the
    failure being reported may be in either."""
    try:
        html = loader.get_template(template_name).render(
            {"PRODUCT_NAME": settings.PRODUCT_NAME, **(context or {})}
        )
    except Exception:
        # Never fail while reporting a failure: Django's own bare page text instead.
        logger.exception("Could not render %s", template_name)
        html = f"<!doctype html><title>Error ({status})</title><h1>Error ({status})</h1>"
    return HttpResponse(html, status=status)


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
