"""On PostgreSQL a paid start writes its generation, spend, ledger entry and job in one statement
(services.start_statement); elsewhere row by row. The two must write the same rows."""

import io
import threading
import time
from enum import Enum
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.tasks.signals import task_enqueued
from django.test.utils import CaptureQueriesContext
from django_tasks_db.models import DBTaskResult
from psycopg._queries import MAX_CACHED_STATEMENT_LENGTH, MAX_CACHED_STATEMENT_PARAMS

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import (
    GenerationLimitReached,
    _enqueue,
    _record_and_spend,
    fail_generation,
    start_generation,
)
from services.limit_counts import _literal, counts_sql
from services.registry import TOOLS
from services.start_statement import applies, start_if_admitted
from services.tasks import run_generation_task
from services.tests.generation_inputs import META_COPY_INPUTS, SCRAPE_INPUTS

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
    """The three rows a start writes, every column but what differs by design (ids, owner, keys,
    times of writing)."""
    entry = LedgerEntry.objects.filter(reference=f"generation:{generation.pk}")
    job = DBTaskResult.objects.filter(args_kwargs__args=[generation.pk])
    assert job.get().args_kwargs == {"args": [generation.pk], "kwargs": {}}
    assert entry.get().user_id == generation.user_id and entry.get().idempotency_key == spend_key

    def columns(queryset, *differing):
        return {k: v for k, v in queryset.values().get().items() if k not in differing}

    return (
        columns(
            Generation.objects.filter(pk=generation.pk), "id", "user_id", "idempotency_key", "created_at"
        ),
        columns(entry, "id", "user_id", "reference", "idempotency_key", "created_at"),
        columns(job, "id", "args_kwargs", "enqueued_at"),
    )


def test_one_statement_writes_what_the_row_by_row_path_writes(alice, bob):
    spend = {"cost": 20, "reason": "Meta Copy"}
    one = start_if_admitted(
        new_generation(alice, "a"), task=run_generation_task, spend_key="spend:a", **spend
    )
    with transaction.atomic():
        by_rows = new_generation(bob, "b")
        _record_and_spend(by_rows, spend_key="spend:b", **spend)
        _enqueue(by_rows.pk)

    assert one.pk and one.balance_after == by_rows.balance_after == 80
    assert balance_of(alice) == balance_of(bob) == 80
    ((one_generation, one_entry, one_job), (row_generation, row_entry, row_job)) = (
        rows(one, spend_key="spend:a"),
        rows(by_rows, spend_key="spend:b"),
    )
    assert one_generation == row_generation and one_generation["deadline_at"] is None
    assert one_entry == row_entry and one_entry["balance_after"] == 80 and one_entry["amount"] == -20
    assert one_job == row_job and one_job["status"] == "READY" and one_job["worker_ids"] == []


def nothing_written_for(alice):
    assert not Generation.objects.filter(idempotency_key="new").exists()
    assert LedgerEntry.objects.filter(user=alice, idempotency_key="spend:new").count() == 0
    assert DBTaskResult.objects.count() == Generation.objects.count()


def test_too_few_credits_write_nothing(alice):
    generation = new_generation(alice, "new")
    generation.credits_used = 101
    assert (
        start_if_admitted(
            generation, task=run_generation_task, cost=101, reason="Meta Copy", spend_key="spend:new"
        )
        is None
    )
    nothing_written_for(alice)
    assert balance_of(alice) == 100


def test_a_user_at_a_limit_is_not_admitted(alice, settings):
    settings.GENERATION_MAX_ACTIVE_PER_USER = 2
    settings.GENERATIONS_PER_HOUR = 3
    start = {"task": run_generation_task, "cost": 20, "reason": "Meta Copy"}
    for key in ("a", "b"):
        assert start_if_admitted(new_generation(alice, key), spend_key=key, **start)
    assert start_if_admitted(new_generation(alice, "new"), spend_key="spend:new", **start) is None
    nothing_written_for(alice)
    Generation.objects.filter(idempotency_key="a").update(status=Generation.Status.SUCCESS)
    assert start_if_admitted(new_generation(alice, "c"), spend_key="c", **start)  # in flight: b, c
    Generation.objects.update(status=Generation.Status.SUCCESS)
    assert (
        start_if_admitted(new_generation(alice, "new"), spend_key="spend:new", **start) is None
    )  # 3 this hour
    nothing_written_for(alice)
    assert balance_of(alice) == 40


def test_a_paid_start_is_one_statement(alice):
    with CaptureQueriesContext(connection) as queries:
        generation = start_generation(
            user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="k"
        )
    statements = [query["sql"] for query in queries.captured_queries if "SAVEPOINT" not in query["sql"]]
    assert len(statements) == 1, statements
    assert statements[0].startswith("WITH seen AS (SELECT xmin")
    assert generation.balance_after == balance_of(alice) == 80
    assert rows(generation, spend_key=f"generation:{alice.pk}:k")[1]["reason"] == "Meta Copy"


