"""Faults: a worker killed mid-job, an engine hanging past the deadline, the database dropping every
connection under a running worker, Stripe events replayed and reordered, the storage failing on
save. Each ends with the books balanced (`assert_books_balanced`: check_ledger clean, every failed
generation refunded once, none stuck).

The job lifecycle tests cover the single faults on their own (services/tests/test_jobs_worker.py:
a worker killed mid-job is reaped and refunded once; services/tests/test_heartbeat.py: the
deadline fails and refunds while the engine still runs). Here the faults hit a queue with more
work behind them, and the system must recover and finish that work.
"""

import itertools
import json
import threading
from datetime import timedelta

import psycopg
import pytest
from django.conf import settings as django_settings
from django.core.files.storage import FileSystemStorage, default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from billing.models import Plan, Subscription
from billing.tests.stripe_fixtures import (
    BASIC_PRICE,
    SECRET_KEY,
    WEBHOOK_SECRET,
    ensure_plans_seeded,
    event_body,
    post_event,
)
from config.tests.ledger_checks import assert_books_balanced
from credits.models import LedgerEntry, balance_of
from history.models import CreativeVersion, Generation
from history.tests.creatives import layers, make_creative, png_bytes
from services.actions import reap_generations
from services.tests.generation_inputs import META_COPY_INPUTS, META_CREATIVE_INPUTS, SOCIAL_COPY_INPUTS
from services.tests.local_servers import LocalServer, Reply
from services.tests.test_jobs_worker import WAIT_SECONDS, Worker, wait_for


def start_meta_copy(client: Client, brand: str) -> int:
    """A Meta Copy generation whose webhook body carries `brand`, so the engine side can tell the
    generations apart."""
    response = client.post(
        reverse("services:api-generations"),
        {"tool": "meta-copy", "inputs": {**META_COPY_INPUTS, "brand": brand}, "idempotency_key": brand},
        content_type="application/json",
    )
    assert response.status_code == 202, response.content
    return response.json()["id"]


def calls_by_brand(server: LocalServer) -> dict[str, int]:
    counts: dict[str, int] = {}
    for received in server.received:
        if received.path == "/webhook/meta-copy":
            brand = received.json()["brand"]
            counts[brand] = counts.get(brand, 0) + 1
    return counts


def all_finished(ids) -> bool:
    return not Generation.objects.filter(pk__in=ids).in_flight().exists()


META_COPY_REPLY = [
    {"PrimaryText1": "Glow all day.", "Headline1": "Meet Glow", "Description1": "Vitamin C serum"}
]


class HeldEngine:
    """The far side of the webhook engine: answers at once, except for the brands it is told to
    hold, which wait until `release()`."""

    def __init__(self, server: LocalServer, *, hold: set[str]):
        self.hold = hold
        self.released = threading.Event()
        self.arrived = threading.Event()
        server.route("POST", "/webhook/meta-copy", handler=self.reply)

    def reply(self, received) -> Reply:
        if received.json()["brand"] in self.hold:
            self.arrived.set()
            self.released.wait(WAIT_SECONDS)
        return Reply(
            200, b'[{"PrimaryText1": "Glow all day.", "Headline1": "Meet Glow", "Description1": "C"}]'
        )

    def release(self) -> None:
        self.released.set()


@pytest.fixture
def engine_server():
    server = LocalServer()
    yield server
    server.stop()


@pytest.fixture
def database_queue(settings):
    # This process enqueues into the database the worker processes read.
    settings.TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}


