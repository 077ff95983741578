"""The six tools: one record each. Tools differ in data, not in code paths."""

from dataclasses import dataclass, field

from django.http import Http404

from services import tool_schemas
from services.schema import StepSchemas, ToolSchema


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
class Step:
    """One submit of a multi-step tool (Meta Ads Full): its own cost, labels and overlay."""

    cost: int
    submit_label: str
    busy_label: str
    overlay: Overlay
    operation: str  # the engine method that runs this step (see Tool.operation)


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
    # (inputs, assets). A multi-step tool names one per step instead.
    operation: str = ""

    def __post_init__(self):
        if bool(self.operation) == bool(self.steps):
            raise ValueError(f"Tool {self.slug!r} needs an operation, or steps that each name one")

    @property
    def path(self) -> str:
        return f"/services/{self.slug}"

    def cost_for(self, step: str = "") -> int:
        """Credits one submit costs; a multi-step tool prices each step."""
        if self.steps:
            return self.steps[step].cost
        return self.cost

    def operation_for(self, step: str = "") -> str:
        """The engine operation one submit runs; a multi-step tool has one per step (a single-step
        tool ignores `step`, as cost_for does)."""
        if not self.steps:
            return self.operation
        try:
            return self.steps[step].operation
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
                    "schema": self.schema.steps[name].as_props(),
                }
                for name, step in self.steps.items()
            }
        else:
            props.update(
                submitLabel=self.submit_label,
                busyLabel=self.busy_label,
                overlay=self.overlay.as_props() if self.overlay else None,
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
        ),
        Tool(
            slug="meta-ads-full",
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
                "scrape": Step(0, "Scrape Site", "Scraping...", SCRAPE_OVERLAY, operation="scrape"),
                "copy": Step(
                    50,
                    "Generate Meta Copy",
                    "Generating Copy...",
                    META_FULL_COPY_OVERLAY,
                    operation="meta_copy_full",
                ),
                "creative": Step(
                    50,
                    "Generate Meta Creative",
                    "Generating Creative...",
                    META_CREATIVE_OVERLAY,
                    operation="meta_creative_full",
                ),
            },
        ),
        Tool(
            slug="social-media-copy",
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
        ),
        Tool(
            slug="spy-master",
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
        ),
    ]
}


def get_tool(slug: str) -> Tool:
    try:
        return TOOLS[slug]
    except KeyError:
        raise Http404("No such tool") from None


# The documented fallback texts (spec 001 §8), per tool and Meta Ads Full step: what a failure
# shows when it has no message of its own, and instead of an upstream service's own error text
# (an operator's problem — a quota, a key — which is logged, not shown).
FALLBACK_ERRORS = {
    ("meta-copy", ""): "An error occurred while generating your META copy. Please try again.",
    ("meta-creative", ""): "An error occurred while generating your Meta creative. Please try again.",
    ("meta-ads-full", "scrape"): "An error occurred while scraping the website. Please try again.",
    ("meta-ads-full", "copy"): "Failed to generate Meta Copy. Please try again.",
    ("meta-ads-full", "creative"): "Failed to generate Meta Creative. Please try again.",
    ("social-media-copy", ""): "An error occurred while generating your social media copy. Please try again.",
    (
        "social-media-creative",
        "",
    ): "An error occurred while generating your social media content. Please try again.",
    ("spy-master", ""): "An error occurred while running the spy analysis. Please try again.",
}
GENERIC_ERROR = "An error occurred. Please try again."


def fallback_error_for(slug: str, step: str = "") -> str:
    return FALLBACK_ERRORS.get((slug, step), GENERIC_ERROR)
