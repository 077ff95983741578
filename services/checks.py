"""System checks for the generation settings: a configuration mistake fails loudly at start-up
(`manage.py check`, `migrate`, the workers and the reaper run these, and the web process runs them
by their tag, SERVING_CHECKS, as it starts: config/wsgi.py), not per generation after a user has
been charged. The payment settings' checks are billing's (billing/checks.py).

With DEBUG off each problem is an Error, which stops those commands; with DEBUG on it is a Warning,
so a developer can still run the app with only part of the configuration. The checks read settings
(and, for overrides that name nothing, the environment's variable names) only: nothing is called.
"""

import os

from django.conf import settings
from django.core import checks

from config.health import SERVING_CHECKS, settings_problem
from services.engines.base import ENGINES, engine_name_for, engine_setting_name
from services.engines.webhook import DEFAULT_PATHS
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


# The per-tool and per-call overrides config/settings.py reads: GENERATION_ENGINE_<TOOL>, WEBHOOK_PATH_<CALL>.
_OVERRIDE_PREFIXES = ("GENERATION_ENGINE_", "WEBHOOK_PATH_")


@checks.register()
def check_override_names(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """An override whose name matches no tool or webhook call (a typo, a tool's old name) would be
    ignored without a word: a warning names it, and the overrides of its kind that exist."""
    known = {engine_setting_name(tool) for tool in TOOLS.values()} | {
        f"WEBHOOK_PATH_{name}" for name in DEFAULT_PATHS
    }
    warnings = []
    for name in sorted(os.environ):
        prefix = next((prefix for prefix in _OVERRIDE_PREFIXES if name.startswith(prefix)), None)
        if prefix is None or name in known:
            continue
        same_kind = sorted(setting for setting in known if setting.startswith(prefix))
        warnings.append(
            checks.Warning(
                f"{name} is set but names no tool or webhook call; it is ignored.",
                hint=f"The {prefix}… overrides are: {', '.join(same_kind)}.",
                id="services.W001",
            )
        )
    return warnings
