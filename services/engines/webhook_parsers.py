"""Tolerant parsers for the automation webhooks' replies (spec 001 §7), one per call.

Each takes the decoded JSON (or text) and returns the normalized output, or raises EngineError with
the documented text. They never do I/O: turning an image reference into bytes is the engine's job.
"""

import json
from typing import Any

from services.engines.base import EngineError
from services.engines.meta_ad_library import SPY_FAILED, clean_snapshot_url
from services.engines.outputs import (
    MAX_VARIATIONS,
    NO_FULL_IMAGE,
    NO_IMAGE,
    NO_VARIATIONS,
    SCRAPE_FAILED,
    SOCIAL_COPY_FAILED,
    copy_variation,
)
from services.engines.replies import excerpt

# Meta Creative: where an image may be, in the documented order, then the spellings other
# automation tools use (the documents leave the rest of the search open).
META_CREATIVE_IMAGE_KEYS = (
    "image",
    "creativeImage",
    "creative",
    "generated_image",
    "output_image",
    "result_image",
    "base64",
    "data",
    "imageData",
    "output",
    "result",
    "Image",
    "generatedImage",
    "b64_json",
    "image_base64",
    "imageBase64",
    "image_url",
    "imageUrl",
    "url",
)
FULL_CREATIVE_IMAGE_KEYS = ("image", "Image", "base64", "generatedImage")
SOCIAL_CREATIVE_IMAGE_KEYS = ("Image", "image")


def parse_json_text(text: str, *, content_type: str = "") -> Any:
    """The documented reading of a reply body: empty → {}, otherwise JSON or 'Invalid JSON response: …'
    (an excerpt of the body, none of an HTML page: replies.excerpt)."""
    if not text or not text.strip():
        return {}
    try:
        return json.loads(text)
    except ValueError:
        shown = excerpt(text, content_type=content_type)
        raise EngineError(f"Invalid JSON response: {shown}" if shown else "Invalid JSON response") from None


def webhook_error(status: int, reason: str, body: str, *, content_type: str = "") -> str:
    """Spy's documented 'Webhook error: {status} {statusText} - {body text}', with an excerpt of the
    body; an HTML or empty body gives 'Webhook error: {status} {statusText}'."""
    head = f"Webhook error: {status} {excerpt(reason)}".strip()
    shown = excerpt(body, content_type=content_type)
    return f"{head} - {shown}" if shown else head


def first_item(data: Any) -> Any:
    """The documented replies are arrays whose first item carries the result; a bare object is that item."""
    if isinstance(data, list):
        return data[0] if data else {}
    return data


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


# --- copy -------------------------------------------------------------------------------------------
def parse_meta_copy_response(data: Any, *, empty_message: str = NO_VARIATIONS) -> dict:
    """PrimaryText1-5 / Headline1-5 / Description1-5 of the first item → up to five variations.

    An index with any of its three fields filled is a variation; a missing field gets its default.
    """
    item = first_item(data)
    if not isinstance(item, dict):
        raise EngineError(empty_message)
    variations = []
    for n in range(1, MAX_VARIATIONS + 1):
        variation = copy_variation(
            headline=_text(item.get(f"Headline{n}")),
            description=_text(item.get(f"Description{n}")),
            primaryText=_text(item.get(f"PrimaryText{n}")),
        )
        if variation:
            variations.append(variation)
    if not variations:
        raise EngineError(empty_message)
    return {"variations": variations}


def parse_social_copy_response(data: Any) -> dict:
    item = first_item(data)
    text = ""
    if isinstance(item, dict):
        text = _text(item.get("Social Media Copy")) or _text(item.get("social_media_copy"))
    elif isinstance(item, str):
        text = item.strip()
    if not text:
        raise EngineError(SOCIAL_COPY_FAILED)
    return {"socialMediaCopy": text}