# --- the worker -----------------------------------------------------------------------------------


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_after_a_worker_is_killed_mid_job_a_new_worker_finishes_the_queue(
    alice_client, alice, engine_server, database_queue, tmp_path
):
    engine = HeldEngine(engine_server, hold={"Brand 0"})
    ids = [start_meta_copy(alice_client, f"Brand {n}") for n in range(3)]
    first = Worker(engine_server.url("/webhook"), tmp_path / "first.log")
    try:
        assert engine.arrived.wait(WAIT_SECONDS), "the first job never reached the engine"
        first.kill()
    finally:
        first.stop()
        engine.release()

    second = Worker(engine_server.url("/webhook"), tmp_path / "second.log")
    try:
        wait_for(lambda: all_finished(ids[1:]), "the new worker to finish the queued jobs")
    finally:
        second.stop()
    # The killed job is still 'running' with a heartbeat that will never move: the reaper's case.
    later = timezone.now() + timedelta(seconds=django_settings.GENERATION_STALE_SECONDS + 1)
    assert [g.pk for g in reap_generations(now=later)] == [ids[0]]

    statuses = dict(Generation.objects.filter(pk__in=ids).values_list("pk", "status"))
    assert statuses == {ids[0]: "failed", ids[1]: "success", ids[2]: "success"}
    assert calls_by_brand(engine_server) == {"Brand 0": 1, "Brand 1": 1, "Brand 2": 1}
    assert balance_of(alice) == 100 - 2 * 20
    assert_books_balanced()


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_job_whose_engine_hangs_past_the_deadline_is_refunded_and_the_queue_moves_on(
    alice_client, alice, engine_server, database_queue, tmp_path
):
    engine = HeldEngine(engine_server, hold={"Brand 0"})
    ids = [start_meta_copy(alice_client, f"Brand {n}") for n in range(2)]
    worker = Worker(engine_server.url("/webhook"), tmp_path / "worker.log")
    try:
        assert engine.arrived.wait(WAIT_SECONDS), "the first job never reached the engine"
        # Its run time (counted from the claim) runs out while the engine holds it.
        Generation.objects.filter(pk=ids[0]).update(deadline_at=timezone.now())
        failed = wait_for(
            lambda: Generation.objects.filter(pk=ids[0], status="failed").first(),
            "the deadline to fail the job",
        )
        assert failed.error_message == "An error occurred while generating your META copy. Please try again."
        engine.release()  # the engine answers at last: too late, the answer is dropped
        wait_for(lambda: all_finished(ids), "the next job to finish")
    finally:
        engine.release()
        worker.stop()

    assert Generation.objects.get(pk=ids[0]).status == "failed"
    assert Generation.objects.get(pk=ids[1]).status == "success"
    assert balance_of(alice) == 100 - 20
    assert_books_balanced()


# --- the database ---------------------------------------------------------------------------------


def database_outage(seconds: float) -> None:
    """What a database restart looks like to the app: every connection to this database is cut,
    and new ones are refused for a while. It is done to this test's database only — the cluster
    is shared with the suite's other pytest process, which a real restart would break."""
    db = connection.settings_dict
    name = db["NAME"]
    # From the maintenance database: PostgreSQL refuses to lock out the database one is in.
    with psycopg.connect(
        host=db["HOST"],
        port=db["PORT"],
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        try:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", [name])
            threading.Event().wait(seconds)
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    connection.close()  # this process's own connection was cut too


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_database_outage_under_a_running_worker_settles_the_job_and_the_worker_carries_on(
    alice_client, alice, engine_server, database_queue, tmp_path
):
    engine = HeldEngine(engine_server, hold={"Brand 0"})
    first = start_meta_copy(alice_client, "Brand 0")
    worker = Worker(engine_server.url("/webhook"), tmp_path / "worker.log")
    try:
        assert engine.arrived.wait(WAIT_SECONDS), "the job never reached the engine"
        database_outage(seconds=2)
        engine.release()  # the engine answers after the outage: the worker must write the result
        wait_for(lambda: all_finished([first]), "the job to be settled")
        # The same worker process is still there and still takes work.
        assert worker.process.poll() is None, "the worker died with the database connection"
        second = start_meta_copy(alice_client, "Brand 1")
        wait_for(lambda: all_finished([second]), "a job started after the outage")
    finally:
        engine.release()
        worker.stop()

    assert Generation.objects.get(pk=second).status == "success"
    assert calls_by_brand(engine_server) == {"Brand 0": 1, "Brand 1": 1}
    assert_books_balanced()


# --- Stripe ---------------------------------------------------------------------------------------

PURCHASE = ("checkout_session_completed", "customer_subscription_updated_active", "invoice_paid")


@pytest.fixture
def stripe_configured(settings, db):
    settings.STRIPE_SECRET_KEY = SECRET_KEY
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.STRIPE_API_BASE = ""
    ensure_plans_seeded()
    Plan.objects.filter(id="professional").update(stripe_price_id=BASIC_PRICE)


@pytest.mark.django_db
@pytest.mark.parametrize("order", list(itertools.permutations(PURCHASE)), ids="-".join)
def test_a_purchase_delivered_in_any_order_and_twice_grants_once(order, stripe_configured, alice, client):
    # Stripe retries and does not order its deliveries: every order, each event twice over.
    for name in (*order, *order):
        assert post_event(client, event_body(name, user=alice)).status_code == 200
    plan = Plan.objects.get(id="professional")
    assert LedgerEntry.objects.filter(user=alice, kind="purchase").count() == 1
    assert balance_of(alice) == 100 + plan.credits
    assert Subscription.objects.current_for(alice).plan == plan
    assert_books_balanced()


# --- the storage ----------------------------------------------------------------------------------


class SaveFailingStorage(FileSystemStorage):
    """The far side of the storage refusing every write (a full disk, S3 down); reads still work."""

    def _save(self, name, content):
        raise OSError("No space left on device")


def make_storage_fail(settings) -> None:
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "config.tests.test_faults.SaveFailingStorage",
            "OPTIONS": {"location": settings.DATA_DIR / "media"},
        },
    }


