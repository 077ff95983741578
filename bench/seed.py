"""The data a benchmark run needs, written through the project's own actions (so the ledger is
real): a user with 1,000 history items for the dashboard, a user with credits for the money path,
and signed-in session cookies for both."""

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from credits.actions import grant_credits, refund_credits, spend_credits
from history.models import Generation
from services.registry import TOOLS

HISTORY_ITEMS = 1_000
PASSWORD = "Bench-passw0rd!"
META_COPY_OUTPUT = {
    "variations": [
        {
            "headline": "Meet Glow",
            "description": "Vitamin C serum",
            "primaryText": "Glow all day with vitamin C.",
        }
    ]
    * 3,
    "engine": "webhook",
}


def make_user(email: str, *, password: str | None = PASSWORD):
    """`password=None`: an account only signed in through session_cookie (hashing a password
    costs a fifth of a second, too much for the money path's thousand users)."""
    user = get_user_model().objects.filter(email=email).first()
    return user or get_user_model().objects.create_user(email=email, password=password, name="Bench User")


def seed_history(user, *, count: int = HISTORY_ITEMS) -> None:
    """`count` finished generations over the last 60 days, each paid for through the ledger."""
    if Generation.objects.filter(user=user).count() >= count:
        return
    tools = [tool for tool in TOOLS.values() if not tool.steps]
    grant_credits(
        user=user, amount=count * 80, reason="Benchmark history", idempotency_key=f"bench-history-{user.pk}"
    )
    rng = random.Random(7)
    now = timezone.now()
    for n in range(count):
        tool = rng.choice(tools)
        generation = Generation.objects.create(
            user=user,
            tool=tool.slug,
            service_type=tool.service_type,
            status=Generation.Status.SUCCESS if n % 20 else Generation.Status.FAILED,
            input_data={"brand": f"Brand {n}"},
            output_data=META_COPY_OUTPUT,
            credits_used=tool.cost,
            idempotency_key=f"bench-history-{n}",
            created_at=now - timedelta(minutes=rng.randrange(60 * 24 * 60)),
            engine="webhook",
        )
        reference = f"generation:{generation.pk}"
        spend_credits(user=user, amount=tool.cost, reason=tool.card_title, reference=reference)
        if generation.status == Generation.Status.FAILED:
            refund_credits(
                user=user, reference=reference, reason=f"Refund: generation #{generation.pk} failed"
            )


def session_cookie(user) -> str:
    """The `Cookie` header value of a signed-in browser (session + CSRF cookie)."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF_TOKEN}"


# Any 32 letters make a valid CSRF secret: the same value goes in the cookie and the header.
CSRF_TOKEN = "benchbenchbenchbenchbenchbenchbe"
