"""The signed-in shell's navigation: the sidebar groups and the top-bar title rule."""

from django import template
from django.conf import settings

from services.registry import TOOLS

register = template.Library()

MAIN_MENU = [
    ("Dashboard", "/dashboard", "dashboard"),
    ("Profile", "/profile", "profile"),
    ("Billing", "/billing", "billing"),
]


def _item(label: str, path: str, icon: str, current: str) -> dict:
    return {"label": label, "url": path, "icon": icon, "active": current == path}


def shell_title(path: str, product_name: str) -> str:
    """Documented rule: 'Dashboard' for /dashboard, otherwise the label of the menu item
    whose route this is, otherwise the product name."""
    current = path.rstrip("/") or "/"
    if current == "/dashboard":
        return "Dashboard"
    for label, url, _icon in MAIN_MENU:
        if current == url:
            return label
    for tool in TOOLS.values():
        if current == tool.path:
            return tool.menu_label
    return product_name


@register.simple_tag(takes_context=True)
def shell_menu(context) -> dict:
    request = context["request"]
    current = request.path.rstrip("/") or "/"
    return {
        "main": [_item(label, url, icon, current) for label, url, icon in MAIN_MENU],
        "services": [_item(tool.menu_label, tool.path, tool.slug, current) for tool in TOOLS.values()],
        "title": shell_title(request.path, settings.PRODUCT_NAME),
    }
