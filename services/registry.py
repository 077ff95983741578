"""The six tools: one record each. Tools differ in data, not in code paths."""

from dataclasses import dataclass, field
from typing import Literal

from django.http import Http404

from config.paths import path_for
from services import tool_schemas
from services.schema import StepSchemas, ToolSchema

# The slugs code refers to by name (Meta Ads Full's steps, Spy's long run and Ad Library search,
# the social copy parser's fallback text), so each is spelled once, in its Tool below.
META_ADS_FULL = "meta-ads-full"
SOCIAL_MEDIA_COPY = "social-media-copy"
SPY_MASTER = "spy-master"


class UnknownStep(LookupError):
    """A multi-step tool was asked for a step it does not have."""


@dataclass(frozen=True)
class Overlay:
    """The full-screen progress overlay: message steps run client-side, each stays on the last."""

    title: str
    steps: tuple[tuple[str, int], ...]  # (message, seconds)
    hint: str  # expected time

    def as_props(self) -> dict:
        return {
            "title": self.title,
            "steps": [{"message": message, "seconds": seconds} for message, seconds in self.steps],
            "hint": self.hint,
        }


@dataclass(frozen=True)
class Outcome:
    """What a run tells the user when it ends (spec 001 §8). The server writes `fallback_error`
    (or `timeout_error`) as a failed generation's message; the islands get the rest in props."""

    success: str  # the toast on success
    failure_title: str  # the failure panel's title
    # The failure text when a run has no message of its own, and instead of an upstream
    # service's own error text (an operator's problem — a quota, a key — which is logged).
    fallback_error: str
    failure_toast: str = ""  # the toast on failure; empty: the failure panel's message
    network_prefix: bool = False  # the documented 'Network error: ' before the panel's message
    timeout_error: str = ""  # a run past its deadline; empty: fallback_error

    def as_props(self) -> dict:
        return {
            "success": self.success,
            "failureTitle": self.failure_title,
            "failureToast": self.failure_toast,
            "fallback": self.fallback_error,
            "networkPrefix": self.network_prefix,
        }


Result = Literal["text", "image"]  # what a run stores: a text file, or the image it made


def _check_result(owner: str, result: str) -> None:
    if result not in ("text", "image"):
        raise ValueError(f"{owner}: result must be 'text' or 'image', not {result!r}")


@dataclass(frozen=True)
class Step:
    """One submit of a multi-step tool (Meta Ads Full): its own cost, labels, overlay and texts."""

    cost: int
    submit_label: str
    busy_label: str
    overlay: Overlay
    operation: str  # the engine method that runs this step (see Tool.operation)
    outcome: Outcome
    result: Result = "text"

    def __post_init__(self):
        _check_result(f"Step {self.operation!r}", self.result)


