"""The per-user limit counts read only the user's own rows, whatever PostgreSQL's statistics say
(services.limit_counts). The one-statement start is prepared: planned once per connection for
every user, from statistics that may describe another moment — here, a table holding one user's
finished history when it was analysed, while other users' starts queue up since."""

import psycopg.sql
import pytest
from django.db import connection, transaction
from django.utils import timezone

from history.models import Generation
from services.limit_counts import counts_params, counts_sql, hour_ago

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

HISTORY = 400
QUEUED = 300


def generations(user, count: int, *, status: str, prefix: str) -> None:
    Generation.objects.bulk_create(
        Generation(
            user=user,
            tool="meta-copy",
            service_type="meta_copy",
            status=status,
            credits_used=20,
            idempotency_key=f"{prefix}-{n}",
            created_at=timezone.now(),
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
    assert "Index Cond: ((user_id = $3) AND (created_at > $4))" in plan, plan
