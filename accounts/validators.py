import re

from django.core.exceptions import ValidationError

# The documented sign-up rules, in the documented order, with their exact messages.
# Each rule is a regular expression so the browser can run the very same rules for the
# live checklist (forms.client_rules ships them as JSON); the server stays the authority.
PASSWORD_RULES = [
    # (key, checklist label, pattern, message)
    ("length", "8+ characters", r"^[\s\S]{8,}$", "Password must be at least 8 characters"),
    ("upper", "1 uppercase letter", r"[A-Z]", "Password must contain at least one uppercase letter"),
    ("lower", "1 lowercase letter", r"[a-z]", "Password must contain at least one lowercase letter"),
    ("number", "1 number", r"[0-9]", "Password must contain at least one number"),
]


def password_errors(password: str) -> list[str]:
    return [
        message for _key, _label, pattern, message in PASSWORD_RULES if not re.search(pattern, password or "")
    ]


class DocumentedPasswordValidator:
    """8+ characters, an uppercase letter, a lowercase letter and a number.

    Raises only the first failing rule: the form shows one message under the field, as the
    documented screen does, while the checklist shows every rule."""

    def validate(self, password, user=None):
        errors = password_errors(password)
        if errors:
            raise ValidationError(errors[0], code="password_rules")

    def get_help_text(self):
        return "8+ characters, 1 uppercase letter, 1 lowercase letter, 1 number."
