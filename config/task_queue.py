"""The database task queue: django-tasks-db's backend, with a cheaper enqueue.

Every paid generation request enqueues one task inside its transaction, so the task row's INSERT
is on the money path. The library writes it with `DBTaskResult.objects.create()`; this writes the
same row with `config.sql.insert`, a fraction of the Python. The library's pre_save receiver
(`run_after` None → "no delay") is applied here, since `insert` sends no signals. Workers
(`manage.py db_worker`) read the rows as usual.
"""

from django_tasks_db.backend import DatabaseBackend as LibraryDatabaseBackend
from django_tasks_db.backend import TaskResult
from django_tasks_db.compat import TaskResultStatus, normalize_json, task_enqueued
from django_tasks_db.models import DBTaskResult, get_date_max
from django_tasks_db.utils import normalize_uuid

from config import sql


class DatabaseBackend(LibraryDatabaseBackend):
    def enqueue(self, task, args, kwargs):
        # The library's, building the result once (it builds it for the signal and again for the
        # caller), from the task in hand.
        self.validate_task(task)
        result = self.written_result(self._task_to_db_task(task, args, kwargs), task)
        self.announce(result)
        return result

    def _task_to_db_task(self, task, args, kwargs) -> DBTaskResult:
        return sql.insert(self.unsaved_row(task, args, kwargs), does_receivers_work=True)

    def unsaved_row(self, task, args, kwargs) -> DBTaskResult:
        """The row enqueue writes, not yet written: for a caller that writes it within a larger
        statement (services.start_statement) and then calls `announce`. The library's one
        receiver's work (run_after None → "no delay") is done here, since neither way of writing
        it sends signals."""
        return DBTaskResult(
            id=self._get_id(),
            args_kwargs=normalize_json({"args": args, "kwargs": kwargs}),
            priority=task.priority,
            task_path=task.module_path,
            queue_name=task.queue_name,
            run_after=task.run_after or get_date_max(),
            backend_name=self.alias,
        )

    def written_result(self, row: DBTaskResult, task) -> TaskResult:
        """`row.task_result` for a row just written from `task` (unsaved_row): the library's
        property rebuilds the task from the row — imports it by its path, copies it with
        Task.using and validates the copy — which is `task` again, at twice the cost of building
        the result from `task` (29 µs against 16 µs, measured in a loop). Tests hold the two
        equal."""
        return TaskResult(
            db_result=row,
            task=task,
            id=normalize_uuid(row.id),
            status=TaskResultStatus[row.status],
            enqueued_at=row.enqueued_at,
            started_at=None,
            last_attempted_at=None,
            finished_at=None,
            args=row.args_kwargs["args"],
            kwargs=row.args_kwargs["kwargs"],
            backend=row.backend_name,
            errors=[],
            worker_ids=row.worker_ids,
        )

    def announce(self, task_result) -> None:
        """What enqueue does once the row is written: the task_enqueued signal."""
        task_enqueued.send(type(self), task_result=task_result)
