"""Background work for accounts (run by `manage.py db_worker`)."""

import logging

import requests
from django.conf import settings
from django.tasks import task

logger = logging.getLogger(__name__)

AUTH_WEBHOOK_TIMEOUT_SECONDS = 10


@task
def send_auth_webhook(*, user_id: str, event: str) -> None:
    """POST {userId, event} to AUTH_WEBHOOK_URL (documented: fire and forget). A failure is
    logged and never reaches the user: the account exists either way."""
    url = settings.AUTH_WEBHOOK_URL
    if not url:
        return
    try:
        response = requests.post(
            url, json={"userId": user_id, "event": event}, timeout=AUTH_WEBHOOK_TIMEOUT_SECONDS
        )
        response.raise_for_status()
    except requests.RequestException as exc:
        logger.warning("auth webhook %s for user %s failed: %s", event, user_id, exc)
