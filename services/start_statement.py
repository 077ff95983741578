"""A paid start on PostgreSQL with the database queue: the generation, its spend, its ledger entry
and its job written by one statement.

POST /api/generations/ is the app's hottest write. Written row by row, its transaction is seven
round trips to the database (BEGIN, the generation's INSERT, the spend's UPDATE and ledger INSERT,
the limit counts, the job's INSERT, COMMIT), and each round trip costs the web process and the
database more CPU than the work in it (bench/RESULTS.md). Here the four writes are data-modifying
CTEs of one statement, so the transaction is BEGIN, this statement, the limit counts, COMMIT.

The rows are the ones the row-by-row path (services.actions.start_generation elsewhere: SQLite,
another queue, a free step) writes: built from the same unsaved model instances with the same
field conversions (config.sql), the spend as credits writes it (credits.actions.spend_in_statement),
the job as django_tasks_db's enqueue writes it. A test holds the two paths to the same rows.

With too few credits the spend's UPDATE changes nothing, the ledger entry and the job (which
select from it) are not written, and the caller rolls the generation back. The limit counts stay
a statement of their own, after this one: a statement reads the database as it was when the
statement began, and only once this one has the user's balance-row lock does a fresh read see
every start of that user that went before.
"""

from django.db import connection, transaction

from config import sql
from config.task_queue import DatabaseBackend
from credits.actions import InsufficientCredits, spend_in_statement
from history.models import Generation

# The new generation's id, as the statement's first CTE (`generation`) returns it.
GENERATION_ID = f"generation.{Generation._meta.pk.column}"
# The job's arguments as the database queue stores them (normalize_json({"args": [id], "kwargs": {}})).
JOB_ARGUMENTS = f"jsonb_build_object('args', jsonb_build_array({GENERATION_ID}), 'kwargs', '{{}}'::jsonb)"


def applies(task) -> bool:
    """PostgreSQL (data-modifying CTEs) and our database queue (whose job row can be written
    within the statement)."""
    return connection.vendor == "postgresql" and isinstance(task.get_backend(), DatabaseBackend)


def start_in_one_statement(
    generation: Generation, *, task, cost: int, reason: str, spend_key: str
) -> Generation:
    """INSERT the unsaved `generation`, spend `cost` for it and enqueue `task` with its id, in the
    caller's transaction (see `applies`). Raises InsufficientCredits when the balance does not
    cover `cost`: the caller's transaction must then roll back the generation this statement
    inserted, so it refuses to run outside one."""
    if not connection.in_atomic_block:
        raise RuntimeError("start_in_one_statement needs the caller's transaction to undo a refused start.")
    backend = task.get_backend()
    backend.validate_task(task)
    job = backend.unsaved_row(task, (), {})
    record, record_params = sql.insert_statement(generation)
    spend, spend_params = spend_in_statement(
        user=generation.user,
        amount=cost,
        reason=reason,
        idempotency_key=spend_key,
        source="generation",
        reference_sql=f"'generation:' || {GENERATION_ID}",
    )
    enqueue, enqueue_params = sql.insert_select(
        job,
        source="generation, spend",
        computed={"args_kwargs": JOB_ARGUMENTS},
        does_receivers_work=True,  # unsaved_row did their work
    )
    # Only SQL built from the models' metadata and this module's fixed text; every value is bound.
    statement = (
        f"WITH generation AS ({record}), {spend}, job AS ({enqueue}) "  # noqa: S608
        f"SELECT {GENERATION_ID}, spend.balance FROM generation LEFT JOIN spend ON TRUE"
    )
    with connection.cursor() as cursor:
        cursor.execute(statement, [*record_params, *spend_params, *enqueue_params])
        generation.pk, balance_after = cursor.fetchone()
    if balance_after is None:
        raise InsufficientCredits(cost)
    generation._state.adding = False
    generation._state.db = connection.alias
    generation.balance_after = balance_after
    job.args_kwargs = {"args": [generation.pk], "kwargs": {}}
    job._state.adding = False
    # Enqueue announces a job as it writes it; this one exists once the caller commits. Robust: a
    # failing receiver is logged, never turned into an error answer for a start that committed.
    transaction.on_commit(lambda: backend.announce(job.task_result), robust=True)
    return generation
