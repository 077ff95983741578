"""Housekeeping steps that apps contribute to `manage.py housekeeping` (services/housekeeping.py).

services may not import billing (DESIGN.md: dependency direction), yet billing keeps records that
only pile up too. So an app registers its step here, from its AppConfig.ready(), and
services/housekeeping.py runs every registered step after its own: config is the base every app
may import, and it imports none of them for this.
"""

from collections.abc import Callable
from datetime import datetime

# Given the time housekeeping runs as, does its work and says what it did ("3 … cleared").
HousekeepingStep = Callable[[datetime], str]

_steps: dict[str, HousekeepingStep] = {}


def register_housekeeping_step(name: str, step: HousekeepingStep) -> None:
    """Add `step` to every housekeeping run. Registering the same name again replaces it, so an
    app's ready() running twice does not run its step twice."""
    _steps[name] = step


def housekeeping_steps() -> list[HousekeepingStep]:
    """The registered steps, in the order they were first registered (the apps' order)."""
    return list(_steps.values())
