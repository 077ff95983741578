"""The OpenAI-compatible engine: any API that speaks /chat/completions and /images/*, over plain
HTTP through config.outbound (no SDK: one HTTP seam, one set of limits, testable against a local
server).

Text comes back as strict JSON-schema output, so a reply either fits the normalized shape or fails
loudly. Creatives use /images/generations, or /images/edits with the product image and logo as
reference images when the user gave them. Spy reads the Meta Ad Library (ads_archive) and asks the
model to analyse those real ads; snapshot links come from Meta (token stripped), never the model.
"""

import json
import logging
from typing import Any

from django.conf import settings

from config import outbound
from services.engines.base import Assets, EngineError, EngineResult, run_operation
from services.engines.images import png_from_reference, read_input_image
from services.engines.meta_ad_library import SPY_FAILED, clean_snapshot_url, search_ads_archive
from services.engines.outputs import (
    MAX_VARIATIONS,
    NO_FULL_IMAGE,
    NO_FULL_VARIATIONS,
    NO_IMAGE,
    NO_VARIATIONS,
    SCRAPE_FAILED,
    SOCIAL_COPY_FAILED,
    copy_variation,
    scrape_report_text,
)
from services.engines.page_text import fetch_page, page_report
from services.engines.replies import excerpt, for_log
from services.registry import fallback_error_for

logger = logging.getLogger(__name__)

REPLY_MAX_BYTES = 40 * 1024 * 1024
NOT_CONFIGURED = "The AI service is not configured. Please try again later."
TIMED_OUT = "The AI service did not answer in time. Please try again."
UNREACHABLE = "The AI service could not be reached. Please try again."
DECLINED = "The AI service declined the request"
# The images API's error codes for a prompt or reference image its safety system refuses
# (gpt-image-*: moderation_blocked; DALL·E: content_policy_violation). The same inputs are refused
# every time, so the user is told to change them, not to try again.
IMAGE_REFUSAL_CODES = {"moderation_blocked", "content_policy_violation"}
IMAGE_REFUSED = (
    f"{DECLINED}: its safety system does not allow this image. Please change the texts or images you gave."
)
NO_ADS = "No ads were found for this search. Try another search term, country or date."
MAX_ADS_FOR_ANALYSIS = 50
CONTENT_POLICY = (
    "Never depict nudity or sexual content, violence or gore (guns, blood, fighting), drugs or illegal "
    "substances, hate, harassment or discrimination, self-harm, or shocking or disturbing material."
)


