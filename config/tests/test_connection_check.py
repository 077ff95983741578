"""A signed-in request's session read stands in for its connection's health check
(config.connection_check): one round trip fewer on every signed-in request, and a connection lost
since the last request is still replaced before the request can fail on it."""

import psycopg
import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections

from config.connection_check import read_checking_connection

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BALANCE_API = "/api/credits/"


@pytest.fixture
def connection():
    """The connection object itself (django.db.connection is a proxy to it), looked up afresh: a
    test that changes DATABASES makes Django build new ones."""
    return connections[DEFAULT_DB_ALIAS]


@pytest.fixture
def check_due(monkeypatch, connection):
    """The connection as a request finds it when kept from an earlier request (the request_started
    signal's close_old_connections, which Django's test client leaves out): a health check is due.
    Returns the list of Django's own checks (`is_usable` calls) made from then on."""
    connection.ensure_connection()
    monkeypatch.setattr(connection, "health_check_enabled", True)
    connection.close_if_unusable_or_obsolete()
    assert connection.connection is not None and not connection.health_check_done
    checks = []
    is_usable = connection.is_usable

    def counted():
        checks.append(True)
        return is_usable()

    monkeypatch.setattr(connection, "is_usable", counted)
    return checks


def backend_pid(connection) -> int:
    return connection.connection.info.backend_pid  # no round trip


def cut_connection(connection, pid: int) -> None:
    """What a database restart does to a kept connection: the server ends it."""
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"],
        port=db["PORT"],
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname=db["NAME"],
        autocommit=True,
    ) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])


def test_the_session_read_is_the_requests_health_check(alice_client, check_due, connection):
    response = alice_client.get(BALANCE_API)

    assert response.status_code == 200
    assert check_due == []  # no SELECT 1 of its own
    assert connection.health_check_done


def test_a_connection_cut_since_the_last_request_is_replaced_and_the_request_answers(
    alice_client, check_due, connection
):
    first_pid = backend_pid(connection)
    cut_connection(connection, first_pid)

    response = alice_client.get(BALANCE_API)

    assert response.status_code == 200
    assert response.json()["credits"] == 100  # alice's sign-up credits, read on the new connection
    assert backend_pid(connection) != first_pid


def test_an_anonymous_request_still_has_djangos_own_check(client, check_due):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert check_due == [True]


def test_a_failure_of_the_read_itself_is_raised_once_on_a_working_connection(check_due, connection):
    reads = []

    def slow_read():
        reads.append(True)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_sleep(1)")

    connection.connection.execute("SET statement_timeout = 20")  # psycopg's own: not a Django query
    try:
        with pytest.raises(OperationalError):
            read_checking_connection(slow_read)
    finally:
        connection.connection.execute("SET statement_timeout = 0")

    assert reads == [True]  # not run again: the connection was fine
    assert check_due == [True]  # which the check after the failure found


def test_no_check_is_due_once_done(check_due, connection):
    connection.health_check_done = True
    assert read_checking_connection(lambda: "read") == "read"
    assert check_due == []
