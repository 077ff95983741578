"""The per-user limit counts read only the user's own rows, whatever PostgreSQL's statistics say
(services.limit_counts). The one-statement start is prepared: planned once per connection for
every user, from statistics that may describe another moment — here, a table holding one user's
finished history when it was analysed, while other users' starts queue up since."""

from datetime import timedelta

import psycopg.sql
import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from credits.actions import grant_credits
from history.models import Generation
from services.actions import start_generation
from services.limit_counts import counts_params, counts_sql, hour_ago
from services.registry import TOOLS
from services.tests.generation_inputs import META_COPY_INPUTS

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

HISTORY = 400
QUEUED = 300
STARTS = 14
LONG_HISTORY = 8000  # enough rows for a count's estimate to matter


def generations(user, count: int, *, status: str, prefix: str, days_ago: int = 0) -> None:
    Generation.objects.bulk_create(
        Generation(
            user=user,
            tool="meta-copy",
            service_type="meta_copy",
            status=status,
            credits_used=20,
            idempotency_key=f"{prefix}-{n}",
            created_at=timezone.now() - timedelta(days=days_ago, minutes=n),
        )
        for n in range(count)
    )


def generic_plan(user) -> str:
    """The plan PostgreSQL keeps for the counts once it stops planning each execution anew."""
    params = counts_params(user.pk, since=hour_ago(), up_to_active=10)
    placeholders = iter(f"${n}" for n in range(1, len(params) + 1))
    sql = counts_sql(connection.vendor).replace("%s", "{}").format(*placeholders)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        cursor.execute(f"PREPARE limit_counts (bigint, bigint, bigint, timestamptz) AS SELECT {sql}")
        try:
            # EXECUTE takes values, not parameters: written as literals.
            values = (
                psycopg.sql.SQL(", ").join(map(psycopg.sql.Literal, params)).as_string(connection.connection)
            )
            cursor.execute(f"EXPLAIN EXECUTE limit_counts ({values})")
            return "\n".join(row[0] for row in cursor.fetchall())
        finally:
            cursor.execute("DEALLOCATE limit_counts")


def test_the_counts_read_the_users_own_index_entries_under_statistics_of_another_moment(alice, bob):
    generations(alice, HISTORY, status=Generation.Status.SUCCESS, prefix="history")
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {Generation._meta.db_table}")
    generations(bob, QUEUED, status=Generation.Status.QUEUED, prefix="queued")

    plan = generic_plan(alice)

    assert "Seq Scan" not in plan, plan
    assert "generation_user_in_flight" in plan, plan  # the unfinished generations, by user
    assert "generation_user_newest" in plan, plan  # the user's generations, newest first
    assert plan.count("Index Cond: (user_id = $1)") == 1, plan
    assert "Index Cond: ((user_id = $3) AND (created_at > $4)" in plan, plan


@pytest.fixture
def the_database_queue(settings):
    settings.TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}


def test_the_start_statement_is_planned_once_not_on_every_start(alice, bob, the_database_queue):
    """PostgreSQL plans a prepared statement's first five executions for their values, then keeps
    one plan for all values if that plan's estimated cost is no higher. Had the limit counts made
    the plan for all values look dearer than those for one user's, it would plan every start anew
    (about a third of the database's time for a start, bench/RESULTS.md)."""
    generations(alice, LONG_HISTORY, status=Generation.Status.SUCCESS, prefix="history", days_ago=30)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {Generation._meta.db_table}")
    grant_credits(user=bob, amount=STARTS * 20, reason="Test", idempotency_key="plan-test")

    for n in range(STARTS):
        start_generation(
            user=bob, tool=TOOLS["meta-copy"], inputs=META_COPY_INPUTS, idempotency_key=f"start-{n}"
        )

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE 'WITH seen%%'"
        )
        generic, custom = cursor.fetchone()
    prepared_from = settings.DATABASES["default"]["OPTIONS"]["prepare_threshold"]  # psycopg's
    assert custom == 5 and generic == STARTS - prepared_from - 5, (generic, custom)
