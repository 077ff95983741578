"""The normalized output every engine returns (docs/CONTRACTS.md, "Engines"), and the documented
texts of a run that produced none. Engine-neutral: the webhook parsers and the openai engine both
shape their results here, so a copy variation or a scrape reads the same whichever engine ran.
"""

from services.registry import SOCIAL_MEDIA_COPY, fallback_error_for

NO_VARIATIONS = "No valid variations generated"
NO_FULL_VARIATIONS = "Failed to generate Meta Copy variations"
NO_IMAGE = "No image was generated. Please check your inputs and try again."
NO_FULL_IMAGE = "Failed to generate Meta Creative"
SCRAPE_FAILED = "Failed to scrape website. Please try again."
SOCIAL_COPY_FAILED = fallback_error_for(SOCIAL_MEDIA_COPY)

MAX_VARIATIONS = 5
VARIATION_DEFAULTS = {
    "headline": "No headline available",
    "description": "No description available",
    "primaryText": "No primary text available",
}


def copy_variation(*, headline: str, description: str, primaryText: str) -> dict | None:  # noqa: N803
    """One copy variation from its three (stripped) texts: None when all are empty; a missing one
    gets its documented stand-in."""
    found = {"headline": headline, "description": description, "primaryText": primaryText}
    if not any(found.values()):
        return None
    return {key: value or VARIATION_DEFAULTS[key] for key, value in found.items()}


def scrape_report_text(scrape_output: dict) -> str:
    """The scrape as one text (the report, or its fields one per line) for prompts and bodies."""
    if scrape_output.get("report"):
        return str(scrape_output["report"])
    return "\n".join(f"{key}: {value}" for key, value in (scrape_output.get("fields") or {}).items())
