"""The demo engine (the default): offline and deterministic, yet useful.

Copy is written from the user's own inputs with the chosen framework; creatives are composed with
Pillow from their product image, logo and colours; the scrape step really fetches and reads the
website; Spy returns a sample that says plainly that it is demo data. Every output says
"engine": "demo" so the UI can label it.
"""

import hashlib
import json

from services.engines import demo_copy as copy
from services.engines.base import Assets, EngineError, EngineResult, run_operation
from services.engines.demo_creative import CreativeSpec, compose_creative
from services.engines.images import read_input_image
from services.engines.page_text import fetch_page, page_report

DEFAULT_SIZE = (1024, 1024)
DEMO_NOTE = "Demo data: this sample was made by the demo engine, not from real ads."
SOCIAL_HEADLINES = (
    "Made For You",
    "Discover Something New",
    "Your New Favourite",
    "Style Meets Quality",
    "Treat Yourself Today",
)
SOCIAL_SUB_HEADLINES = ("Limited time only", "Shop the collection", "Now available", "Order yours today")


def _seed(inputs: dict) -> str:
    return json.dumps(inputs, sort_keys=True, default=str)


def _pick(options: tuple[str, ...], seed: str) -> str:
    return options[hashlib.sha256(seed.encode()).digest()[0] % len(options)]


def _size(value: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in str(value).lower().split("x"))
    except ValueError:
        return DEFAULT_SIZE
    return width, height