# --- scrape -----------------------------------------------------------------------------------------
def parse_scrape_response(data: Any) -> dict:
    """The first item's Report, or else its key/value fields (values shown as text)."""
    item = first_item(data)
    if isinstance(item, str) and item.strip():
        return {"report": item.strip()}
    if not isinstance(item, dict) or not item:
        raise EngineError(SCRAPE_FAILED)
    report = _text(item.get("Report")) or _text(item.get("report"))
    if report:
        return {"report": report}
    fields = {}
    for key, value in item.items():
        if value is None or value == "":
            continue
        fields[str(key)] = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if not fields:
        raise EngineError(SCRAPE_FAILED)
    return {"fields": fields}


def scrape_data_for_webhook(scrape_output: dict) -> Any:
    """What the next Meta Ads Full call sends back as the scrape: the scrape's own first item."""
    if scrape_output.get("report"):
        return {"Report": scrape_output["report"]}
    return dict(scrape_output.get("fields") or {})


# --- images -----------------------------------------------------------------------------------------
def _image_in(value: Any, keys: tuple[str, ...], depth: int = 0) -> str | None:
    """Search a reply value for an image string: a string, an array's first item, or an object's keys in order."""
    if depth > 4 or value is None:
        return None
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, list):
        return _image_in(value[0], keys, depth + 1) if value else None
    if isinstance(value, dict):
        for key in keys:
            found = _image_in(value.get(key), keys, depth + 1)
            if found:
                return found
    return None


def find_meta_creative_image(data: Any) -> str:
    found = _image_in(data, META_CREATIVE_IMAGE_KEYS)
    if not found:
        raise EngineError(NO_IMAGE)
    return as_image_reference(found)


def find_full_creative_image(data: Any) -> str:
    """A base64 string, or an object with image, Image, base64, or data[0].image."""
    return _find_creative_image(
        data, keys=FULL_CREATIVE_IMAGE_KEYS, data_keys=("image", "b64_json"), empty_message=NO_FULL_IMAGE
    )


def find_social_creative_image(data: Any) -> str:
    """An array whose first item has Image or image, or an object with image, Image or data[0].b64_json / .image."""
    return _find_creative_image(
        data, keys=SOCIAL_CREATIVE_IMAGE_KEYS, data_keys=("b64_json", "image"), empty_message=NO_IMAGE
    )


def _find_creative_image(
    data: Any, *, keys: tuple[str, ...], data_keys: tuple[str, ...], empty_message: str
) -> str:
    """The reply's first item (a bare string is its own): a string, or an object with one of `keys`
    or else data[0] with one of `data_keys`."""
    item = first_item(data)
    found = None
    if isinstance(item, str):
        found = item.strip()
    elif isinstance(item, dict):
        found = _first_string(item, keys) or _data_array_image(item, data_keys)
    if not found:
        raise EngineError(empty_message)
    return as_image_reference(found)


def _first_string(item: dict, keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = item.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _data_array_image(item: dict, keys: tuple[str, ...]) -> str | None:
    data = item.get("data")
    if isinstance(data, list) and data and isinstance(data[0], dict):
        return _first_string(data[0], keys)
    return None


def as_image_reference(value: str) -> str:
    """The documented rule: a string not starting with data: or http is bare base64 → a PNG data URL."""
    value = value.strip()
    if value.startswith("data:") or value.startswith("http"):
        return value
    return f"data:image/png;base64,{value}"


# --- spy --------------------------------------------------------------------------------------------
def parse_spy_response(data: Any) -> dict:
    """'General Analysis' plus, for n = 1..5, 'Top n Performing Ad Analysis' and its 'Snapshot URL'."""
    item = first_item(data)
    if not isinstance(item, dict):
        raise EngineError(SPY_FAILED)
    general = _text(item.get("General Analysis"))
    top_ads = []
    for n in range(1, 6):
        analysis = _text(item.get(f"Top {n} Performing Ad Analysis"))
        snapshot = clean_snapshot_url(_text(item.get(f"Top {n} Performing Ad Analysis Snapshot URL")))
        if analysis or snapshot:
            top_ads.append({"rank": n, "analysis": analysis, "snapshotUrl": snapshot})
    if not general and not top_ads:
        raise EngineError(SPY_FAILED)
    return {"generalAnalysis": general, "topAds": top_ads}
