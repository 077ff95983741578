"""The signed-in shell's navigation: the sidebar groups and the top-bar title rule."""

from typing import NamedTuple

from django import template
from django.conf import settings

from accounts.templatetags.account_ui import avatar_url
from config.paths import path_for
from config.render_cache import render_kept
from services.registry import TOOLS

register = template.Library()

# (label, URL name, icon)
MAIN_MENU = [
    ("Dashboard", "dashboard", "dashboard"),
    ("Profile", "accounts:profile", "profile"),
    ("Billing", "billing:index", "billing"),
]


def main_menu_paths() -> tuple[tuple[str, str, str], ...]:
    """MAIN_MENU with each URL name resolved: (label, path, icon)."""
    return tuple((label, path_for(name), icon) for label, name, icon in MAIN_MENU)


class MenuItem(NamedTuple):  # a tuple, so a menu can be part of a render_kept key
    label: str
    url: str
    icon: str
    active: bool


def _item(label: str, path: str, icon: str, current: str) -> MenuItem:
    return MenuItem(label, path, icon, current == path)


def shell_title_for(path: str, product_name: str) -> str:
    """Documented rule: 'Dashboard' for /dashboard, otherwise the label of the menu item
    whose route this is, otherwise the product name."""
    current = path.rstrip("/") or "/"
    for label, url, _icon in main_menu_paths():
        if current == url:
            return label
    for tool in TOOLS.values():
        if current == tool.path:
            return tool.menu_label
    return product_name


def shell_menu(path: str) -> dict[str, tuple[MenuItem, ...]]:
    current = path.rstrip("/") or "/"
    return {
        "main": tuple(_item(label, url, icon, current) for label, url, icon in main_menu_paths()),
        "services": tuple(_item(tool.menu_label, tool.path, tool.slug, current) for tool in TOOLS.values()),
    }


# The sidebar is the same for every user: it differs only in which item is current (or none).
@register.simple_tag(takes_context=True)
def sidebar_nav(context) -> str:
    return render_kept(
        "partials/sidebar_nav.html", **shell_menu(context["request"].path), PRODUCT_NAME=settings.PRODUCT_NAME
    )


@register.filter
def email_halves(email: str) -> tuple[str, str]:
    """An address split where the sidebar may break it: the local part, and '@domain'. Each half
    is cut short on its own line if it must be, so a long address takes two lines, not four broken
    mid-word, and both halves stay recognisable."""
    local, at, domain = email.rpartition("@")
    return (local, at + domain) if at else (email, "")


@register.simple_tag(takes_context=True)
def shell_title(context) -> str:
    return shell_title_for(context["request"].path, settings.PRODUCT_NAME)


def shell_key(request, plan, balance: int) -> tuple:
    """Everything layouts/shell.html and base.html show, except the CSP nonce and the CSRF token:
    the shell's part of the key of a page kept whole (config.render_cache.render_kept_page).
    Whatever those templates come to show must be added here: config/tests/test_kept_pages.py
    holds the list of what they read (and fails when it changes), and changes what a user can
    change — name, e-mail, avatar, plan, balance, history — checking that the page follows."""
    user = request.user
    return (
        request.path,
        settings.PRODUCT_NAME,
        user.pk,
        user.display_name,
        user.email,
        avatar_url(user),
        user.initial,
        (plan.tier, plan.description) if plan else None,
        balance,
    )


# The shell's other partials, each kept per the values it shows (config.render_cache.render_kept).


@register.simple_tag(takes_context=True)
def shell_avatar(context, size: str) -> str:
    user = context["user"]
    return render_kept("partials/avatar.html", url=avatar_url(user), initial=user.initial, size=size)


@register.simple_tag
def shell_plan_card(plan) -> str:
    if not plan:
        return ""
    return render_kept("partials/sidebar_plan.html", tier=plan.tier, description=plan.description)


@register.simple_tag
def theme_toggle() -> str:
    return render_kept("partials/theme_toggle.html")
