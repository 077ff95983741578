"""Background work for accounts (run by `manage.py db_worker`)."""

import logging

from django.conf import settings
from django.tasks import task

from config import outbound

logger = logging.getLogger(__name__)

AUTH_WEBHOOK_TIMEOUT_SECONDS = 10
# The reply is not used (fire and forget): anything larger than a status page is not a reply.
AUTH_WEBHOOK_MAX_RESPONSE_BYTES = 1024 * 1024


@task
def send_auth_webhook(*, user_id: str, event: str) -> None:
    """POST {userId, event} to AUTH_WEBHOOK_URL (documented: fire and forget). A failure is
    logged and never reaches the user: the account exists either way.

    Through the project's outbound wrapper, like every other call out: the whole exchange is
    bounded by the timeout, at most five redirects are followed, the reply is size-capped. The
    URL is the operator's (user_supplied=False), so it may point at a private address."""
    url = settings.AUTH_WEBHOOK_URL
    if not url:
        return
    try:
        response = outbound.fetch(
            url,
            method="POST",
            json={"userId": user_id, "event": event},
            timeout=AUTH_WEBHOOK_TIMEOUT_SECONDS,
            max_bytes=AUTH_WEBHOOK_MAX_RESPONSE_BYTES,
            user_supplied=False,
        )
    except outbound.OutboundError as exc:
        logger.warning("auth webhook %s for user %s failed: %s", event, user_id, exc.message)
        return
    if not response.ok:
        logger.warning(
            "auth webhook %s for user %s failed: HTTP %s %s", event, user_id, response.status, response.reason
        )
