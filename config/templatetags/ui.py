"""Template tags shared by every app's templates."""

import json

from django import template
from django.contrib.messages import constants
from django.templatetags.static import static
from django.utils.html import format_html, json_script

register = template.Library()

_KIND = {constants.ERROR: "error", constants.WARNING: "error", constants.SUCCESS: "success"}


@register.simple_tag(takes_context=True)
def island(context, name: str, props: dict | None = None):
    """Mount point for a React island: a div, its props as JSON, and its module script.
    No inline executable script, so the strict CSP holds."""
    props_id = f"island-props-{name}"
    nonce = context.get("csp_nonce", "")
    return format_html(
        '<div data-island="{}" data-props="{}"></div>{}<script type="module" src="{}" nonce="{}"></script>',
        name,
        props_id,
        json_script(props or {}, props_id),
        static(f"dist/js/{name}.js"),
        nonce,
    )


@register.simple_tag(takes_context=True)
def messages_json(context):
    """Django messages as data for the toast script."""
    items = [
        {"message": str(m), "kind": _KIND.get(m.level, "info")} for m in context.get("messages", [])
    ]
    return json_script(items, "django-messages") if items else ""


@register.filter
def as_json(value):
    return json.dumps(value)
