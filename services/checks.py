"""System checks for the generation settings: a configuration mistake fails loudly at start-up
(`manage.py check`, `migrate`, the workers and the reaper run these, and the web process runs them
by their tag, SERVING_CHECKS, as it starts: config/wsgi.py), not per generation after a user has
been charged. The payment settings' checks are billing's (billing/checks.py).

With DEBUG off each problem is an Error, which stops those commands; with DEBUG on it is a Warning,
so a developer can still run the app with only part of the configuration. The checks read settings
only: nothing is called.
"""

from django.conf import settings
from django.core import checks

from config.health import SERVING_CHECKS, settings_problem
from services.engines.base import ENGINES, engine_name_for, engine_setting_name
from services.registry import SPY_MASTER, TOOLS


def _problem(message: str, *, hint: str, number: int) -> checks.CheckMessage:
    return settings_problem(message, hint=hint, check_id=f"services.E{number:03d}")


def _engine_setting(tool) -> str:
    """The setting that chose the tool's engine, for the message naming it."""
    override = engine_setting_name(tool)
    return override if getattr(settings, override, "") else "GENERATION_ENGINE"


@checks.register(SERVING_CHECKS)
def check_generation_engines(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    problems = []
    engines = {slug: engine_name_for(tool) for slug, tool in TOOLS.items()}
    unknown = {}
    for slug, name in engines.items():
        if name not in ENGINES:
            unknown.setdefault((_engine_setting(TOOLS[slug]), name), []).append(slug)
    for (setting, name), slugs in unknown.items():
        problems.append(
            _problem(
                f"{setting} is {name!r}, which is not a generation engine (used by {', '.join(slugs)}).",
                hint=f"Use one of: {', '.join(ENGINES)}.",
                number=1,
            )
        )
    in_use = set(engines.values())
    if "openai" in in_use and not settings.OPENAI_API_KEY:
        problems.append(
            _problem(
                "The openai generation engine is configured but OPENAI_API_KEY is not set.",
                hint="Set OPENAI_API_KEY (and OPENAI_BASE_URL for an API other than OpenAI's).",
                number=2,
            )
        )
    if "webhook" in in_use and not (settings.WEBHOOK_BASE_URL or "").strip():
        problems.append(
            _problem(
                "The webhook generation engine is configured but WEBHOOK_BASE_URL is not set.",
                hint="Set WEBHOOK_BASE_URL to the automation service's base URL.",
                number=3,
            )
        )
    # The openai engine's Spy reads the Meta Ad Library itself; the webhook engine's automation does
    # that on its side, and the demo engine shows a sample.
    if engines[SPY_MASTER] == "openai" and not settings.META_ACCESS_TOKEN:
        problems.append(
            _problem(
                "Spy Master runs on the openai engine, which searches the Meta Ad Library, but "
                "META_ACCESS_TOKEN is not set.",
                hint="Set META_ACCESS_TOKEN, or run Spy Master on another engine "
                "(GENERATION_ENGINE_SPY_MASTER=webhook or demo).",
                number=4,
            )
        )
    return problems
