"""The database task queue (config/task_queue.py): its cheaper enqueue writes the row
django-tasks-db itself writes, answers with the library's result and sends task_enqueued once."""

import pytest
from django.tasks import task_backends
from django.tasks.signals import task_enqueued
from django_tasks_db.backend import DatabaseBackend as LibraryDatabaseBackend
from django_tasks_db.models import DBTaskResult

from config.task_queue import DatabaseBackend
from services.tasks import run_generation_task

pytestmark = pytest.mark.django_db

# What differs between any two rows: each has its own id and enqueue time.
OWN_FIELDS = {"id", "enqueued_at"}


def row_values(row: DBTaskResult) -> dict:
    return {
        field.attname: getattr(row, field.attname)
        for field in DBTaskResult._meta.concrete_fields
        if field.attname not in OWN_FIELDS
    }


@pytest.fixture
def backends(settings):
    settings.TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}
    ours = task_backends[run_generation_task.backend]
    assert isinstance(ours, DatabaseBackend)
    return ours, LibraryDatabaseBackend(ours.alias, {})


def test_it_writes_the_row_the_library_writes(backends):
    ours, library = backends
    our_result = ours.enqueue(run_generation_task, (41,), {})
    library_result = library.enqueue(run_generation_task, (41,), {})
    ours_row = DBTaskResult.objects.get(id=our_result.id)
    library_row = DBTaskResult.objects.get(id=library_result.id)
    assert row_values(ours_row) == row_values(library_row)
    assert ours_row.args_kwargs == {"args": [41], "kwargs": {}}
    assert ours_row.status == "READY"


def test_it_answers_with_the_library_result_of_the_new_row(backends):
    ours, _ = backends
    result = ours.enqueue(run_generation_task, (7,), {})
    assert DBTaskResult.objects.get(id=result.id).task_result == result
    assert result.args == [7]
    assert result.task.module_path == "services.tasks.run_generation_task"


def test_it_sends_task_enqueued_once_with_that_result(backends):
    ours, _ = backends
    sent = []

    def receiver(sender, task_result, **kwargs):
        sent.append(task_result)

    task_enqueued.connect(receiver)
    try:
        result = ours.enqueue(run_generation_task, (7,), {})
    finally:
        task_enqueued.disconnect(receiver)
    assert sent == [result]
