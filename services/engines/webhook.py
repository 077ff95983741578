"""The automation-webhook engine: the documented contract (spec 001 §7), byte for byte.

Every call is a JSON POST to WEBHOOK_BASE_URL + its path, carrying userId and an ISO timestamp;
the replies go through the tolerant parsers in webhook_parsers.py. The base URL is the operator's
own service (often n8n on a private network), so it is not held to the public-address check; images
named in a reply are (config.outbound, user_supplied=True).
"""

import logging
from datetime import UTC, datetime

from django.conf import settings

from config import outbound
from services.engines import webhook_parsers as parse
from services.engines.base import Assets, EngineError, EngineResult, run_operation
from services.engines.images import image_for_webhook, png_from_reference
from services.engines.meta_ad_library import NETWORK_FAILED, meta_spy_values
from services.engines.outputs import NO_FULL_IMAGE, NO_FULL_VARIATIONS, NO_IMAGE
from services.engines.replies import for_log
from services.registry import SPY_MASTER, timeout_error_for

logger = logging.getLogger(__name__)

# Paths under WEBHOOK_BASE_URL; each is overridable by the setting WEBHOOK_PATH_<NAME>. The
# documents give meta-copy, meta-creative and spy-agent; the others follow the same style.
DEFAULT_PATHS = {
    "META_COPY": "meta-copy",
    "META_CREATIVE": "meta-creative",
    "META_ADS_FULL_SCRAPE": "meta-ads-full-scrape",
    "META_COPY_FULL": "meta-copy-full",
    "META_CREATIVE_FULL": "meta-creative-full",
    "SOCIAL_MEDIA_COPY": "social-media-copy",
    "SOCIAL_MEDIA_CREATIVE": "social-media-creative",
    "SPY_AGENT": "spy-agent",
}
SPY_FIELDS = (
    "searchTerm",
    "adsStartedBefore",
    "country",
    "adType",
    "language",
    "adsAmount",
    "platforms",
    "mediaType",
)
NOT_CONFIGURED = "The generation service is not configured. Please try again later."
# Replies may carry a base64 image of a few megabytes.
REPLY_MAX_BYTES = 40 * 1024 * 1024
# Values the job adds to the inputs that are not form fields.
NOT_FORM_FIELDS = {"step", "scrapeId", "scrapeData"}


