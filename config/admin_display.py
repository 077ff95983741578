"""Read-only displays the admins share."""

import json

from django.utils.html import format_html
from django.utils.safestring import SafeString


def pretty_json(value) -> SafeString:
    """A JSON value indented with sorted keys, escaped, in a <pre>: generations' input and
    output, Stripe's event payloads (several KB on one line otherwise)."""
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True))


def cut_in_lists(text: str) -> SafeString:
    """A long unbreakable value (a Stripe link, a price id): in an admin list cut short with an
    ellipsis, whole in its title (static/admin-lists.css); whole on the object's page."""
    return format_html('<span class="cut" title="{}">{}</span>', text, text)
