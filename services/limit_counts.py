"""The per-user generation limits' two counts, as SQL both ways of starting a generation use
(services.actions under the balance-row lock, services.start_statement within its statement).

Written in SQL: as an ORM aggregate they cost more Python than the database spends on them. Each
count reads its own index — (user, status, id) and (user, created_at) — and stops at a given
number of rows, so its cost does not grow with the user's history: knowing "at the limit" needs
no exact total.
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
    database vendor. Their parameters come from `counts_params`."""
    table = connection.ops.quote_name(Generation._meta.db_table)
    in_flight = ", ".join(_literal(status) for status in Generation.IN_FLIGHT)
    scrape = _literal(Generation.Step.SCRAPE)
    # The table name and the model's fixed choices are formatted in; every other value is a
    # parameter.
    return (
        f"(SELECT COUNT(*) FROM (SELECT 1 FROM {table} WHERE user_id = %s AND status IN ({in_flight}) "  # noqa: S608
        "LIMIT %s) AS counted) AS in_flight, "
        f"(SELECT COUNT(*) FROM (SELECT 1 FROM {table} WHERE user_id = %s AND created_at > %s "  # noqa: S608
        f"AND step <> {scrape} LIMIT %s) AS counted) AS this_hour"
    )


def _literal(choice) -> str:
    """A model choice's value as an SQL string literal: the statuses and the step never vary, so
    they are part of the statement's text rather than parameters bound on every start."""
    if not re.fullmatch(r"[a-z_]+", choice.value):
        raise ValueError(f"{choice.value!r} is not a plain choice value")
    return f"'{choice.value}'"


def counts_params(user_id: int, *, since, up_to_active: int, up_to_hourly: int) -> list:
    """The in-flight generations (counted up to `up_to_active`) and those started after `since`
    (hour_ago()), Meta Ads Full's free scrapes not among them (counted up to `up_to_hourly`)."""
    return [user_id, up_to_active, user_id, since, up_to_hourly]


def hour_ago():
    """A start made exactly an hour ago has left the hour (as for uploads): the moment a refusal's
    Retry-After names, the slot is free."""
    return timezone.now() - timedelta(hours=1)
