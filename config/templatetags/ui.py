"""Template tags shared by every app's templates."""

import functools
import json

from django import forms, template
from django.contrib.messages import constants
from django.core.serializers.json import DjangoJSONEncoder
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from config.icons import icon_svg
from config.paths import path_for

register = template.Library()

_KIND = {constants.ERROR: "error", constants.WARNING: "error", constants.SUCCESS: "success"}


def json_script(value, element_id: str) -> SafeString:
    """django.utils.html.json_script, same output, escaped with str.replace: Django's
    str.translate looks every character up in a dict, about 1 ms for a tool page's 9 KB of props."""
    text = json.dumps(value, cls=DjangoJSONEncoder)
    text = text.replace("&", "\\u0026").replace("<", "\\u003C").replace(">", "\\u003E")
    # Safe: with <, > and & escaped, the JSON cannot close the <script> element.
    return format_html('<script id="{}" type="application/json">{}</script>', element_id, mark_safe(text))  # noqa: S308


@functools.lru_cache(maxsize=256)
def asset_url(path: str) -> str:
    """static(), looked up once per process: the manifest, and so every URL, is fixed from
    start-up until a deploy restarts the process. Every page asks for the same few files."""
    return static(path)


@register.simple_tag(name="path")
def path_tag(name: str) -> str:
    """`{% path "billing:index" %}`: what `{% url %}` gives, kept per process (config.paths) —
    for the links every signed-in page carries."""
    return path_for(name)  # no arguments: a route per object would grow the kept paths forever


@register.simple_tag
def asset(path: str) -> str:
    """`{% asset "dist/css/app.css" %}`: the static URL of one of our files (see asset_url)."""
    return asset_url(path)


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
        asset_url(f"dist/js/{name}.js"),
        nonce,
    )


@register.simple_tag(takes_context=True)
def messages_json(context):
    """Django messages as data for the toast script."""
    items = [{"message": str(m), "kind": _KIND.get(m.level, "info")} for m in context.get("messages", [])]
    return json_script(items, "django-messages") if items else ""


@register.simple_tag
def icon(name: str, **attrs: str) -> SafeString:
    """One inline SVG icon from config.icons: `{% icon "menu" class="h-6 w-6" %}` (the class
    defaults to h-5 w-5). A dict lookup rather than an include: pages render dozens of these."""
    if unknown := set(attrs) - {"class"}:
        raise template.TemplateSyntaxError(f"icon takes only class=, not {', '.join(sorted(unknown))}")
    return icon_svg(name, attrs.get("class", ""))


# Text inputs that take an address or a number read left to right whatever the page's language.
LEFT_TO_RIGHT_INPUT_MODES = {"url", "email", "tel", "numeric", "decimal"}


@register.filter
def auto_direction(bound_field):
    """The bound field, with dir="auto" on its widget when a user writes free text in it (a text
    input or a textarea), so Hebrew or Arabic lines up from the right as it is typed. E-mail, URL,
    password and number inputs keep the page's left to right. `{{ field|auto_direction|as_input }}`:
    the change is to this form's own widget (a form deep-copies its fields), never to the class's."""
    widget = bound_field.field.widget
    free_text = isinstance(widget, forms.Textarea) or (
        isinstance(widget, forms.TextInput) and widget.input_type == "text"
    )
    if free_text and widget.attrs.get("inputmode") not in LEFT_TO_RIGHT_INPUT_MODES:
        widget.attrs.setdefault("dir", "auto")
    return bound_field
