"""One model row read or written with hand-written SQL, exactly as the ORM would.

For the statements the hottest requests make — the reads every signed-in request makes (the
session, the user, their plan) and the inserts of the money path (the generation, its ledger
entry, its task): written as SQL they cost a fraction of the Python the ORM spends compiling
the same statement. The columns are the model's concrete fields in order; values pass through
the fields' own conversions both ways (`get_db_prep_save` going in, the ORM's converters coming
out — SQLite returns datetimes as text, for instance).
"""

import functools
from enum import Enum
from typing import NamedTuple

from django.db import connections, router
from django.db.models.signals import post_save, pre_save

# The largest id a 64-bit primary key can hold (PostgreSQL's bigint, SQLite's integer): a larger
# number names no row, and sent as a parameter it would overflow instead.
MAX_DATABASE_ID = 2**63 - 1


def fetch_one(model, where: str, params: list):
    """The first `model` row matching `where` (SQL after WHERE, with %s placeholders), or None."""
    using = router.db_for_read(model)
    connection = connections[using]
    sql, attnames, converters = _select(model, where, using)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    return model.from_db(using, attnames, converted_row(row, converters, connection))


def fetch_one_with_related(model, relation: str, where: str, params: list):
    """The first `model` row matching `where` and the row its foreign key `relation` points to,
    read in one statement (a LEFT JOIN): `(obj, related)`, `(obj, None)` when the key is null or
    names no row, `(None, None)` when nothing matches. In `where`, `m.` names `model`'s columns."""
    using = router.db_for_read(model)
    connection = connections[using]
    select = _select_with_related(model, relation, where, using)
    with connection.cursor() as cursor:
        cursor.execute(select.sql, params)
        row = cursor.fetchone()
    if row is None:
        return None, None
    values = converted_row(row, select.converters, connection)
    split = len(select.attnames)
    obj = model.from_db(using, select.attnames, values[:split])
    related_values = values[split:]
    if related_values[select.related_pk_index] is None:  # the join found no row
        return obj, None
    return obj, select.related_model.from_db(using, select.related_attnames, related_values)


def column_converters(columns, connection) -> list:
    """Each column's converters as the ORM applies them to values read back (SQLite returns
    datetimes as text, for instance): what converted_row takes."""
    return [
        (col, connection.ops.get_db_converters(col) + col.get_db_converters(connection)) for col in columns
    ]


def converted_row(row, converters, connection) -> list:
    """A fetched row's values, each through its column's converters (column_converters)."""
    values = []
    for value, (col, col_converters) in zip(row, converters, strict=True):
        for converter in col_converters:
            value = converter(value, col, connection)
        values.append(value)
    return values


@functools.cache
def _select(model, where: str, using: str):
    connection = connections[using]
    table = model._meta.db_table
    quote = connection.ops.quote_name
    columns = [field.get_col(table) for field in model._meta.concrete_fields]
    # Only names from the model's metadata and the caller's fixed text are formatted in; every
    # value is a parameter.
    sql = f"SELECT {', '.join(quote(col.target.column) for col in columns)} FROM {quote(table)} WHERE {where}"  # noqa: S608
    return sql, [col.target.attname for col in columns], column_converters(columns, connection)


class _SelectWithRelated(NamedTuple):
    sql: str
    attnames: list
    related_model: type
    related_attnames: list
    related_pk_index: int
    converters: list


@functools.cache
def _select_with_related(model, relation: str, where: str, using: str) -> _SelectWithRelated:
    connection = connections[using]
    quote = connection.ops.quote_name
    field = model._meta.get_field(relation)
    related_meta = field.related_model._meta
    columns = [f.get_col(model._meta.db_table) for f in model._meta.concrete_fields]
    related_columns = [f.get_col(related_meta.db_table) for f in related_meta.concrete_fields]
    selected = [f"m.{quote(col.target.column)}" for col in columns] + [
        f"r.{quote(col.target.column)}" for col in related_columns
    ]
    # Only names from the models' metadata and the caller's fixed text are formatted in; every
    # value is a parameter.
    sql = (
        f"SELECT {', '.join(selected)} FROM {quote(model._meta.db_table)} m "  # noqa: S608
        f"LEFT JOIN {quote(related_meta.db_table)} r ON r.{quote(field.target_field.column)} = m.{quote(field.column)} "
        f"WHERE {where}"
    )
    related_attnames = [col.target.attname for col in related_columns]
    return _SelectWithRelated(
        sql,
        [col.target.attname for col in columns],
        field.related_model,
        related_attnames,
        related_attnames.index(related_meta.pk.attname),
        column_converters(columns + related_columns, connection),
    )


