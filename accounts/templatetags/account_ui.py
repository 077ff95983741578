"""Rendering helpers for the account templates."""

from django import template

from accounts.avatars import avatar_url_for

register = template.Library()


@register.filter
def as_input(bound_field, css_class: str = ""):
    """The field's widget with the given classes (kept in the templates, where Tailwind
    finds them) and aria wiring to its error line."""
    attrs = {"class": css_class, "aria-describedby": f"{bound_field.auto_id}-error"}
    if bound_field.errors:
        attrs["aria-invalid"] = "true"
    return bound_field.as_widget(attrs=attrs)


@register.filter
def avatar_url(user) -> str:
    """The signed-in user's avatar URL, or '' (the shell then shows their initial)."""
    if not getattr(user, "is_authenticated", False) or not user.avatar:
        return ""
    return avatar_url_for(user, user.avatar.name)
