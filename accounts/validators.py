import re

from django.core.exceptions import ValidationError

# The documented sign-up rules, in the documented order, with their exact messages.
PASSWORD_RULES = [
    ("length", lambda p: len(p) >= 8, "Password must be at least 8 characters"),
    ("upper", lambda p: re.search(r"[A-Z]", p) is not None, "Password must contain at least one uppercase letter"),
    ("lower", lambda p: re.search(r"[a-z]", p) is not None, "Password must contain at least one lowercase letter"),
    ("number", lambda p: re.search(r"[0-9]", p) is not None, "Password must contain at least one number"),
]


def password_errors(password: str) -> list[str]:
    return [message for _key, check, message in PASSWORD_RULES if not check(password or "")]


class DocumentedPasswordValidator:
    """8+ characters, an uppercase letter, a lowercase letter and a number."""

    def validate(self, password, user=None):
        errors = password_errors(password)
        if errors:
            raise ValidationError(errors[0], code="password_rules")

    def get_help_text(self):
        return "8+ characters, 1 uppercase letter, 1 lowercase letter, 1 number."