class DemoEngine:
    name = "demo"

    def run(self, *, tool, step: str, inputs: dict, user_id: str, assets) -> EngineResult:
        return run_operation(self, tool=tool, step=step, inputs=inputs, assets=assets)

    # --- copy --------------------------------------------------------------------------------------
    def meta_copy(self, inputs: dict, assets: Assets) -> EngineResult:
        variations = copy.meta_copy_variations(
            copy.meta_copy_brief(inputs),
            structure=inputs.get("copyStructure") or "AIDA",
            length=inputs.get("copyLength") or "medium",
            versions=inputs.get("versions") or 3,
        )
        return self.result({"variations": variations})

    def meta_copy_full(self, inputs: dict, assets: Assets) -> EngineResult:
        brief = copy.brief_from_scrape(inputs.get("scrapeData") or {})
        versions = int(inputs.get("versions") or 3)
        # Each version tries another framework, so the user gets real alternatives.
        variations = [
            copy.meta_copy_variation(
                brief, structure=copy.STRUCTURES[v], length=inputs.get("length") or "Medium", version=v
            )
            for v in range(max(1, min(versions, 5)))
        ]
        return self.result({"variations": variations})

    def social_media_copy(self, inputs: dict, assets: Assets) -> EngineResult:
        return self.result({"socialMediaCopy": copy.social_media_copy(inputs)})

    # --- creatives ---------------------------------------------------------------------------------
    def meta_creative(self, inputs: dict, assets: Assets) -> EngineResult:
        benefits = copy.split_benefits(inputs.get("productBenefits", ""))
        spec = CreativeSpec(
            *DEFAULT_SIZE,
            primary=inputs.get("primaryColor") or "#59F7FF",
            secondary=inputs.get("secondaryColor") or "#FF6B9D",
            headline=copy.shorten(inputs.get("productName", ""), 60),
            sub_headline=copy.shorten(copy.capitalised(benefits[0]) if benefits else "", 70),
            call_to_action="Shop Now",
            product=read_input_image(inputs, assets, "productImageUrl", what="product image"),
            logo=read_input_image(inputs, assets, "logoUrl", what="logo"),
            seed=_seed(inputs),
        )
        return self.image_result(compose_creative(spec))

    def meta_creative_full(self, inputs: dict, assets: Assets) -> EngineResult:
        brief = copy.brief_from_scrape(inputs.get("scrapeData") or {})
        product = read_input_image(inputs, assets, "productImage", "productImageUrl", what="product image")
        if product is None:
            raise EngineError("Please provide a product image (upload or URL)")
        spec = CreativeSpec(
            *DEFAULT_SIZE,
            primary="#59F7FF",
            secondary="#8B5CF6",
            headline=copy.shorten(brief.brand, 50),
            sub_headline=copy.shorten(
                copy.capitalised(brief.benefit if brief.benefits else brief.product or brief.description), 70
            ),
            call_to_action="Learn More",
            product=product,
            logo=read_input_image(inputs, assets, "logo", "logoUrl", what="logo"),
            seed=_seed(inputs),
        )
        return self.image_result(compose_creative(spec))

    def social_media_creative(self, inputs: dict, assets: Assets) -> EngineResult:
        seed = _seed(inputs)
        headline = {
            "Custom": inputs.get("customHeadline", ""),
            "No Headline": "",
        }.get(inputs.get("headlineOptions"), _pick(SOCIAL_HEADLINES, seed))
        sub_headline = {
            "Custom": inputs.get("customSubHeadline", ""),
            "No Sub-Headline": "",
        }.get(inputs.get("subHeadlineOptions"), _pick(SOCIAL_SUB_HEADLINES, seed + "sub"))
        spec = CreativeSpec(
            *_size(inputs.get("format") or "1024x1024"),
            primary=inputs.get("colorPrimaryTheme") or "#EC4899",
            secondary=inputs.get("colorSecondaryTheme") or "#8B5CF6",
            headline=headline,
            sub_headline=sub_headline,
            headline_color=inputs.get("headlineColor", ""),
            sub_headline_color=inputs.get("subHeadlineColor", ""),
            product=read_input_image(
                inputs, assets, "productImageUpload", "productImageUrl", what="product image"
            ),
            logo=read_input_image(inputs, assets, "logoUpload", "logoImageUrl", what="logo"),
            seed=seed,
        )
        return self.image_result(compose_creative(spec))

    # --- scrape and spy ----------------------------------------------------------------------------
    def scrape(self, inputs: dict, assets: Assets) -> EngineResult:
        page = fetch_page(inputs["websiteUrl"])
        report = page_report(page, site_type=inputs.get("type", ""))
        return self.result(
            {"report": report, "websiteUrl": inputs["websiteUrl"], "type": inputs.get("type", "")}
        )

    def spy(self, inputs: dict, assets: Assets) -> EngineResult:
        term = copy.squash(inputs.get("searchTerm")) or "your market"
        platform = str(inputs.get("platforms") or "FACEBOOK").replace("_", " ").title()
        angles = (
            ("a limited-time discount", "urgency converts browsers into buyers"),
            ("customer testimonials", "social proof lowers the risk of a first purchase"),
            ("a before-and-after story", "a visible transformation is easy to believe"),
            (
                "a short product demo video",
                "showing the product in use answers questions before they are asked",
            ),
            ("a bundle offer", "a higher perceived value lifts the average order"),
        )
        top_ads = [
            {
                "rank": rank,
                "analysis": (
                    f"{DEMO_NOTE} Sample ad #{rank} for “{term}” on {platform} leads with {angle}; "
                    f"it would perform because {reason}."
                ),
                "snapshotUrl": "",
            }
            for rank, (angle, reason) in enumerate(angles, start=1)
        ]
        general = (
            f"{DEMO_NOTE} Connect the openai engine with a Meta access token, or the webhook engine, for a real "
            f"analysis. In a real run, this section summarises how advertisers for “{term}” position their offers "
            f"in {inputs.get('country') or 'ALL'}: the hooks they repeat, the offers they use, and the gaps you can "
            "take."
        )
        return self.result({"generalAnalysis": general, "topAds": top_ads, "demo": True})

    # --- plumbing ----------------------------------------------------------------------------------
    def result(self, output: dict) -> EngineResult:
        return EngineResult(output={**output, "engine": self.name})

    def image_result(self, png: bytes) -> EngineResult:
        return EngineResult(output={"engine": self.name}, image=png)