@dataclass(frozen=True)
class Tool:
    slug: str  # URL segment and API id
    name: str  # page title
    menu_label: str  # sidebar label
    card_title: str  # landing and dashboard cards
    description: str
    service_type: str  # canonical underscore spelling, written to history
    cost: int  # credits per use (Meta Ads Full: per paid step; its scrape is free)
    deadline_seconds: int = 300  # the longest one run may take, counted from a worker's claim
    on_dashboard: bool = True
    # ToolSchema, or StepSchemas for Meta Ads Full (validate() dispatches on inputs["step"]).
    schema: ToolSchema | StepSchemas | None = field(default=None, compare=False)
    submit_label: str = ""  # the button reads f"{submit_label} ({cost} credits)"
    busy_label: str = ""
    overlay: Overlay | None = field(default=None, compare=False)
    steps: dict[str, Step] = field(default_factory=dict, compare=False)
    # The engine method that runs a submit: every engine has one of each name, taking
    # (inputs, assets). A multi-step tool names one per step instead, as it does its outcome
    # texts and result.
    operation: str = ""
    outcome: Outcome | None = field(default=None, compare=False)
    result: Result = "text"

    def __post_init__(self):
        if bool(self.operation) == bool(self.steps):
            raise ValueError(f"Tool {self.slug!r} needs an operation, or steps that each name one")
        if not self.steps and self.outcome is None:
            raise ValueError(f"Tool {self.slug!r} needs its outcome texts")
        _check_result(f"Tool {self.slug!r}", self.result)

    @property
    def path(self) -> str:
        """The tool page's URL (route `services:tool`)."""
        return path_for("services:tool", self.slug)

    def cost_for(self, step: str = "") -> int:
        """Credits one submit costs; a multi-step tool prices each step."""
        return self.cost if not self.steps else self._step(step).cost

    def operation_for(self, step: str = "") -> str:
        """The engine operation one submit runs; a multi-step tool has one per step (a single-step
        tool ignores `step`, as cost_for does)."""
        return self.operation if not self.steps else self._step(step).operation

    def outcome_for(self, step: str = "") -> Outcome:
        """What a submit's end tells the user; a multi-step tool says it per step."""
        return self.outcome if not self.steps else self._step(step).outcome

    def result_for(self, step: str = "") -> Result:
        """What a submit stores ("text" or "image"); a multi-step tool has one per step."""
        return self.result if not self.steps else self._step(step).result

    def _step(self, step: str) -> Step:
        try:
            return self.steps[step]
        except KeyError:
            raise UnknownStep(f"{self.slug} has no step {step!r}") from None

    def as_props(self) -> dict:
        props = {
            "slug": self.slug,
            "name": self.name,
            "serviceType": self.service_type,
            "cost": self.cost,
        }
        if self.steps:
            assert isinstance(self.schema, StepSchemas)
            props["steps"] = {
                name: {
                    "cost": step.cost,
                    "submitLabel": step.submit_label,
                    "busyLabel": step.busy_label,
                    "overlay": step.overlay.as_props(),
                    "texts": step.outcome.as_props(),
                    "schema": self.schema.steps[name].as_props(),
                }
                for name, step in self.steps.items()
            }
        else:
            props.update(
                submitLabel=self.submit_label,
                busyLabel=self.busy_label,
                overlay=self.overlay.as_props() if self.overlay else None,
                texts=self.outcome.as_props(),
                schema=self.schema.as_props() if self.schema else None,
            )
        return props


# Durations from spec 001 §4. Where the documents give two readings (Meta Copy, Meta Creative) the
# first is used. Only the Spy messages are documented; the others are written for their step.
META_COPY_OVERLAY = Overlay(
    "Generating Your Meta Copy",
    (
        ("Analyzing your product details...", 3),
        ("Understanding your target audience...", 15),
        ("Writing your ad copy variations...", 45),
        ("Polishing headlines and descriptions...", 15),
    ),
    "This usually takes 1-2 minutes",
)
META_CREATIVE_OVERLAY = Overlay(
    "Generating Your Meta Creative",
    (
        ("Preparing your brand assets...", 5),
        ("Analyzing your product and audience...", 15),
        ("Designing the composition...", 45),
        ("Rendering your creative...", 60),
        ("Adding the finishing touches...", 15),
    ),
    "Expected time: 2-3 minutes",
)
SCRAPE_OVERLAY = Overlay(
    "Analyzing Website",
    (
        ("Connecting to the website...", 3),
        ("Reading the page content...", 15),
        ("Analyzing products and messaging...", 10),
        ("Preparing the website analysis...", 7),
    ),
    "This usually takes 30-60 seconds",
)
META_FULL_COPY_OVERLAY = Overlay(
    "Generating Your Meta Copy",
    (
        ("Reviewing the website analysis...", 3),
        ("Planning your copy angles...", 10),
        ("Writing your Meta copy variations...", 45),
        ("Finalizing your copy...", 15),
    ),
    "This usually takes 1-2 minutes",
)
SOCIAL_COPY_OVERLAY = Overlay(
    "Generating Your Social Media Copy",
    (
        ("Analyzing your product...", 3),
        ("Matching the platform's style...", 10),
        ("Writing your social media copy...", 45),
        ("Adding hashtags and a call to action...", 15),
    ),
    "This usually takes 1-2 minutes",
)
SOCIAL_CREATIVE_OVERLAY = Overlay(
    "Generating Your Social Media Creative",
    (
        ("Preparing your assets...", 3),
        ("Designing the layout...", 20),
        ("Generating your creative...", 60),
        ("Finalizing the image...", 30),
    ),
    "Expected time: 1-2 minutes",
)
SPY_OVERLAY = Overlay(
    "Analyzing Competitor Strategy",
    (
        ("Initializing spy analysis...", 5),
        ("Searching competitor ads database...", 60),
        ("Analyzing ad performance data...", 120),
        ("Extracting strategic insights...", 90),
        ("Finalizing competitor intelligence...", 25),
    ),
    "This analysis may take up to 5 minutes...",
)

