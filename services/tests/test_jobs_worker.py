"""The job lifecycle on PostgreSQL with a real `manage.py db_worker` process.

The generation is started through the API exactly as the island does; the worker (a separate
process, as in production) picks the task up from the database and calls the webhook engine,
whose far side is a local HTTP server.
"""

import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import reap_generations
from services.tests.generation_inputs import META_COPY_INPUTS
from services.tests.local_servers import LocalServer, Reply

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

META_COPY_REPLY = [
    {"PrimaryText1": "Glow all day.", "Headline1": "Meet Glow", "Description1": "Vitamin C serum"}
]
WAIT_SECONDS = 60  # an upper bound for a slow, shared machine; never a measurement


def wait_for(condition, what: str):
    give_up = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < give_up:
        if result := condition():
            return result
        time.sleep(0.1)
    raise AssertionError(f"gave up waiting for {what}")


def database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


class Worker:
    """A `manage.py db_worker` process on the test database, calling the webhook engine."""

    def __init__(self, webhook_url: str, log_path: Path):
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "services.tests.worker_settings",
            "DATABASE_URL": database_url(),
            "DATA_DIR": str(django_settings.DATA_DIR),
            "GENERATION_ENGINE": "webhook",
            "WEBHOOK_BASE_URL": webhook_url,
            "GENERATION_HEARTBEAT_SECONDS": "1",
        }
        self.log = log_path.open("w")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "db_worker",
                "--interval",
                "0.1",
                "--no-startup-delay",
                "--no-reload",
            ],
            cwd=django_settings.BASE_DIR,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self):
        """kill -9: the worker dies mid-job without running any cleanup."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=WAIT_SECONDS)

    def stop(self):
        if self.alive:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


@pytest.fixture(scope="module")
def webhook():
    """The automation service's stand-in, shared by the module (the worker is told its URL)."""
    server = LocalServer()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def workers(django_db_setup, webhook, tmp_path_factory):
    """Starting a Django process is the slow part, so one worker serves the module; a test that
    kills it gets a fresh one for the next test."""
    started: list[Worker] = []

    def running() -> Worker:
        if not started or not started[-1].alive:
            started.append(Worker(webhook.url("/webhook"), tmp_path_factory.mktemp("worker") / "worker.log"))
        return started[-1]

    yield running
    for worker in started:
        worker.stop()


@pytest.fixture
def worker(workers, webhook, settings):
    webhook.routes.clear()
    webhook.received.clear()
    # This process enqueues into the same database the worker reads.
    settings.TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}
    return workers()


def start_meta_copy(client, key="key-1"):
    response = client.post(
        reverse("services:api-generations"),
        {"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": key},
        content_type="application/json",
    )
    assert response.status_code == 202, response.content
    return response.json()["id"]


def finished(generation_id: int) -> Generation | None:
    generation = Generation.objects.get(pk=generation_id)
    return generation if generation.status in ("success", "failed") else None


def test_the_worker_runs_a_generation_to_success(alice_client, alice, webhook, worker):
    webhook.route("POST", "/webhook/meta-copy", json=META_COPY_REPLY)
    generation = wait_for(lambda: finished(start_meta_copy(alice_client)), "the generation to finish")
    assert generation.status == "success", generation.error_message
    assert generation.engine == "webhook"
    assert generation.output_data["variations"][0]["headline"] == "Meet Glow"
    assert generation.file.name.endswith(".txt")
    assert balance_of(alice) == 80


def test_a_failure_in_the_worker_is_refunded(alice_client, alice, webhook, worker):
    webhook.route("POST", "/webhook/meta-copy", status=500, body="upstream broke")
    generation_id = start_meta_copy(alice_client)
    generation = wait_for(lambda: finished(generation_id), "the generation to finish")
    assert generation.status == "failed"
    assert generation.error_message == "HTTP error! status: 500"
    assert LedgerEntry.objects.filter(user=alice, kind="refund").count() == 1
    assert balance_of(alice) == 100


def test_the_same_idempotency_key_twice_runs_and_debits_once(alice_client, alice, webhook, worker):
    webhook.route("POST", "/webhook/meta-copy", json=META_COPY_REPLY)
    first = start_meta_copy(alice_client, key="same")
    second = start_meta_copy(alice_client, key="same")
    assert first == second
    generation = wait_for(lambda: finished(first), "the generation to finish")
    assert generation.status == "success"
    assert len([r for r in webhook.received if r.path == "/webhook/meta-copy"]) == 1
    assert LedgerEntry.objects.filter(user=alice, kind="spend").count() == 1
    assert balance_of(alice) == 80


# Last: it kills the module's worker (a later test would have to wait for a new one).
def test_a_worker_killed_mid_job_is_reaped_and_refunded_once(alice_client, alice, webhook, worker):
    release = threading.Event()

    def hang(received):
        release.wait(WAIT_SECONDS)
        return Reply(500, b"too late")

    webhook.route("POST", "/webhook/meta-copy", handler=hang)
    generation_id = start_meta_copy(alice_client)
    try:
        # Running, with at least one heartbeat after it started: the worker is alive and beating.
        generation = wait_for(
            lambda: Generation.objects.filter(
                pk=generation_id, status="running", heartbeat_at__gt=F("started_at")
            ).first(),
            "a heartbeat",
        )
        worker.kill()
        assert reap_generations() == []  # the heartbeat is still fresh: no verdict yet

        later = timezone.now() + timedelta(seconds=django_settings.GENERATION_STALE_SECONDS + 1)
        assert [g.pk for g in reap_generations(now=later)] == [generation_id]
        assert reap_generations(now=later) == []
    finally:
        release.set()

    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message == "An error occurred while generating your META copy. Please try again."
    assert LedgerEntry.objects.filter(user=alice, kind="refund").count() == 1
    assert balance_of(alice) == 100