def _object(properties: dict) -> dict:
    """A strict JSON-schema object: every property required, nothing else allowed."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


STRING = {"type": "string"}
VARIATIONS_SCHEMA = _object(
    {
        "variations": {
            "type": "array",
            "items": _object({"headline": STRING, "description": STRING, "primaryText": STRING}),
        }
    }
)
SOCIAL_COPY_SCHEMA = _object({"socialMediaCopy": STRING})
REPORT_SCHEMA = _object({"report": STRING})
SPY_SCHEMA = _object(
    {
        "generalAnalysis": STRING,
        "topAds": {"type": "array", "items": _object({"adId": STRING, "analysis": STRING})},
    }
)

COPYWRITER = (
    "You are an expert direct-response copywriter for Meta (Facebook and Instagram) ads. Write copy that is "
    "specific to the product, truthful (no invented claims, prices or guarantees), and ready to paste into "
    "Ads Manager. Headlines stay under 40 characters; descriptions under 30 characters."
)
LENGTH_GUIDE = {
    "short": "about 1-2 sentences (under 125 characters)",
    "medium": "about 3-4 sentences",
    "long": "about 5-8 sentences",
    "middle": "about 3-5 sentences",
}
STRUCTURE_GUIDE = {
    "AIDA": "AIDA (Attention, Interest, Desire, Action)",
    "PAS": "PAS (Problem, Agitate, Solution)",
    "FAB": "FAB (Features, Advantages, Benefits)",
    "PPPP": "PPPP (Picture, Promise, Prove, Push)",
    "Generic": "a clear, persuasive structure of your choice",
}


def _lines(pairs: list[tuple[str, Any]]) -> str:
    return "\n".join(f"{label}: {value}" for label, value in pairs if value not in (None, ""))


class OpenAIEngine:
    name = "openai"

    def run(self, *, tool, step: str, inputs: dict, user_id: str, assets) -> EngineResult:
        if not settings.OPENAI_API_KEY:
            logger.error("GENERATION_ENGINE is openai but OPENAI_API_KEY is not set")
            raise EngineError(NOT_CONFIGURED)
        self.timeout = float(min(settings.OPENAI_TIMEOUT_SECONDS, tool.deadline_seconds))
        self.user_id = user_id
        # What the user sees when the API refuses a call: its own error text (a quota, a key, a
        # model name) is the operator's to read in the log, not the user's.
        self.fallback = fallback_error_for(tool.slug, step)
        return run_operation(self, tool=tool, step=step, inputs=inputs, assets=assets)

    # --- copy --------------------------------------------------------------------------------------
    def meta_copy(self, inputs: dict, assets: Assets) -> EngineResult:
        versions = int(inputs.get("versions") or 3)
        prompt = "\n\n".join(
            [
                f"Write {versions} distinct Meta ad variations in {inputs.get('language') or 'English'}.",
                f"Structure each primary text with {STRUCTURE_GUIDE.get(inputs.get('copyStructure'), STRUCTURE_GUIDE['Generic'])}; "
                f"primary text length: {LENGTH_GUIDE.get(str(inputs.get('copyLength')).lower(), LENGTH_GUIDE['medium'])}.",
                _lines(
                    [
                        ("Niche", inputs.get("niche")),
                        ("Brand", inputs.get("brand")),
                        ("Product or service", inputs.get("productService")),
                        ("Target audience", inputs.get("targetAudience")),
                        ("Product description", inputs.get("productDescription")),
                        ("Benefits", inputs.get("productBenefits")),
                        ("Offer", inputs.get("offer")),
                        ("Must include", inputs.get("mustInclude")),
                        ("Must avoid", inputs.get("mustAvoid")),
                    ]
                ),
            ]
        )
        data = self.chat(COPYWRITER, prompt, "meta_copy_variations", VARIATIONS_SCHEMA)
        return self.result({"variations": self.variations(data, versions, NO_VARIATIONS)})

    def meta_copy_full(self, inputs: dict, assets: Assets) -> EngineResult:
        versions = int(inputs.get("versions") or 3)
        prompt = "\n\n".join(
            [
                f"Write {versions} distinct Meta ad variations in {inputs.get('language') or 'English'} for the business "
                "described by this website analysis.",
                f"Primary text length: {LENGTH_GUIDE.get(str(inputs.get('length')).lower(), LENGTH_GUIDE['medium'])}.",
                "Website analysis:\n" + scrape_report_text(inputs.get("scrapeData") or {}),
            ]
        )
        data = self.chat(COPYWRITER, prompt, "meta_copy_variations", VARIATIONS_SCHEMA)
        return self.result({"variations": self.variations(data, versions, NO_FULL_VARIATIONS)})

    def social_media_copy(self, inputs: dict, assets: Assets) -> EngineResult:
        system = (
            "You are a social media copywriter. Write one ready-to-post caption in the platform's native style, "
            "with a strong hook, a clear call to action and relevant hashtags. Do not invent facts."
        )
        prompt = "\n\n".join(
            [
                f"Write a {inputs.get('platform') or 'Instagram'} post in {inputs.get('language') or 'English'}; "
                f"length: {LENGTH_GUIDE.get(str(inputs.get('copyLength')).lower(), LENGTH_GUIDE['middle'])}.",
                _lines(
                    [
                        ("Niche", inputs.get("niche")),
                        ("Product", inputs.get("productName")),
                        ("Description", inputs.get("productDescription")),
                        ("Audience", inputs.get("audience")),
                        ("Theme", inputs.get("copyTheme")),
                        ("Tone of voice", inputs.get("toneOfVoice")),
                        ("Must include", inputs.get("mustInclude")),
                        ("Must avoid", inputs.get("mustAvoid")),
                    ]
                ),
            ]
        )
        data = self.chat(system, prompt, "social_media_copy", SOCIAL_COPY_SCHEMA)
        text = str(data.get("socialMediaCopy") or "").strip()
        if not text:
            raise EngineError(SOCIAL_COPY_FAILED)
        return self.result({"socialMediaCopy": text})

    # --- scrape ------------------------------------------------------------------------------------
    def scrape(self, inputs: dict, assets: Assets) -> EngineResult:
        page = fetch_page(inputs["websiteUrl"])
        system = (
            "You are a marketing analyst. From a website's text, write a concise analysis a copywriter can use: "
            "what is sold, to whom, the key benefits and proof points, the offers, the brand's tone, and the "
            "strongest angles for Meta ads. Use only what the text supports."
        )
        prompt = f"The site is a {inputs.get('type') or 'business'}.\n\n{page_report(page, site_type=inputs.get('type', ''))}"
        data = self.chat(system, prompt, "website_analysis", REPORT_SCHEMA)
        report = str(data.get("report") or "").strip()
        if not report:
            raise EngineError(SCRAPE_FAILED)
        return self.result(
            {"report": report, "websiteUrl": inputs["websiteUrl"], "type": inputs.get("type", "")}
        )

    # --- creatives ---------------------------------------------------------------------------------
    def meta_creative(self, inputs: dict, assets: Assets) -> EngineResult:
        prompt = " ".join(
            [
                f"A {inputs.get('creativeType') or 'Product Focus'} Meta ad creative for {inputs.get('productName')}"
                f" ({inputs.get('niche')}): {inputs.get('productDescription')}.",
                f"Benefits to convey: {inputs.get('productBenefits')}.",
                f"Audience: {inputs.get('audience')}." if inputs.get("audience") else "",
                f"Visual theme: {inputs.get('visualTheme')}. Composition: {inputs.get('visualComposition')}.",
                f"Brand colours: {inputs.get('primaryColor')} and {inputs.get('secondaryColor')}.",
                f"Any text in the image is in {inputs.get('language') or 'English'}.",
                f"Must include: {inputs.get('mustInclude')}." if inputs.get("mustInclude") else "",
                f"Must avoid: {inputs.get('mustAvoid')}." if inputs.get("mustAvoid") else "",
                CONTENT_POLICY,
            ]
        )
        references = [
            read_input_image(inputs, assets, "productImageUrl", what="product image"),
            read_input_image(inputs, assets, "logoUrl", what="logo"),
        ]
        return self.image_result(self.image(prompt, "1024x1024", references, NO_IMAGE))

    def meta_creative_full(self, inputs: dict, assets: Assets) -> EngineResult:
        product = read_input_image(inputs, assets, "productImage", "productImageUrl", what="product image")
        if product is None:
            raise EngineError("Please provide a product image (upload or URL)")
        logo = read_input_image(inputs, assets, "logo", "logoUrl", what="logo")
        report = scrape_report_text(inputs.get("scrapeData") or {})[:3000]
        prompt = " ".join(
            [
                "A scroll-stopping Meta ad creative featuring the product in the first reference image"
                + (", with the logo from the second reference image." if logo else "."),
                f"Any text in the image is in {inputs.get('creativeLanguage') or 'English'}.",
                f"The business, from its website: {report}",
                CONTENT_POLICY,
            ]
        )
        return self.image_result(self.image(prompt, "1024x1024", [product, logo], NO_FULL_IMAGE))

    def social_media_creative(self, inputs: dict, assets: Assets) -> EngineResult:
        headline = {
            "Custom": f"Headline text, exactly: “{inputs.get('customHeadline', '')}”"
            + (f" in {inputs['headlineColor']}." if inputs.get("headlineColor") else "."),
            "No Headline": "No headline text.",
        }.get(inputs.get("headlineOptions"), "A short, catchy headline that fits the product.")
        sub_headline = {
            "Custom": f"Sub-headline text, exactly: “{inputs.get('customSubHeadline', '')}”"
            + (f" in {inputs['subHeadlineColor']}." if inputs.get("subHeadlineColor") else "."),
            "No Sub-Headline": "No sub-headline text.",
        }.get(inputs.get("subHeadlineOptions"), "A short supporting sub-headline.")
        colours = [inputs.get("colorPrimaryTheme"), inputs.get("colorSecondaryTheme")]
        prompt = " ".join(
            [
                "A polished social media ad creative featuring the product in the first reference image.",
                f"Niche: {inputs.get('niche')}." if inputs.get("niche") else "",
                headline,
                sub_headline,
                f"Colour theme: {' and '.join(c for c in colours if c)}." if any(colours) else "",
                f"Visual theme: {inputs.get('visualTheme')}." if inputs.get("visualTheme") else "",
                f"Composition: {inputs.get('visualComposition')}." if inputs.get("visualComposition") else "",
                f"Must include: {inputs.get('mustInclude')}." if inputs.get("mustInclude") else "",
                f"Must avoid: {inputs.get('mustAvoid')}." if inputs.get("mustAvoid") else "",
                CONTENT_POLICY,
            ]
        )
        references = [
            read_input_image(inputs, assets, "productImageUpload", "productImageUrl", what="product image"),
            read_input_image(inputs, assets, "logoUpload", "logoImageUrl", what="logo"),
        ]
        size = inputs.get("format") or "1024x1024"
        return self.image_result(self.image(prompt, size, references, NO_IMAGE))

    # --- spy ---------------------------------------------------------------------------------------
    def spy(self, inputs: dict, assets: Assets) -> EngineResult:
        ads = search_ads_archive(inputs, timeout=min(self.timeout, 60.0))
        if not ads:
            raise EngineError(NO_ADS)
        compact = [
            {
                "adId": str(ad.get("id", "")),
                "page": ad.get("page_name", ""),
                "started": ad.get("ad_delivery_start_time", ""),
                "stopped": ad.get("ad_delivery_stop_time", ""),
                "platforms": ad.get("publisher_platforms", []),
                "bodies": [str(b)[:500] for b in (ad.get("ad_creative_bodies") or [])[:2]],
                "titles": (ad.get("ad_creative_link_titles") or [])[:2],
                "descriptions": (ad.get("ad_creative_link_descriptions") or [])[:2],
            }
            for ad in ads[:MAX_ADS_FOR_ANALYSIS]
        ]
        system = (
            "You are a competitive intelligence analyst for paid social. Analyse the competitor ads you are given: "
            "the common hooks, offers, angles and formats, and what a new advertiser should do differently. Then pick "
            "the five ads most likely to be performing best (long-running ads usually are) and explain why each works. "
            "Refer to ads only by their adId."
        )
        prompt = (
            f"Search term: {inputs.get('searchTerm')}; country: {inputs.get('country')}; "
            f"platform: {inputs.get('platforms')}.\n\nAds (JSON):\n{json.dumps(compact, ensure_ascii=False)}"
        )
        data = self.chat(system, prompt, "spy_analysis", SPY_SCHEMA)
        snapshots = {
            str(ad.get("id", "")): clean_snapshot_url(str(ad.get("ad_snapshot_url") or "")) for ad in ads
        }
        top_ads = []
        for item in data.get("topAds") or []:
            analysis = str(item.get("analysis") or "").strip()
            if not analysis:
                continue
            top_ads.append(
                {
                    "rank": len(top_ads) + 1,
                    "analysis": analysis,
                    "snapshotUrl": snapshots.get(str(item.get("adId")), ""),
                }
            )
            if len(top_ads) == 5:
                break
        general = str(data.get("generalAnalysis") or "").strip()
        if not general and not top_ads:
            raise EngineError(SPY_FAILED)
        return self.result({"generalAnalysis": general, "topAds": top_ads, "demo": False})

    # --- the two API calls -------------------------------------------------------------------------
    def chat(self, system: str, prompt: str, schema_name: str, schema: dict) -> dict:
        body = {
            "model": settings.OPENAI_TEXT_MODEL,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "strict": True, "schema": schema},
            },
        }
        reply = self.call("/chat/completions", json_body=body)
        try:
            message = reply["choices"][0]["message"]
        except (KeyError, IndexError, TypeError):
            raise EngineError("The AI service returned an unexpected reply.") from None
        if message.get("refusal"):
            # The model's own words, as an excerpt: it is a reply like any other.
            refusal = excerpt(str(message["refusal"]))
            logger.info("The AI service declined a request: %s", for_log(str(message["refusal"])))
            raise EngineError(f"{DECLINED}: {refusal}" if refusal else f"{DECLINED}.")
        if reply["choices"][0].get("finish_reason") == "length":
            raise EngineError("The AI service's answer was cut off. Please try again.", retryable=True)
        try:
            data = json.loads(message.get("content") or "")
        except ValueError:
            raise EngineError("The AI service returned an unexpected reply.", retryable=True) from None
        if not isinstance(data, dict):
            raise EngineError("The AI service returned an unexpected reply.", retryable=True)
        return data

    def image(self, prompt: str, size: str, references: list[bytes | None], no_image_message: str) -> bytes:
        references = [image for image in references if image]
        if references:
            fields: list[tuple[str, Any]] = [
                ("model", settings.OPENAI_IMAGE_MODEL),
                ("prompt", prompt),
                ("size", size),
                ("n", "1"),
            ]
            fields += [
                ("image[]", (f"reference-{i}.png", data, "image/png")) for i, data in enumerate(references, 1)
            ]
            body, content_type = outbound.encode_multipart(fields)
            reply = self.call("/images/edits", body=body, content_type=content_type)
        else:
            reply = self.call(
                "/images/generations",
                json_body={"model": settings.OPENAI_IMAGE_MODEL, "prompt": prompt, "size": size, "n": 1},
            )
        item = (reply.get("data") or [None])[0] if isinstance(reply.get("data"), list) else None
        if not isinstance(item, dict):
            raise EngineError(no_image_message)
        reference = item.get("b64_json") or item.get("url") or ""
        if not reference:
            raise EngineError(no_image_message)
        if not reference.startswith("http"):
            reference = f"data:image/png;base64,{reference}"
        return png_from_reference(reference, no_image_message=no_image_message)

    def call(
        self, path: str, *, json_body: dict | None = None, body: bytes | None = None, content_type: str = ""
    ) -> dict:
        url = f"{settings.OPENAI_BASE_URL.rstrip('/')}{path}"
        headers = {"Authorization": f"Bearer {settings.OPENAI_API_KEY}", "Accept": "application/json"}
        if content_type:
            headers["Content-Type"] = content_type
        try:
            response = outbound.fetch(
                url,
                method="POST",
                json=json_body,
                body=body,
                headers=headers,
                timeout=self.timeout,
                max_bytes=REPLY_MAX_BYTES,
                user_supplied=False,
            )
        except outbound.OutboundError as exc:
            if exc.kind == "timeout":
                raise EngineError(TIMED_OUT, retryable=True) from None
            if exc.kind == "connection":
                raise EngineError(UNREACHABLE, retryable=True) from None
            # OPENAI_BASE_URL refused (a blocked address, TLS, a reply too large): ours to fix.
            logger.warning("The AI service call to %s failed: %s", path, exc.message)
            raise EngineError(self.fallback) from None
        try:
            payload = response.json()
        except ValueError:
            payload = None
        if not response.ok:
            message = code = ""
            if isinstance(payload, dict) and isinstance(payload.get("error"), dict):
                message = str(payload["error"].get("message") or "")
                code = str(payload["error"].get("code") or "")
            logger.warning(
                "The AI service answered %s %s to %s: %s",
                response.status,
                response.reason,
                path,
                for_log(message) if message else f"(no error message) {for_log(response.text)}".strip(),
            )
            if path.startswith("/images/") and code in IMAGE_REFUSAL_CODES:
                raise EngineError(IMAGE_REFUSED)
            raise EngineError(self.fallback, retryable=response.status >= 500 or response.status == 429)
        if not isinstance(payload, dict):
            raise EngineError("The AI service returned an unexpected reply.", retryable=True)
        return payload

    # --- shaping -----------------------------------------------------------------------------------
    def variations(self, data: dict, versions: int, empty_message: str) -> list[dict]:
        variations = []
        for item in data.get("variations") or []:
            if not isinstance(item, dict):
                continue
            texts = {
                key: str(item.get(key) or "").strip() for key in ("headline", "description", "primaryText")
            }
            if variation := copy_variation(**texts):
                variations.append(variation)
        if not variations:
            raise EngineError(empty_message)
        return variations[: max(1, min(versions, MAX_VARIATIONS))]

    def result(self, output: dict) -> EngineResult:
        return EngineResult(output={**output, "engine": self.name})

    def image_result(self, png: bytes) -> EngineResult:
        return EngineResult(output={"engine": self.name}, image=png)