# The outcome texts, spec 001 §8 word for word where it gives them: the fallback card texts, the
# Meta Ads Full failure toasts and card titles, the Spy timeout, the success toasts it lists.
# It gives no success toast for Social Media Copy, Social Media Creative and Spy; theirs are ours.
META_COPY_DONE = "Meta Copy generated successfully!"
META_CREATIVE_DONE = "Meta Creative generated successfully!"
SPY_TIMEOUT = (
    "Analysis timed out after 10 minutes. The server may be taking too long or there might be a "
    "network issue. Please try again."
)


TOOLS: dict[str, Tool] = {
    tool.slug: tool
    for tool in [
        Tool(
            slug="meta-copy",
            name="META Ads Copy Generator",
            menu_label="META Copy",
            card_title="Meta Copy",
            description="Generate Meta ad copy from a website analysis.",
            service_type="meta_copy",
            cost=20,
            schema=tool_schemas.META_COPY_SCHEMA,
            submit_label="Generate Meta Copy",
            busy_label="Generating Copy...",
            overlay=META_COPY_OVERLAY,
            operation="meta_copy",
            outcome=Outcome(
                success=META_COPY_DONE,
                failure_title="Generation Failed",
                fallback_error="An error occurred while generating your META copy. Please try again.",
                network_prefix=True,
            ),
        ),
        Tool(
            slug="meta-creative",
            name="Meta Creative Generator",
            menu_label="META Creative",
            card_title="Meta Creative",
            description="Create Meta ad visuals from website content.",
            service_type="meta_creative",
            cost=80,
            deadline_seconds=420,
            schema=tool_schemas.META_CREATIVE_SCHEMA,
            submit_label="Generate Creative",
            busy_label="Generating Creative...",
            overlay=META_CREATIVE_OVERLAY,
            operation="meta_creative",
            outcome=Outcome(
                success=META_CREATIVE_DONE,
                failure_title="Generation Failed",
                fallback_error="An error occurred while generating your Meta creative. Please try again.",
                network_prefix=True,
            ),
            result="image",
        ),
        Tool(
            slug=META_ADS_FULL,
            name="Meta Ads Full",
            menu_label="META Ads Full",
            card_title="Meta Ads Full",
            description="Complete Meta ads generation with website analysis.",
            service_type="meta_ads_full",
            cost=50,
            deadline_seconds=420,
            on_dashboard=False,
            schema=tool_schemas.META_ADS_FULL_SCHEMAS,
            steps={
                "scrape": Step(
                    0,
                    "Scrape Site",
                    "Scraping...",
                    SCRAPE_OVERLAY,
                    operation="scrape",
                    outcome=Outcome(
                        success="Website scraped - ready for the next step",
                        failure_title="Scraping Failed",
                        fallback_error="An error occurred while scraping the website. Please try again.",
                        failure_toast="Failed to scrape website. Please try again.",
                    ),
                ),
                "copy": Step(
                    50,
                    "Generate Meta Copy",
                    "Generating Copy...",
                    META_FULL_COPY_OVERLAY,
                    operation="meta_copy_full",
                    outcome=Outcome(
                        success=META_COPY_DONE,
                        failure_title="Generation Failed",
                        fallback_error="An error occurred while generating your META copy. Please try again.",
                        failure_toast="Failed to generate Meta Copy. Please try again.",
                    ),
                ),
                "creative": Step(
                    50,
                    "Generate Meta Creative",
                    "Generating Creative...",
                    META_CREATIVE_OVERLAY,
                    operation="meta_creative_full",
                    outcome=Outcome(
                        success=META_CREATIVE_DONE,
                        failure_title="Creative Generation Failed",
                        fallback_error="An error occurred while generating your META creative. Please try again.",
                        failure_toast="Failed to generate Meta Creative. Please try again.",
                    ),
                    result="image",
                ),
            },
        ),
        Tool(
            slug=SOCIAL_MEDIA_COPY,
            name="Social Media Copy Generator",
            menu_label="Social Media Copy",
            card_title="Social Media Copy",
            description="Social copy for any platform.",
            service_type="social_media_copy",
            cost=20,
            schema=tool_schemas.SOCIAL_MEDIA_COPY_SCHEMA,
            submit_label="Generate Social Media Copy",
            busy_label="Generating Copy...",
            overlay=SOCIAL_COPY_OVERLAY,
            operation="social_media_copy",
            outcome=Outcome(
                success="Social Media Copy generated successfully!",
                failure_title="Generation Failed",
                fallback_error="An error occurred while generating your social media copy. Please try again.",
                network_prefix=True,
            ),
        ),
        Tool(
            slug="social-media-creative",
            name="Social Media Creative Generator",
            menu_label="Social Media Creative",
            card_title="Social Media Creative",
            description="Social creatives, designed for you.",
            service_type="social_media_creative",
            cost=80,
            deadline_seconds=420,
            schema=tool_schemas.SOCIAL_MEDIA_CREATIVE_SCHEMA,
            submit_label="Generate Creative",
            busy_label="Generating Creative...",
            overlay=SOCIAL_CREATIVE_OVERLAY,
            operation="social_media_creative",
            outcome=Outcome(
                success="Social Media Creative generated successfully!",
                failure_title="Generation Failed",
                fallback_error="An error occurred while generating your social media content. Please try again.",
            ),
            result="image",
        ),
        Tool(
            slug=SPY_MASTER,
            name="Spy Agent",
            menu_label="Spy Master",
            card_title="Spy Master",
            description="Analyze competitor strategies and winning ads.",
            service_type="spy_master",
            cost=50,
            deadline_seconds=600,
            schema=tool_schemas.SPY_MASTER_SCHEMA,
            submit_label="Start Spy Analysis",
            busy_label="Analyzing...",
            overlay=SPY_OVERLAY,
            operation="spy",
            outcome=Outcome(
                success="Spy analysis complete!",
                failure_title="Analysis Failed",
                fallback_error="An error occurred while running the spy analysis. Please try again.",
                timeout_error=SPY_TIMEOUT,
            ),
        ),
    ]
}


def get_tool(slug: str) -> Tool:
    try:
        return TOOLS[slug]
    except KeyError:
        raise Http404("No such tool") from None


# For a generation whose tool or step is no longer in the registry.
GENERIC_ERROR = "An error occurred. Please try again."


def _outcome(slug: str, step: str) -> Outcome | None:
    tool = TOOLS.get(slug)
    try:
        return tool.outcome_for(step) if tool else None
    except UnknownStep:
        return None


def fallback_error_for(slug: str, step: str = "") -> str:
    """A failed run's message when it has none of its own (see Outcome.fallback_error)."""
    outcome = _outcome(slug, step)
    return outcome.fallback_error if outcome else GENERIC_ERROR


def timeout_error_for(slug: str, step: str = "") -> str:
    """A run's message when its deadline passed: the tool's own timeout text, else its fallback."""
    outcome = _outcome(slug, step)
    return (outcome.timeout_error or outcome.fallback_error) if outcome else GENERIC_ERROR
