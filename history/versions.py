"""Creative versions, as pages read them: the text-overlay editor's saved results.

The editor renders a PNG in the browser at the creative's natural size and saves it with the text
layers that produced it (history/api.py → history.actions.save_creative_version). The generation's
own file is never touched: it stays the original the editor reopens on, and the newest version is
what pages show and download.
"""

from django.urls import reverse
from rest_framework.fields import DateTimeField

from history.models import CreativeVersion, Generation
from history.storage import StoredPath, parse_stored_path


def original_path(generation: Generation) -> StoredPath | None:
    """The generation's stored PNG — the original creative — or None if it has none."""
    if generation.status != Generation.Status.SUCCESS or not generation.file:
        return None
    stored = parse_stored_path(generation.file.name)
    return stored if stored and stored.name.lower().endswith(".png") else None


def version_payload(version: CreativeVersion, *, original: str | None = None) -> dict:
    payload = {
        "id": version.pk,
        "image": version.file_url,
        "layers": version.layers,
        # As every other API time is written (DRF's: "…Z" in UTC, else the reader's offset).
        "created_at": DateTimeField().to_representation(version.created_at),
    }
    if original is not None:
        payload["original"] = original
    return payload


def output_with_versions(generation: Generation, output: dict) -> dict:
    """A creative's output as pages should see it: `image` is the newest edited version (what
    to show and download), `original` the generated image (what the editor edits), `edited`
    whether text was added, and the two URLs the editor needs. Other outputs pass unchanged."""
    stored = original_path(generation)
    if stored is None or not isinstance(output, dict) or not output.get("image"):
        return output
    latest = CreativeVersion.objects.latest_for(generation)
    return {
        **output,
        "image": latest.file_url if latest else stored.url,
        "original": stored.url,
        "edited": latest is not None,
        "versionsUrl": reverse("history:api-generation-versions", args=[generation.pk]),
        "latestVersionUrl": reverse("history:api-generation-version-latest", args=[generation.pk]),
    }
