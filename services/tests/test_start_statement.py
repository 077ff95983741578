"""On PostgreSQL a paid start writes its generation, spend, ledger entry and job in one statement
(services.start_statement); elsewhere row by row. The two must write the same rows."""

import pytest
from django.db import connection, transaction
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext
from django_tasks_db.models import DBTaskResult

from credits.actions import InsufficientCredits
from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import _record_spend_enqueue, start_generation
from services.registry import TOOLS
from services.start_statement import applies, start_in_one_statement
from services.tasks import run_generation_task
from services.tests.generation_inputs import META_COPY_INPUTS

pytestmark = pytest.mark.postgres

META_COPY = TOOLS["meta-copy"]


@pytest.fixture(autouse=True)
def the_database_queue(settings):
    settings.TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}


def new_generation(user, key):
    return Generation(
        user=user,
        tool="meta-copy",
        service_type=META_COPY.service_type,
        input_data=META_COPY_INPUTS,
        credits_used=20,
        status=Generation.Status.QUEUED,
        idempotency_key=key,
    )


def rows(generation, *, spend_key: str):
    """The three rows a start writes, without what differs by design (ids, owner, keys, times)."""
    entry = LedgerEntry.objects.get(reference=f"generation:{generation.pk}")
    job = DBTaskResult.objects.get(args_kwargs__args=[generation.pk])
    assert job.args_kwargs == {"args": [generation.pk], "kwargs": {}}
    assert entry.user_id == generation.user_id and entry.idempotency_key == spend_key
    return (
        model_to_dict(
            Generation.objects.get(pk=generation.pk), exclude=["id", "user", "idempotency_key", "created_at"]
        ),
        model_to_dict(entry, exclude=["id", "user", "reference", "idempotency_key", "created_at"]),
        model_to_dict(job, exclude=["id", "args_kwargs", "enqueued_at"]),
    )


def test_one_statement_writes_what_the_row_by_row_path_writes(alice, bob):
    spend = {"cost": 20, "reason": "Meta Copy"}
    with transaction.atomic():
        one = start_in_one_statement(
            new_generation(alice, "a"), task=run_generation_task, spend_key="spend:a", **spend
        )
    with transaction.atomic():
        by_rows = new_generation(bob, "b")
        _record_spend_enqueue(by_rows, spend_key="spend:b", **spend)

    assert one.pk and one.balance_after == by_rows.balance_after == 80
    assert balance_of(alice) == balance_of(bob) == 80
    ((one_generation, one_entry, one_job), (row_generation, row_entry, row_job)) = (
        rows(one, spend_key="spend:a"),
        rows(by_rows, spend_key="spend:b"),
    )
    assert one_generation == row_generation
    assert one_entry == row_entry and one_entry["balance_after"] == 80 and one_entry["amount"] == -20
    assert one_job == row_job and one_job["status"] == "READY"


def test_too_few_credits_write_nothing_once_the_caller_rolls_back(alice):
    with pytest.raises(InsufficientCredits), transaction.atomic():
        generation = new_generation(alice, "a")
        generation.credits_used = 101
        start_in_one_statement(
            generation, task=run_generation_task, cost=101, reason="Meta Copy", spend_key="spend:a"
        )
    assert not Generation.objects.exists()
    assert not DBTaskResult.objects.exists()
    assert LedgerEntry.objects.filter(user=alice).count() == 1  # the sign-up grant
    assert balance_of(alice) == 100


def test_a_paid_start_is_one_statement_and_the_limit_counts(alice):
    with CaptureQueriesContext(connection) as queries:
        generation = start_generation(
            user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="k"
        )
    statements = [query["sql"] for query in queries.captured_queries if "SAVEPOINT" not in query["sql"]]
    assert len(statements) == 2, statements
    assert statements[0].startswith("WITH generation AS (INSERT")
    assert generation.balance_after == balance_of(alice) == 80
    assert rows(generation, spend_key=f"generation:{alice.pk}:k")[1]["reason"] == "Meta Copy"


def test_it_applies_to_the_database_queue_on_postgresql(settings):
    assert applies(run_generation_task)
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    assert not applies(run_generation_task)