def iso_timestamp() -> str:
    """As the browser's Date.toISOString() wrote it: UTC, milliseconds, 'Z'."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def webhook_url(name: str) -> str:
    base = (settings.WEBHOOK_BASE_URL or "").strip()
    if not base:
        logger.error("GENERATION_ENGINE is webhook but WEBHOOK_BASE_URL is not set")
        raise EngineError(NOT_CONFIGURED)
    path = getattr(settings, f"WEBHOOK_PATH_{name}", "") or DEFAULT_PATHS[name]
    return f"{base.rstrip('/')}/{path.lstrip('/')}"


def content_type(response: outbound.Response) -> str:
    return response.headers.get("content-type", "")


def form_fields(inputs: dict) -> dict:
    return {key: value for key, value in inputs.items() if key not in NOT_FORM_FIELDS}


class WebhookEngine:
    name = "webhook"

    def run(self, *, tool, step: str, inputs: dict, user_id: str, assets) -> EngineResult:
        # A call may not outlast the run's deadline: past it the generation is failed and refunded
        # (services.actions.Heartbeat), so a later answer would be discarded anyway.
        self.deadline_seconds = tool.deadline_seconds
        self.timeout = float(min(settings.WEBHOOK_TIMEOUT_SECONDS, self.deadline_seconds))
        self.user_id = user_id or "anonymous"
        return run_operation(self, tool=tool, step=step, inputs=inputs, assets=assets)

    # --- the calls --------------------------------------------------------------------------------
    def meta_copy(self, inputs: dict, assets: Assets) -> EngineResult:
        body = self.form_body(inputs, assets, event="meta_copy_generation", service="meta_copy")
        data = self.post_json("META_COPY", body)
        return self.result(parse.parse_meta_copy_response(data))

    def meta_creative(self, inputs: dict, assets: Assets) -> EngineResult:
        body = self.form_body(
            inputs,
            assets,
            event="meta_creative_generation",
            service="meta_creative",
            images=("logoUrl", "productImageUrl"),
        )
        data = self.post_json("META_CREATIVE", body)
        reference = parse.find_meta_creative_image(data)
        return self.image_result(png_from_reference(reference, no_image_message=NO_IMAGE))

    def scrape(self, inputs: dict, assets: Assets) -> EngineResult:
        body = {
            "type": inputs["type"],
            "websiteUrl": inputs["websiteUrl"],
            "userId": self.user_id,
            "timestamp": iso_timestamp(),
        }
        data = self.post_json("META_ADS_FULL_SCRAPE", body)
        output = parse.parse_scrape_response(data)
        return self.result({**output, "websiteUrl": inputs["websiteUrl"], "type": inputs["type"]})

    def meta_copy_full(self, inputs: dict, assets: Assets) -> EngineResult:
        body = {
            "userId": self.user_id,
            "event": "meta_copy_full_generation",
            "scrapeData": parse.scrape_data_for_webhook(inputs.get("scrapeData") or {}),
            "language": inputs["language"],
            "length": inputs["length"],
            "versions": inputs["versions"],
            "timestamp": iso_timestamp(),
        }
        data = self.post_json("META_COPY_FULL", body)
        return self.result(parse.parse_meta_copy_response(data, empty_message=NO_FULL_VARIATIONS))

    def meta_creative_full(self, inputs: dict, assets: Assets) -> EngineResult:
        body = {
            "userId": self.user_id,
            "event": "meta_creative_full_generation",
            "report": parse.scrape_data_for_webhook(inputs.get("scrapeData") or {}),
            "productImage": image_for_webhook(
                inputs.get("productImage") or inputs.get("productImageUrl", ""), assets
            ),
            "logo": image_for_webhook(inputs.get("logo") or inputs.get("logoUrl", ""), assets),
            "language": inputs["creativeLanguage"],
            "timestamp": iso_timestamp(),
        }
        data = self.post_json("META_CREATIVE_FULL", body, tolerate_text=True)
        reference = parse.find_full_creative_image(data)
        return self.image_result(png_from_reference(reference, no_image_message=NO_FULL_IMAGE))

    def social_media_copy(self, inputs: dict, assets: Assets) -> EngineResult:
        body = self.form_body(
            inputs, assets, event="social_media_copy_generation", service="social_media_copy"
        )
        data = self.post_json("SOCIAL_MEDIA_COPY", body)
        return self.result(parse.parse_social_copy_response(data))

    def social_media_creative(self, inputs: dict, assets: Assets) -> EngineResult:
        body = self.form_body(
            inputs,
            assets,
            event="social_media_generation",
            service="social_media",
            images=("logoUpload", "productImageUpload", "logoImageUrl", "productImageUrl"),
        )
        data = self.post_json("SOCIAL_MEDIA_CREATIVE", body)
        reference = parse.find_social_creative_image(data)
        return self.image_result(png_from_reference(reference, no_image_message=NO_IMAGE))

    def spy(self, inputs: dict, assets: Assets) -> EngineResult:
        values = meta_spy_values({name: inputs[name] for name in SPY_FIELDS})
        body = {**values, "userId": self.user_id, "timestamp": iso_timestamp()}
        # The documented 10 minutes (WEBHOOK_SPY_TIMEOUT_SECONDS), within Spy's deadline like any call.
        timeout = float(min(settings.WEBHOOK_SPY_TIMEOUT_SECONDS, self.deadline_seconds))
        try:
            response = self.post("SPY_AGENT", body, timeout=timeout, headers={"Connection": "keep-alive"})
        except outbound.OutboundError as exc:
            if exc.kind == "timeout":
                raise EngineError(timeout_error_for(SPY_MASTER), retryable=True) from None
            if exc.kind == "connection":
                raise EngineError(NETWORK_FAILED, retryable=True) from None
            raise EngineError(exc.message or "Unknown error occurred") from None
        if not response.ok:
            self.log_reply("SPY_AGENT", response)
            raise EngineError(
                parse.webhook_error(
                    response.status, response.reason, response.text, content_type=content_type(response)
                ),
                retryable=response.status >= 500,
            )
        data = self.read_json("SPY_AGENT", response)
        return self.result({**parse.parse_spy_response(data), "demo": False})

    # --- plumbing ----------------------------------------------------------------------------------
    def form_body(
        self, inputs: dict, assets: Assets, *, event: str, service: str, images: tuple[str, ...] = ()
    ) -> dict:
        """The documented body of a form tool's call: its form fields (the named image fields as the
        webhook takes them) between userId and event, and service and timestamp, in that order."""
        fields = form_fields(inputs)
        for name in images:
            fields[name] = image_for_webhook(fields.get(name, ""), assets)
        return {
            "userId": self.user_id,
            "event": event,
            **fields,
            "service": service,
            "timestamp": iso_timestamp(),
        }

    def post(
        self, name: str, body: dict, *, timeout: float, headers: dict | None = None
    ) -> outbound.Response:
        """POST the body as JSON to the named webhook; each call maps OutboundError to its own messages."""
        headers = {"Content-Type": "application/json", "Accept": "application/json", **(headers or {})}
        if settings.WEBHOOK_SECRET:
            headers["X-Webhook-Secret"] = settings.WEBHOOK_SECRET
        return outbound.fetch(
            webhook_url(name),
            method="POST",
            json=body,
            headers=headers,
            timeout=timeout,
            max_bytes=REPLY_MAX_BYTES,
            user_supplied=False,
        )

    def post_json(self, name: str, body: dict, *, tolerate_text: bool = False):
        """POST the body; the reply as JSON ('HTTP error! status: N' when not OK, empty → {}).

        With `tolerate_text`, a reply that is not JSON is returned as text: Meta creative full
        documents a bare base64 string as a valid reply.
        """
        try:
            response = self.post(name, body, timeout=self.timeout)
        except outbound.OutboundError as exc:
            raise EngineError(exc.message, retryable=exc.kind in ("timeout", "connection")) from None
        if not response.ok:
            self.log_reply(name, response)
            raise EngineError(
                f"HTTP error! status: {response.status}",
                retryable=response.status >= 500 or response.status == 429,
            )
        return self.read_json(name, response, tolerate_text=tolerate_text)

    def read_json(self, name: str, response: outbound.Response, *, tolerate_text: bool = False):
        """The reply's body as JSON ('Invalid JSON response: …'), or as text with `tolerate_text`."""
        text = response.text
        try:
            return parse.parse_json_text(text, content_type=content_type(response))
        except EngineError:
            if tolerate_text and text.strip():
                return text.strip()
            self.log_reply(name, response)
            raise

    def log_reply(self, name: str, response: outbound.Response) -> None:
        """The whole reply for staff: the user's message carries at most an excerpt of it."""
        logger.warning(
            "The %s webhook answered %s %s (%s, %d bytes): %s",
            name,
            response.status,
            response.reason,
            content_type(response) or "no content type",
            len(response.content),
            for_log(response.text) or "(empty body)",
        )

    def result(self, output: dict) -> EngineResult:
        return EngineResult(output={**output, "engine": self.name})

    def image_result(self, png: bytes) -> EngineResult:
        # output["image"] is set to the stored file's URL by the job.
        return EngineResult(output={"engine": self.name}, image=png)
