"""On PostgreSQL a paid start writes its generation, spend, ledger entry and job in one statement
(services.start_statement); elsewhere row by row. The two must write the same rows."""

import io

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.tasks.signals import task_enqueued
from django.test.utils import CaptureQueriesContext
from django_tasks_db.models import DBTaskResult

from credits.actions import InsufficientCredits
from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import GenerationLimitReached, _record_spend_enqueue, fail_generation, start_generation
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
    assert one_generation == row_generation and one_generation["deadline_at"] is None
    assert one_entry == row_entry and one_entry["balance_after"] == 80 and one_entry["amount"] == -20
    assert one_job == row_job and one_job["status"] == "READY" and one_job["worker_ids"] == []


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


@pytest.fixture
def announced():
    """The jobs task_enqueued announced."""
    seen = []

    def note(sender, task_result, **kwargs):
        seen.append(task_result.args)

    task_enqueued.connect(note)
    yield seen
    task_enqueued.disconnect(note)


def test_the_job_is_announced_once_the_start_commits_and_never_for_a_refused_one(
    alice, settings, announced, django_capture_on_commit_callbacks
):
    settings.GENERATION_MAX_ACTIVE_PER_USER = 1
    with django_capture_on_commit_callbacks(execute=True):
        first = start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="a")
    assert announced == [[first.pk]]
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(GenerationLimitReached):
        start_generation(user=alice, tool=META_COPY, inputs=META_COPY_INPUTS, idempotency_key="b")
    assert callbacks == [] and announced == [[first.pk]]
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
def test_it_refuses_to_run_outside_a_transaction(alice):
    with pytest.raises(RuntimeError):
        start_in_one_statement(
            new_generation(alice, "a"), task=run_generation_task, cost=20, reason="Meta Copy", spend_key="a"
        )
    assert not Generation.objects.exists() and balance_of(alice) == 100
