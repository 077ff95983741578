"""Concurrent POST /api/generations/ on PostgreSQL: the balance and idempotency keys hold under load."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.tests.generation_inputs import META_COPY_INPUTS

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def jobs_are_only_recorded(settings):
    # What happens after the commit is not under test here: the dummy backend just records the task.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}


def post_concurrently(user, keys: list[str]) -> list:
    """One thread per key, each with its own signed-in client; all released at the same moment."""
    clients = []
    for _ in keys:
        client = Client()
        client.force_login(user)
        clients.append(client)
    barrier = threading.Barrier(len(keys))
    responses = [None] * len(keys)

    def post(index: int):
        try:
            barrier.wait()
            responses[index] = clients[index].post(
                reverse("services:api-generations"),
                {"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": keys[index]},
                content_type="application/json",
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(keys))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


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
