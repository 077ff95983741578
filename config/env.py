"""Tiny helpers that read settings from the environment (healthchecks style)."""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from exc


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_choice(
    name: str, default: str, choices: tuple[str, ...], aliases: dict[str, str] | None = None
) -> str:
    """One of `choices`, written in any letter case; `aliases` maps other accepted spellings
    (upper case) to a choice. Empty means the default, as an `X=` line in an env file does."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().upper()
    value = (aliases or {}).get(value, value)
    by_upper = {choice.upper(): choice for choice in choices}
    if value not in by_upper:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, got {raw!r}")
    return by_upper[value]
