"""The usual paid start on PostgreSQL with the database queue: admitted by the per-user limits,
paid for, recorded and queued by one statement that commits on its own.

POST /api/generations/ is the app's hottest write. Written row by row, its transaction is seven
round trips to the database (BEGIN, the generation's INSERT, the spend's UPDATE and ledger INSERT,
the job's INSERT, the limit counts, COMMIT), and each round trip costs the web process and the
database more CPU than the work in it (bench/RESULTS.md). Here it is one: the limit counts, the
spend, the generation, its ledger entry and its job are CTEs of one statement, sent outside any
transaction (PostgreSQL runs a statement as a whole or not at all).

The limits hold exactly without the lock the row-by-row path counts under. A statement reads
the database as it was when the statement began; so this one reads the user's balance row's
version (`xmin`, the transaction that wrote it) along with the counts, and its UPDATE spends only
if the row is still that version. Every start writes the user's balance row (a spend, or a free
step's write of the same value, services.actions._lock_balance_row), so when another start of
the user committed while this statement waited for the row's lock, PostgreSQL re-checks the
UPDATE's condition against the new version, which fails: nothing is written, and the caller
takes the row-by-row path, which counts again under the lock. A grant or refund in between has
the same effect, harmlessly.

The statement writes nothing, and the caller takes the row-by-row path, in every other case too:
too few credits, a limit reached. That path decides exactly as before (the refusal's message,
its Retry-After, the answer to a repeated key). So this statement only has to be right about
when a start is admitted, and about its rows: they are the ones the row-by-row path writes,
built from the same unsaved model instances with the same field conversions (config.sql), the
spend as credits writes it (credits.actions.spend_in_statement), the job as django_tasks_db's
enqueue writes it. A test holds the two paths to the same rows.
"""

from contextlib import nullcontext
from functools import cache

from django.conf import settings
from django.db import connection, transaction

from config import sql
from config.task_queue import DatabaseBackend
from credits.actions import spend_in_statement
from credits.models import CreditBalance
from history.models import Generation
from services import limit_counts

# The new generation's id, as the statement's CTE `generation` returns it.
GENERATION_ID = f"generation.{Generation._meta.pk.column}"
# The job's arguments as the database queue stores them (normalize_json({"args": [id], "kwargs": {}})).
JOB_ARGUMENTS = f"jsonb_build_object('args', jsonb_build_array({GENERATION_ID}), 'kwargs', '{{}}'::jsonb)"
# The spend's further condition: the balance row is the version `seen` read, and the user is
# below both limits. `seen` yields no row without a balance row, and the condition is then NULL.
ADMITTED = "xmin = (SELECT version FROM seen) AND (SELECT in_flight < %s AND this_hour < %s FROM seen)"


def applies(task) -> bool:
    """PostgreSQL (data-modifying CTEs) and our database queue (whose job row can be written
    within the statement)."""
    return connection.vendor == "postgresql" and isinstance(task.get_backend(), DatabaseBackend)


def start_if_admitted(
    generation: Generation, *, task, cost: int, reason: str, spend_key: str
) -> Generation | None:
    """INSERT the unsaved `generation`, spend `cost` for it and enqueue `task` with its id — if the
    user's balance covers `cost`, the user is below both limits and no other start of the user
    came in between (see the module's text). Returns the saved generation, or None when the
    statement wrote nothing. Committed on return, unless the caller has a transaction open (a
    savepoint then undoes a failed statement and nothing else). A repeated idempotency key fails
    the statement with IntegrityError."""
    backend = task.get_backend()
    backend.validate_task(task)
    job = backend.unsaved_row(task, (), {})
    user = generation.user
    active_limit = settings.GENERATION_MAX_ACTIVE_PER_USER
    hourly_limit = settings.GENERATIONS_PER_HOUR
    seen = _seen_statement(connection.vendor)
    seen_params = [
        *limit_counts.counts_params(user.pk, since=limit_counts.hour_ago(), up_to_active=active_limit),
        user.pk,
    ]
    spend = spend_in_statement(
        user=user,
        amount=cost,
        reason=reason,
        idempotency_key=spend_key,
        source="generation",
        reference_sql=f"'generation:' || {GENERATION_ID}",
        condition=ADMITTED,
        condition_params=(active_limit, hourly_limit),
    )
    record, record_params = sql.insert_select(generation, source="spend", computed={})
    enqueue, enqueue_params = sql.insert_select(
        job,
        source="generation",
        computed={"args_kwargs": JOB_ARGUMENTS},
        does_receivers_work=True,  # unsaved_row did their work
    )
    pk = connection.ops.quote_name(Generation._meta.pk.column)
    # Only SQL built from the models' metadata and this module's fixed text; every value is bound.
    statement = (
        f"WITH {seen}, {spend.spend}, generation AS ({record} RETURNING {pk}), "  # noqa: S608
        f"{spend.entry}, job AS ({enqueue}) "
        f"SELECT {GENERATION_ID}, spend.balance FROM generation, spend"
    )
    params = [*seen_params, *spend.spend_params, *record_params, *spend.entry_params, *enqueue_params]
    savepoint = transaction.atomic() if connection.in_atomic_block else nullcontext()
    with savepoint, connection.cursor() as cursor:
        cursor.execute(statement, params)
        row = cursor.fetchone()
    if row is None:
        return None
    generation.pk, generation.balance_after = row
    generation._state.adding = False
    generation._state.db = connection.alias
    job.args_kwargs = {"args": [generation.pk], "kwargs": {}}
    job._state.adding = False
    # Enqueue announces a job as it writes it; this one exists once committed (now, or when the
    # caller's transaction commits). Robust: a failing receiver is logged, never turned into an
    # error answer for a start that committed.
    transaction.on_commit(lambda: backend.announce(backend.written_result(job, task)), robust=True)
    return generation


@cache
def _seen_statement(vendor: str) -> str:
    """`seen`: the user's balance row's version and the two limit counts, as this statement's
    snapshot has them."""
    quote = connection.ops.quote_name
    balance_table = quote(CreditBalance._meta.db_table)
    user_id = quote(CreditBalance._meta.get_field("user").column)
    counts = limit_counts.counts_sql(vendor)
    # Only names from the models' metadata are formatted in; every value is a parameter.
    return f"seen AS (SELECT xmin AS version, {counts} FROM {balance_table} WHERE {user_id} = %s)"  # noqa: S608