def test_psycopg_keeps_the_statement_converted(alice):
    """psycopg converts a statement's placeholders once and keeps the result, but only for a
    statement of at most 4,096 characters and 50 parameters: past either, every start would pay
    for the conversion again (a tenth of a millisecond of the web process's CPU)."""
    sent = []

    def note(execute, sql, params, many, context):
        sent.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(note):
        start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="k")
    sql, params = next((sql, params) for sql, params in sent if sql.startswith("WITH"))
    assert len(sql.encode()) <= MAX_CACHED_STATEMENT_LENGTH
    assert len(params) <= MAX_CACHED_STATEMENT_PARAMS
    # psycopg finds a choices enum member's dumper by walking its class's MRO, afresh in every
    # cursor; the plain value it would send is found at once.
    assert not [param for param in params if isinstance(param, Enum)]


def test_only_plain_choice_values_are_written_into_the_counts_text():
    assert "status IN ('queued', 'running')" in counts_sql(connection.vendor)
    with pytest.raises(ValueError, match="not a plain choice value"):
        _literal(SimpleNamespace(value="it's"))


def test_it_applies_to_the_database_queue_on_postgresql(settings):
    assert applies(run_generation_task)
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    assert not applies(run_generation_task)


@pytest.fixture
def announced():
    """The results task_enqueued announced."""
    seen = []

    def note(sender, task_result, **kwargs):
        seen.append(task_result)

    task_enqueued.connect(note)
    yield seen
    task_enqueued.disconnect(note)


def test_the_job_is_announced_once_the_start_commits_and_never_for_a_refused_one(
    alice, settings, announced, django_capture_on_commit_callbacks
):
    settings.GENERATION_MAX_ACTIVE_PER_USER = 1
    with django_capture_on_commit_callbacks(execute=True):
        first = start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="a")
    # The library's own result of the row written.
    assert announced == [DBTaskResult.objects.get().task_result]
    assert announced[0].args == [first.pk]
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(GenerationLimitReached):
        start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="b")
    assert callbacks == [] and len(announced) == 1
    assert balance_of(alice) == 80 and DBTaskResult.objects.count() == 1


def test_a_repeated_key_answers_with_the_first_start_and_spends_nothing_more(alice):
    first = start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="k")
    again = start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="k")
    assert again.pk == first.pk
    assert balance_of(alice) == 80
    assert LedgerEntry.objects.filter(user=alice, kind="spend").count() == 1
    assert DBTaskResult.objects.count() == 1


def test_a_one_statement_spend_is_refunded_when_the_generation_fails(alice):
    generation = start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="k")
    assert fail_generation(generation=generation, message="The engine failed.")
    assert balance_of(alice) == 100
    refund = LedgerEntry.objects.get(user=alice, kind="refund")
    assert (refund.reference, refund.amount) == (f"generation:{generation.pk}", 20)
    call_command("check_ledger", stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_the_start_commits_and_is_announced_at_once(alice, announced):
    generation = start_if_admitted(
        new_generation(alice, "a"), task=run_generation_task, cost=20, reason="Meta Copy", spend_key="a"
    )
    assert [result.args for result in announced] == [[generation.pk]]
    assert Generation.objects.get().pk == generation.pk and balance_of(alice) == 80


def waiting_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("tool", "inputs"),
    [(META_COPY, META_COPY_INPUTS), (TOOLS["meta-ads-full"], SCRAPE_INPUTS)],
    ids=["paid", "free"],
)
def test_a_start_that_waited_for_another_of_the_user_counts_again(alice, settings, tool, inputs):
    """The statement counts what its start saw; a start of the same user (paid, or a free scrape)
    that commits while the statement waits for the balance row is not among it. The statement
    must then write nothing, and the start count again under the lock."""
    settings.GENERATION_MAX_ACTIVE_PER_USER = 1
    outcome = []

    def second_start():
        try:
            start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="second")
            outcome.append("started")
        except GenerationLimitReached:
            outcome.append("refused")
        finally:
            connection.close()

    with transaction.atomic():
        start_generation(user=alice, tool=tool, inputs=inputs, idempotency_key="first")
        second = threading.Thread(target=second_start)
        second.start()
        give_up = time.monotonic() + 10
        while not waiting_for_a_lock() and time.monotonic() < give_up:
            time.sleep(0.01)
        assert waiting_for_a_lock(), "the second start did not wait for the balance row"
    second.join()

    assert outcome == ["refused"]
    assert Generation.objects.in_flight().count() == 1
    assert balance_of(alice) == 100 - tool.cost_for(inputs.get("step", ""))
    call_command("check_ledger", stdout=io.StringIO())
