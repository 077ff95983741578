"""What a reloaded tool page picks up again: the generation still running (its inputs refill
the form) and, on Meta Ads Full, the website analysis its next steps build on."""

from django.utils import timezone

from history.models import Generation
from services.actions import SCRAPE, SCRAPE_REUSE_WINDOW


def running_generation(user, tool: str) -> Generation | None:
    """The user's newest unfinished generation of `tool`."""
    return (
        Generation.objects.for_user(user)
        .in_flight()
        .filter(tool=tool)
        .select_related("user")
        .newest_first()
        .first()
    )


def followed_generation(user, tool: str, pk: int) -> Generation | None:
    """The user's generation `pk` of `tool`, running or finished: the one a tab followed before
    it reloaded (another user's id, or another tool's, is None)."""
    generation = Generation.objects.owned(user, pk)
    return generation if generation is not None and generation.tool == tool else None


def started_generation(user, tool: str, idempotency_key: str) -> Generation | None:
    """The user's generation of `tool` that the start with this idempotency key began, running or
    finished: the tab sent it and reloaded before an answer came (None when it never arrived)."""
    return (
        Generation.objects.for_user(user)
        .filter(tool=tool, idempotency_key=idempotency_key)
        .select_related("user")
        .first()
    )


def scrape_to_resume(user, picked_up: Generation | None) -> Generation | None:
    """The successful scrape a Meta Ads Full page shows again after a reload: the one the copy or
    creative step it picks up (running, or just ended) was started from, else the newest within
    the reuse window (the same day a scrape of the same site is reused rather than fetched
    again). None when it picks up a scrape: that scrape is the one the page shows."""
    if picked_up is not None and picked_up.step == SCRAPE:
        return None
    scrapes = Generation.objects.for_user(user).scrapes().successful().select_related("user")
    if picked_up is not None:
        return scrapes.filter(pk=picked_up.input_data.get("scrapeId")).first()
    return scrapes.created_since(timezone.now() - SCRAPE_REUSE_WINDOW).newest_first().first()
