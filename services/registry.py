"""The six tools: one record each. Tools differ in data, not in code paths."""

from dataclasses import dataclass, field

from django.http import Http404


@dataclass(frozen=True)
class Tool:
    slug: str  # URL segment and API id
    name: str  # page title
    menu_label: str  # sidebar label
    card_title: str  # landing and dashboard cards
    description: str
    service_type: str  # canonical underscore spelling, written to history
    cost: int  # credits per use (Meta Ads Full: per paid step; its scrape is free)
    deadline_seconds: int = 300
    on_dashboard: bool = True
    schema: object = field(default=None, compare=False)  # services.schema.ToolSchema (filled in by the engines work)

    @property
    def path(self) -> str:
        return f"/services/{self.slug}"


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
        ),
        Tool(
            slug="meta-creative",
            name="Meta Creative Generator",
            menu_label="META Creative",
            card_title="Meta Creative",
            description="Create Meta ad visuals from website content.",
            service_type="meta_creative",
            cost=80,
        ),
        Tool(
            slug="meta-ads-full",
            name="Meta Ads Full",
            menu_label="META Ads Full",
            card_title="Meta Ads Full",
            description="Complete Meta ads generation with website analysis.",
            service_type="meta_ads_full",
            cost=50,
            on_dashboard=False,
        ),
        Tool(
            slug="social-media-copy",
            name="Social Media Copy Generator",
            menu_label="Social Media Copy",
            card_title="Social Media Copy",
            description="Social copy for any platform.",
            service_type="social_media_copy",
            cost=20,
        ),
        Tool(
            slug="social-media-creative",
            name="Social Media Creative Generator",
            menu_label="Social Media Creative",
            card_title="Social Media Creative",
            description="Social creatives, designed for you.",
            service_type="social_media_creative",
            cost=80,
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
        ),
    ]
}


def get_tool(slug: str) -> Tool:
    try:
        return TOOLS[slug]
    except KeyError:
        raise Http404("No such tool") from None
