"""What every engine is: one `run()` that returns a normalized output, or raises EngineError."""

from dataclasses import dataclass
from typing import Protocol

from django.conf import settings
from django.utils.module_loading import import_string

from services.registry import Tool, UnknownStep

ENGINES = {
    "demo": "services.engines.demo.DemoEngine",
    "webhook": "services.engines.webhook.WebhookEngine",
    "openai": "services.engines.openai.OpenAIEngine",
}


class EngineError(Exception):
    """A generation failed. `message` is shown to the user (the documented text where one exists);
    `retryable` says whether trying the same request again may succeed (timeouts, 5xx)."""

    def __init__(self, message: str, *, retryable: bool = False):
        super().__init__(message)
        self.message = message
        self.retryable = retryable


@dataclass
class EngineResult:
    output: dict  # the normalized output (docs/CONTRACTS.md "Engines")
    image: bytes | None = None  # PNG bytes for creatives; the job stores them and sets output["image"]


class Assets(Protocol):
    def read(self, url_or_path: str) -> bytes | None: ...


class Engine(Protocol):
    name: str

    def run(self, *, tool: Tool, step: str, inputs: dict, user_id: str, assets: Assets) -> EngineResult: ...


def run_operation(engine: Engine, *, tool: Tool, step: str, inputs: dict, assets: Assets) -> EngineResult:
    """Call the engine method the registry names for this tool and step: every engine has one method
    per operation, taking (inputs, assets), so tools differ in data, not in code paths."""
    try:
        operation = getattr(engine, tool.operation_for(step))
    except UnknownStep:
        raise EngineError(f"The {engine.name} engine has no call for {tool.slug} {step}".strip()) from None
    return operation(inputs, assets)


def engine_setting_name(tool: Tool) -> str:
    """The setting that overrides GENERATION_ENGINE for one tool: GENERATION_ENGINE_<SLUG>, e.g.
    GENERATION_ENGINE_META_COPY."""
    return f"GENERATION_ENGINE_{tool.slug.upper().replace('-', '_')}"


def engine_name_for(tool: Tool) -> str:
    """GENERATION_ENGINE, unless the tool's own setting (engine_setting_name) overrides it."""
    override = getattr(settings, engine_setting_name(tool), "")
    return (override or settings.GENERATION_ENGINE or "demo").strip().lower()


def get_engine(tool: Tool) -> Engine:
    name = engine_name_for(tool)
    if name not in ENGINES:
        raise EngineError(f"Unknown generation engine {name!r}.")
    return import_string(ENGINES[name])()
