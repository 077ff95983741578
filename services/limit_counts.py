"""The per-user generation limits' two counts, as SQL both ways of starting a generation use
(services.actions under the balance-row lock, services.start_statement within its statement).

Written in SQL: as an ORM aggregate they cost more Python than the database spends on them. Each
count reads its own index — the unfinished generations' (user, id) and (user, created_at) — so its
cost does not grow with the user's history, nor with other users': the in-flight count stops at
a given number of rows (knowing "at the limit" needs no exact total), and the hourly limit keeps
the hour's rows few.
"""

import functools
import re
from datetime import timedelta

from django.db import connection
from django.utils import timezone

from history.models import Generation


@functools.cache
def counts_sql(vendor: str) -> str:
    """`(…) AS in_flight, (…) AS this_hour`: two scalar subqueries for a SELECT list, built once per
    database vendor. Their parameters come from `counts_params`.

    Written so that PostgreSQL has one good plan whatever its statistics say: it plans the
    one-statement start once per connection for every user (a prepared statement), from
    statistics that may describe another moment — taken while one account's history filled the
    table, say, when by-date or whole-table scans looked as good (bench/RESULTS.md). The in-flight
    count reads the unfinished generations' (user, id) index in its order, which nothing else
    gives without a sort, and stops at the limit; the hour's count reads (user, created_at) to the
    end (a LIMIT would make a scan that might stop early look cheap): the hourly limit itself keeps
    that short, and a bound that excludes nothing keeps its estimate narrow (_NO_LATER_THAN_EVER).
    The estimate of a user's share of the table is fixed (history migration 0007)."""
    table = connection.ops.quote_name(Generation._meta.db_table)
    statuses = ", ".join(_literal(status) for status in Generation.IN_FLIGHT)
    scrape = _literal(Generation.Step.SCRAPE)
    # The table name and the model's fixed choices are formatted in; every other value is a
    # parameter.
    return (
        f"(SELECT COUNT(*) FROM (SELECT 1 FROM {table} WHERE user_id = %s AND status IN ({statuses}) "  # noqa: S608
        "ORDER BY id LIMIT %s) AS counted) AS in_flight, "
        f"(SELECT COUNT(*) FROM {table} WHERE user_id = %s AND created_at > %s{_NO_LATER_THAN_EVER.get(vendor, '')} "  # noqa: S608
        f"AND step <> {scrape}) AS this_hour"
    )


# An upper bound that excludes nothing, for the planner: a range with an unknown end (the plan kept
# for every start, `created_at > $n`) is estimated as narrow, an open one as a third of the rows.
# Estimated that wide, the hour's count made the plan for every value look dearer than one made
# for the values at hand, so PostgreSQL planned every start anew (a third of its time for one).
_NO_LATER_THAN_EVER = {"postgresql": " AND created_at < 'infinity'"}


def _literal(choice) -> str:
    """A model choice's value as an SQL string literal: the statuses and the step never vary, so
    they are part of the statement's text rather than parameters bound on every start."""
    if not re.fullmatch(r"[a-z_]+", choice.value):
        raise ValueError(f"{choice.value!r} is not a plain choice value")
    return f"'{choice.value}'"


def counts_params(user_id: int, *, since, up_to_active: int) -> list:
    """The in-flight generations (counted up to `up_to_active`) and those started after `since`
    (hour_ago()), Meta Ads Full's free scrapes not among them."""
    return [user_id, up_to_active, user_id, since]


def hour_ago():
    """A start made exactly an hour ago has left the hour (as for uploads): the moment a refusal's
    Retry-After names, the slot is free."""
    return timezone.now() - timedelta(hours=1)
