"""A request's first read as its database connection's health check.

With CONN_HEALTH_CHECKS, Django checks a connection kept from an earlier request with a `SELECT 1`
before the request's first query: a round trip of its own, which costs the web process and the
database about as much CPU as a small query. The read every signed-in request starts with (its
session, accounts.sessions) can be that check: it runs first, and if it fails because the
connection is gone (the database restarted, say), the connection is replaced and the read runs
again — what the check would have done before it. Only for a read outside any transaction, so
that running it twice changes nothing.
"""

from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections


def read_checking_connection(read, using: str = DEFAULT_DB_ALIAS):
    """`read()`, standing in for the connection's pending health check (if one is due)."""
    connection = connections[using]
    if (
        connection.connection is None  # a new connection is healthy
        or not connection.health_check_enabled
        or connection.health_check_done
        or connection.in_atomic_block
    ):
        return read()
    connection.health_check_done = True
    try:
        return read()
    except (OperationalError, InterfaceError):
        if connection.is_usable():
            raise  # the read's own failure, on a working connection
        connection.close()
        return read()  # on a new connection