@pytest.fixture
def failing_storage(settings):
    make_storage_fail(settings)


def start_now(client: Client, tool: str, inputs: dict, key: str, capture) -> dict:
    """Start a generation and run its job at once (the immediate backend runs it on commit)."""
    with capture(execute=True):
        response = client.post(
            reverse("services:api-generations"),
            {"tool": tool, "inputs": inputs, "idempotency_key": key},
            content_type="application/json",
        )
    assert response.status_code == 202, response.content
    return client.get(reverse("services:api-generation", args=[response.json()["id"]])).json()


@pytest.mark.django_db
def test_a_creative_that_cannot_be_stored_fails_and_is_refunded_once(
    alice_client, alice, failing_storage, django_capture_on_commit_callbacks
):
    generation = start_now(
        alice_client, "meta-creative", META_CREATIVE_INPUTS, "c1", django_capture_on_commit_callbacks
    )
    assert generation["status"] == "failed"
    assert generation["error"] == "An error occurred while generating your Meta creative. Please try again."
    assert balance_of(alice) == 100
    assert_books_balanced()


@pytest.mark.django_db
def test_a_text_result_that_cannot_be_stored_still_succeeds_without_a_file(
    alice_client, alice, failing_storage, django_capture_on_commit_callbacks
):
    # Documented (spec 000 §8): the copy is in the record; only the downloadable file is missing.
    generation = start_now(
        alice_client, "social-media-copy", SOCIAL_COPY_INPUTS, "t1", django_capture_on_commit_callbacks
    )
    assert generation["status"] == "success"
    assert Generation.objects.get(pk=generation["id"]).file.name == ""
    assert balance_of(alice) == 80
    assert_books_balanced()


STORAGE_FAILED = "The file could not be stored. Please try again later."


def files_of(user) -> set[str]:
    """Every stored file of the user's id, in every area (compare before/after: the media folder
    outlives a test, and another test's user may have had the same id)."""
    found = set()
    for area in ("generation-history", "logos", "products", "user-uploads"):
        folder = f"{area}/{user.pk}"
        if default_storage.exists(folder):
            found |= {f"{folder}/{name}" for name in default_storage.listdir(folder)[1]}
    return found


@pytest.mark.django_db
def test_an_upload_that_cannot_be_stored_gets_a_clear_error_not_a_500(alice_client, alice, failing_storage):
    files_before = files_of(alice)
    upload = alice_client.post(
        reverse("services:api-uploads"),
        {
            "bucket": "logos",
            "file": SimpleUploadedFile("logo.png", png_bytes(8, 8), content_type="image/png"),
        },
    )
    assert upload.status_code == 503
    assert upload.json() == {"errors": {"file": [STORAGE_FAILED]}}
    assert files_of(alice) == files_before


@pytest.mark.django_db
def test_a_creative_version_that_cannot_be_stored_gets_a_clear_error_and_leaves_nothing(
    alice_client, alice, settings
):
    creative = make_creative(alice)  # stored while the storage still works
    files_before = files_of(alice)
    make_storage_fail(settings)
    response = alice_client.post(
        reverse("history:api-generation-versions", args=[creative.pk]),
        {
            "file": SimpleUploadedFile("edited.png", png_bytes(64, 48), content_type="image/png"),
            "layers": json.dumps(layers()),
        },
    )
    assert response.status_code == 503
    assert response.json() == {"errors": {"file": [STORAGE_FAILED]}}
    assert not CreativeVersion.objects.filter(generation=creative).exists()
    assert files_of(alice) == files_before


@pytest.mark.django_db
def test_an_avatar_that_cannot_be_stored_gets_a_clear_error_and_leaves_nothing(
    alice_client, alice, failing_storage
):
    files_before = files_of(alice)
    response = alice_client.post(
        reverse("accounts:avatar-upload"),
        {"file": SimpleUploadedFile("me.png", png_bytes(16, 16), content_type="image/png")},
    )
    assert response.status_code == 503
    assert response.json() == {"error": STORAGE_FAILED}  # the page shows 'Upload failed: ' + this
    alice.refresh_from_db()
    assert not alice.avatar
    assert files_of(alice) == files_before