def insert(obj, *, does_receivers_work: bool = False):
    """INSERT the unsaved instance `obj` as `obj.save()` would for a new row — field defaults,
    `auto_now_add`, the same value conversions, the primary key set afterwards — and return it.

    Unlike save() it sends no pre_save/post_save signals, so it refuses a model that has
    receivers (their work would silently not happen) unless the caller does that work itself
    and says so with `does_receivers_work=True`."""
    row = _row(obj, does_receivers_work)
    meta = type(obj)._meta
    with row.connection.cursor() as cursor:
        cursor.execute(row.shape.values_sql, row.values)
        if not row.with_pk:
            obj.pk = (
                cursor.fetchone()[0]
                if row.shape.returns_pk
                else row.connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column)
            )
    obj._state.adding = False
    obj._state.db = row.connection.alias
    return obj


def insert_select(obj, *, source: str, computed: dict[str, str], does_receivers_work: bool = False):
    """`INSERT INTO <table> (<columns>) SELECT <values> FROM <source>` for the unsaved instance
    `obj`, as text and parameters: a row written inside a larger statement (a data-modifying CTE)
    that only exists when `source` yields a row. The values are insert()'s, except the columns
    named in `computed`, which take the given SQL expression over `source` instead (a column of a
    row written earlier in the statement). The primary key, if `obj` has none, is the database's.
    Refuses models with save signal receivers as insert() does."""
    row = _row(obj, does_receivers_work)
    if unknown := set(computed) - {field.attname for field in row.shape.fields}:
        raise TypeError(f"{type(obj).__name__} writes no column named {', '.join(sorted(unknown))}.")
    values, params = [], []
    for field, value in zip(row.shape.fields, row.values, strict=True):
        if field.attname in computed:
            values.append(computed[field.attname])
        elif value is None:
            # Written out: psycopg caches its conversion of a statement of at most 50 parameters
            # (psycopg._queries.MAX_CACHED_STATEMENT_PARAMS), and a larger statement would pay for
            # it on every execution.
            values.append("NULL")
        else:
            values.append("%s")
            params.append(value)
    # The caller's fixed text is formatted in; every value is a parameter.
    return f"{row.shape.into} SELECT {', '.join(values)} FROM {source}", params  # noqa: S608


class _Shape(NamedTuple):
    """A model's INSERT, built once per model, database and whether the row brings its key."""

    into: str  # INSERT INTO <table> (<columns>)
    values_sql: str  # … VALUES (%s, …) [RETURNING <pk>]
    fields: list
    returns_pk: bool


class _Row(NamedTuple):
    connection: object
    with_pk: bool
    shape: _Shape
    values: list  # each field's value as the database takes it


def _row(obj, does_receivers_work: bool) -> _Row:
    model = type(obj)
    if not does_receivers_work and (pre_save.has_listeners(model) or post_save.has_listeners(model)):
        raise TypeError(f"{model.__name__} has save signal receivers; insert() would skip them.")
    using = router.db_for_write(model)
    connection = connections[using]
    with_pk = obj.pk is not None or model._meta.auto_field is None
    shape = _shape(model, using, with_pk)
    values = [_plain(field.get_db_prep_save(field.pre_save(obj, True), connection)) for field in shape.fields]
    return _Row(connection, with_pk, shape, values)


def _plain(value):
    """A choices enum member as its value (what psycopg would send for it): psycopg finds the
    dumper of a type it has no entry for by walking the type's MRO, afresh in every cursor."""
    return value.value if isinstance(value, Enum) else value


@functools.cache
def _shape(model, using: str, with_pk: bool) -> _Shape:
    connection = connections[using]
    meta = model._meta
    quote = connection.ops.quote_name
    fields = [field for field in meta.local_concrete_fields if with_pk or field is not meta.auto_field]
    returns_pk = not with_pk and connection.features.can_return_columns_from_insert
    # Only names from the model's metadata are formatted in; every value is a parameter.
    into = f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(field.column) for field in fields)})"
    values_sql = (
        f"{into} VALUES ({', '.join(['%s'] * len(fields))})"  # noqa: S608
        + (f" RETURNING {quote(meta.pk.column)}" if returns_pk else "")
    )
    return _Shape(into, values_sql, fields, returns_pk)
