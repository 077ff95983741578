"""The heartbeat thread that runs beside the engine: it stamps heartbeat_at and, past the
generation's deadline, fails and refunds it at once; the engine's late answer is then discarded.

Nothing here races the clock: the webhook stand-in holds its answer until the condition under test
holds (bounded generously), and the deadline is moved into the past only once the engine is
waiting on its answer."""

import json
import threading
import time
from datetime import timedelta

import pytest
from django.core.files.storage import default_storage
from django.db import OperationalError, connection
from django.utils import timezone

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import run_generation, start_generation
from services.registry import TOOLS
from services.tests.generation_inputs import META_COPY_INPUTS, SPY_INPUTS
from services.tests.local_servers import Reply

pytestmark = pytest.mark.django_db(transaction=True)  # the heartbeat thread writes on its own connection

SPY_REPLY = [
    {"General Analysis": "Competitors lean on UGC.", "Top 1 Performing Ad Analysis": "A short demo."}
]
WAIT_SECONDS = 30  # an upper bound on a slow machine; never a measurement


@pytest.fixture
def webhook(settings, upstream):
    settings.GENERATION_ENGINE = "webhook"
    settings.WEBHOOK_BASE_URL = upstream.url("/webhook")
    settings.GENERATION_HEARTBEAT_SECONDS = 0.05
    # Committed for real here, so the immediate backend would run the job inside start_generation;
    # the dummy backend only records it and the test runs it.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    upstream.gave_up = []  # what a handler waited for in vain (reply_once)
    yield upstream
    if upstream.gave_up:
        # The handler ran in the server's thread; the test fails here, saying what never happened.
        pytest.fail("; ".join(upstream.gave_up))


def stored_results(user) -> set[str]:
    folder = f"generation-history/{user.pk}"
    return set(default_storage.listdir(folder)[1]) if default_storage.exists(folder) else set()


def reply_once(server, generation_id: int, *, until, what: str, reply: Reply, on_receipt=None):
    """A webhook handler that (after `on_receipt(generation_id)`, if given) holds its answer until
    `until(generation)` is true — `what` says what that is, for the failure if it never is."""

    def handler(received):
        try:
            if on_receipt:
                eventually(lambda: on_receipt(generation_id) or True, "the test's step on receipt")
            eventually(lambda: until(Generation.objects.get(pk=generation_id)), what)
            return reply
        except pytest.fail.Exception as gave_up:  # not raised in the test's thread: handed over
            server.gave_up.append(str(gave_up))
            return Reply(500, b"gave up")
        finally:
            connection.close()

    return handler


def eventually(condition, what: str) -> None:
    """Retry `condition` until it is true; fail, naming `what`, if it never is (the bound only
    stops a broken test from hanging)."""
    give_up = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < give_up:
        try:
            if condition():
                return
        except OperationalError:  # SQLite's shared in-memory test database: "table is locked"; again
            pass
        time.sleep(0.02)
    pytest.fail(f"Gave up after {WAIT_SECONDS} s waiting for {what}")


def deadline_passes(generation_id: int) -> None:
    Generation.objects.filter(pk=generation_id).update(deadline_at=timezone.now() - timedelta(seconds=1))


def test_a_generation_past_its_deadline_is_failed_and_refunded_while_the_engine_still_runs(alice, webhook):
    generation = start_generation(
        user=alice, tool=TOOLS["spy-master"], inputs=SPY_INPUTS, idempotency_key="k"
    )
    webhook.route(
        "POST",
        "/webhook/spy-agent",
        handler=reply_once(
            webhook,
            generation.pk,
            on_receipt=deadline_passes,  # while the engine waits for its answer
            until=lambda g: g.status == "failed",
            what="the heartbeat to fail the generation past its deadline",
            reply=Reply(200, json.dumps(SPY_REPLY).encode()),
        ),
    )

    files_before = stored_results(alice)

    run_generation(generation_id=generation.pk)

    generation.refresh_from_db()
    assert [r.path for r in webhook.received] == ["/webhook/spy-agent"]  # called; answered after the deadline
    assert generation.status == "failed"
    assert generation.error_message.startswith("Analysis timed out after 10 minutes.")
    assert generation.output_data == {} and not generation.file
    assert LedgerEntry.objects.filter(user=alice, kind="refund").count() == 1
    assert balance_of(alice) == 100
    assert stored_results(alice) == files_before  # the late result was not kept


def test_the_heartbeat_is_stamped_while_the_engine_runs(alice, webhook):
    generation = start_generation(
        user=alice, tool=TOOLS["meta-copy"], inputs=META_COPY_INPUTS, idempotency_key="k"
    )
    reply = [{"PrimaryText1": "Glow.", "Headline1": "Meet Glow", "Description1": "Serum"}]
    webhook.route(
        "POST",
        "/webhook/meta-copy",
        handler=reply_once(
            webhook,
            generation.pk,
            until=lambda g: g.heartbeat_at and g.started_at and g.heartbeat_at > g.started_at,
            what="a heartbeat after the start",
            reply=Reply(200, json.dumps(reply).encode()),
        ),
    )
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "success"
    assert generation.heartbeat_at > generation.started_at


def test_no_heartbeat_thread_outlives_its_generation(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", status=500)
    generation = start_generation(
        user=alice, tool=TOOLS["meta-copy"], inputs=META_COPY_INPUTS, idempotency_key="k"
    )
    run_generation(generation_id=generation.pk)
    assert not [t for t in threading.enumerate() if t.name == f"heartbeat-{generation.pk}"]
