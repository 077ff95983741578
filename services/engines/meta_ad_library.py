"""Spy values for Meta (spec/README decision 6), safe snapshot links, and the Ad Library API call.

The form keeps the documented labels; Meta wants its own codes, so the values are mapped on the
way out — by the webhook engine (its body) and the openai engine (the ads_archive query) alike.
"""

import json
import logging
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django.conf import settings

from config import outbound
from services.engines.base import EngineError
from services.engines.replies import for_log
from services.registry import SPY_MASTER, fallback_error_for

logger = logging.getLogger(__name__)

COUNTRY_CODES = {"UK": "GB", "EL": "GR"}
LANGUAGE_CODES = {"cz": "cs", "dk": "da", "se": "sv", "si": "sl"}
AD_TYPES = {"FINANCIAL PRODUCTS AND SERVICES": "FINANCIAL_PRODUCTS_AND_SERVICES_ADS"}
AD_FIELDS = (
    "id",
    "page_name",
    "ad_creation_time",
    "ad_delivery_start_time",
    "ad_delivery_stop_time",
    "ad_creative_bodies",
    "ad_creative_link_titles",
    "ad_creative_link_descriptions",
    "ad_creative_link_captions",
    "ad_snapshot_url",
    "publisher_platforms",
    "languages",
)
# Query parameters that carry credentials and must never reach a user's browser.
SECRET_PARAMS = {"access_token", "token", "client_secret", "appsecret_proof"}
NETWORK_FAILED = "Network connection failed. Please check your internet connection and try again."
SPY_FAILED = fallback_error_for(SPY_MASTER)


def meta_spy_values(inputs: dict) -> dict:
    """The eight Spy fields with Meta's values (UK→GB, cz→cs, ad types with underscores…)."""
    values = dict(inputs)
    if "country" in values:
        values["country"] = COUNTRY_CODES.get(values["country"], values["country"])
    if "language" in values:
        values["language"] = LANGUAGE_CODES.get(values["language"], values["language"])
    if "adType" in values:
        ad_type = values["adType"]
        values["adType"] = AD_TYPES.get(ad_type, ad_type.replace(" ", "_"))
    return values


def clean_snapshot_url(url: str) -> str:
    """An http(s) snapshot link without any credential parameter; anything else → ""."""
    if not url:
        return ""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not parts.netloc or "@" in parts.netloc:
        return ""
    query = [
        (k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k.lower() not in SECRET_PARAMS
    ]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), ""))


def search_ads_archive(inputs: dict, *, timeout: float) -> list[dict]:
    """GET {META_GRAPH_URL}/ads_archive for the Spy form; the ads, snapshot links cleaned of the token."""
    token = settings.META_ACCESS_TOKEN
    if not token:
        logger.error("Spy runs on the openai engine but META_ACCESS_TOKEN is not set")
        raise EngineError(SPY_FAILED)
    values = meta_spy_values(inputs)
    query = {
        "search_terms": values["searchTerm"],
        "ad_reached_countries": json.dumps([values["country"]]),
        "ad_type": values["adType"],
        "languages": json.dumps([values["language"]]),
        "publisher_platforms": json.dumps([values["platforms"]]),
        "media_type": values["mediaType"],
        "ad_delivery_date_max": values["adsStartedBefore"],
        "limit": str(values["adsAmount"]),
        "fields": ",".join(AD_FIELDS),
        "access_token": token,
    }
    url = f"{settings.META_GRAPH_URL.rstrip('/')}/ads_archive?{urlencode(query)}"
    try:
        response = outbound.fetch(url, timeout=timeout, max_bytes=5 * 1024 * 1024, user_supplied=False)
    except outbound.OutboundError as exc:
        if exc.kind in ("timeout", "connection"):
            raise EngineError(NETWORK_FAILED, retryable=True) from None
        # META_GRAPH_URL refused (a blocked address, TLS, a reply too large): ours to fix.
        logger.warning("The Meta Ad Library call failed: %s", exc.message)
        raise EngineError(SPY_FAILED) from None
    # Meta's own error texts (an expired token, a permission, a rate limit) are the operator's to
    # read in the log; the user sees Spy's documented fallback text.
    try:
        payload = response.json()
    except ValueError:
        logger.warning(
            "The Meta Ad Library answered %s %s, not JSON: %s",
            response.status,
            response.reason,
            for_log(response.text) or "(empty body)",
        )
        raise EngineError(SPY_FAILED, retryable=response.status >= 500) from None
    if not response.ok or not isinstance(payload, dict) or "error" in payload:
        message = ""
        if isinstance(payload, dict) and isinstance(payload.get("error"), dict):
            message = str(payload["error"].get("message") or "")
        logger.warning(
            "The Meta Ad Library answered %s %s: %s",
            response.status,
            response.reason,
            for_log(message) or "(no error message)",
        )
        raise EngineError(SPY_FAILED, retryable=response.status >= 500)
    ads = [ad for ad in payload.get("data") or [] if isinstance(ad, dict)]
    for ad in ads:
        ad["ad_snapshot_url"] = clean_snapshot_url(str(ad.get("ad_snapshot_url") or ""))
    return ads
