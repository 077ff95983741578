"""The dashboard's per-status counts read the (user, status, id) index alone. 0003 once created
it on (user, status) only and was edited in place afterwards; 0005 rebuilds it so every database,
however far it had migrated before, ends up with the same index."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from history.models import Generation

TABLE = Generation._meta.db_table


def index_columns() -> dict[str, list[str]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, TABLE)
    return {name: info["columns"] for name, info in constraints.items() if info["index"]}


def migrate_history_to(target: str) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([("history", target)])


def latest_history_migration() -> str:
    executor = MigrationExecutor(connection)
    (leaf,) = [name for app, name in executor.loader.graph.leaf_nodes() if app == "history"]
    return leaf


@pytest.mark.django_db
def test_after_migrating_the_generations_table_has_the_user_status_id_index():
    assert index_columns()["generation_user_status_id"] == ["user_id", "status", "id"]
    assert "generation_user_status" not in index_columns()


@pytest.mark.django_db(transaction=True)
def test_a_database_with_the_old_two_column_index_gets_the_three_column_one():
    latest = latest_history_migration()
    try:
        migrate_history_to("0004_step_labels")
        # What a database migrated between 0003's first and edited versions holds.
        with connection.cursor() as cursor:
            cursor.execute('DROP INDEX "generation_user_status"')
            cursor.execute(f'CREATE INDEX "generation_user_status" ON "{TABLE}" ("user_id", "status")')
        assert index_columns()["generation_user_status"] == ["user_id", "status"]
    finally:
        migrate_history_to(latest)

    assert index_columns()["generation_user_status_id"] == ["user_id", "status", "id"]
    assert "generation_user_status" not in index_columns()
