"""Spy values for Meta (spec/README decision 6), safe snapshot links, and the Ad Library API call.

The form keeps the documented labels; Meta wants its own codes, so the values are mapped on the
way out — by the webhook engine (its body) and the openai engine (the ads_archive query) alike.
"""

import json
import logging
import time
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
# Pages of ads_archive one search reads at most: the 50 ads Spy offers at the smallest page Meta has
# been seen to answer (5 ads), and a bound on calls and time whatever the pages hold.
MAX_ADS_PAGES = 10


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
    """GET {META_GRAPH_URL}/ads_archive for the Spy form: up to the asked number of ads (adsAmount),
    snapshot links cleaned of the token.

    Meta may answer fewer ads a page than `limit` asks for, with a `paging.next` link: it is followed
    until there are enough ads, there is no next page, or MAX_ADS_PAGES pages were read, all within
    one `timeout`. A next link to any other host than META_GRAPH_URL's ends the search (the token
    travels in it). The first page's failure fails the run; a later page's keeps the ads read so far.
    """
    token = settings.META_ACCESS_TOKEN
    if not token:
        logger.error("Spy runs on the openai engine but META_ACCESS_TOKEN is not set")
        raise EngineError(SPY_FAILED)
    values = meta_spy_values(inputs)
    wanted = int(values["adsAmount"])
    query = {
        "search_terms": values["searchTerm"],
        "ad_reached_countries": json.dumps([values["country"]]),
        "ad_type": values["adType"],
        "languages": json.dumps([values["language"]]),
        "publisher_platforms": json.dumps([values["platforms"]]),
        "media_type": values["mediaType"],
        "ad_delivery_date_max": values["adsStartedBefore"],
        "limit": str(wanted),
        "fields": ",".join(AD_FIELDS),
        "access_token": token,
    }
    url = f"{settings.META_GRAPH_URL.rstrip('/')}/ads_archive?{urlencode(query)}"
    deadline = time.monotonic() + timeout
    ads: list[dict] = []
    seen: set[str] = set()
    for page in range(1, MAX_ADS_PAGES + 1):
        try:
            payload = _ads_page(url, timeout=deadline - time.monotonic())
        except EngineError:
            if page == 1:
                raise
            logger.warning("The Meta Ad Library's page %d failed; analysing the %d ads read", page, len(ads))
            break
        for ad in payload.get("data") or []:
            ad_id = str(ad.get("id", "")) if isinstance(ad, dict) else ""
            if not isinstance(ad, dict) or (ad_id and ad_id in seen):
                continue
            seen.add(ad_id)
            ad["ad_snapshot_url"] = clean_snapshot_url(str(ad.get("ad_snapshot_url") or ""))
            ads.append(ad)
        url = _next_page_url(payload)
        if len(ads) >= wanted or not url:
            break
    return ads[:wanted]


def _ads_page(url: str, *, timeout: float) -> dict:
    """One page of ads_archive; EngineError (Spy's texts) when it cannot be read."""
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
    return payload


def _next_page_url(payload: dict) -> str:
    """The page's `paging.next` link when it stays on META_GRAPH_URL's scheme, host and port; else ""."""
    paging = payload.get("paging")
    link = paging.get("next") if isinstance(paging, dict) else None
    if not isinstance(link, str) or not link.strip():
        return ""
    try:
        here, there = urlsplit(settings.META_GRAPH_URL), urlsplit(link.strip())
        same_place = (
            there.scheme == here.scheme
            and there.hostname == here.hostname
            and there.port == here.port
            and "@" not in there.netloc
        )
    except ValueError:
        same_place = False
    if not same_place:
        # Only the host: the link carries the access token.
        logger.warning("The Meta Ad Library's next page is on another host; the search ends here")
        return ""
    return link.strip()
