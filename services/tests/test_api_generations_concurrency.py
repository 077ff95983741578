"""Concurrent requests on PostgreSQL: the balance, idempotency keys and per-user limits hold under load."""

import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.tests.generation_inputs import META_COPY_INPUTS, SCRAPE_INPUTS
from services.tests.test_uploads import png_bytes

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def jobs_are_only_recorded(settings):
    # The production queue with no worker: the starts take their production path (one statement
    # on PostgreSQL) and their jobs wait in the queue.
    settings.TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}


def at_once(user, count: int, request) -> list:
    """`request(client, index)` in `count` threads, each with its own signed-in client, all
    released at the same moment; their responses in order."""
    clients = []
    for _ in range(count):
        client = Client()
        client.force_login(user)
        clients.append(client)
    barrier = threading.Barrier(count)
    responses = [None] * count

    def run(index: int):
        try:
            barrier.wait()
            responses[index] = request(clients[index], index)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


def post_concurrently(
    user, keys: list[str], tool: str = "meta-copy", inputs: dict = META_COPY_INPUTS
) -> list:
    return at_once(
        user,
        len(keys),
        lambda client, index: client.post(
            reverse("services:api-generations"),
            {"tool": tool, "inputs": inputs, "idempotency_key": keys[index]},
            content_type="application/json",
        ),
    )


def test_20_concurrent_requests_on_a_balance_covering_5_accept_exactly_5(alice):
    assert balance_of(alice) == 100  # five Meta Copy runs at 20 credits

    responses = post_concurrently(alice, [f"key-{n}" for n in range(20)])

    statuses = sorted(response.status_code for response in responses)
    assert statuses == [202] * 5 + [402] * 15
    refused = [r.json() for r in responses if r.status_code == 402]
    assert all(
        body == {"detail": "Insufficient credits. This service requires 20 credits."} for body in refused
    )
    assert Generation.objects.filter(user=alice).count() == 5
    assert LedgerEntry.objects.filter(user=alice, kind="spend").count() == 5
    assert balance_of(alice) == 0


def test_concurrent_requests_with_one_idempotency_key_make_one_generation_and_one_debit(alice):
    responses = post_concurrently(alice, ["same-key"] * 10)

    assert {response.status_code for response in responses} == {202}
    assert len({response.json()["id"] for response in responses}) == 1
    assert Generation.objects.filter(user=alice).count() == 1
    assert LedgerEntry.objects.filter(user=alice, kind="spend").count() == 1
    assert balance_of(alice) == 80


def test_20_concurrent_free_scrapes_admit_exactly_the_hourly_limit(alice, settings):
    settings.SCRAPES_PER_HOUR = 10
    responses = post_concurrently(alice, [f"scrape-{n}" for n in range(20)], "meta-ads-full", SCRAPE_INPUTS)

    assert sorted(response.status_code for response in responses) == [202] * 10 + [429] * 10
    assert Generation.objects.filter(user=alice, step="scrape").count() == 10


def test_30_concurrent_uploads_admit_exactly_the_hourly_limit(alice, settings):
    settings.UPLOADS_PER_HOUR = 10
    responses = at_once(
        alice,
        30,
        lambda client, index: client.post(
            reverse("services:api-uploads"),
            {
                "bucket": "logos",
                "file": SimpleUploadedFile("logo.png", png_bytes(), content_type="image/png"),
            },
        ),
    )
    assert sorted(response.status_code for response in responses) == [201] * 10 + [429] * 20
