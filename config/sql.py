"""One model instance read with hand-written SQL, built exactly as the ORM builds it.

For the few reads every signed-in request makes (the session, the user, their plan): written as SQL they cost
a fraction of the Python the ORM spends building the same statement. The columns are the model's
concrete fields in order, their values pass through the same converters the ORM applies (SQLite
returns datetimes as text, for instance), and `Model.from_db` makes the instance.
"""

import functools

from django.db import connections, router


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
    values = []
    for value, (col, col_converters) in zip(row, converters, strict=True):
        for converter in col_converters:
            value = converter(value, col, connection)
        values.append(value)
    return model.from_db(using, attnames, values)


@functools.cache
def _select(model, where: str, using: str):
    connection = connections[using]
    table = model._meta.db_table
    quote = connection.ops.quote_name
    columns = [field.get_col(table) for field in model._meta.concrete_fields]
    # Only names from the model's metadata and the caller's fixed text are formatted in; every
    # value is a parameter.
    sql = f"SELECT {', '.join(quote(col.target.column) for col in columns)} FROM {quote(table)} WHERE {where}"  # noqa: S608
    converters = [
        (col, connection.ops.get_db_converters(col) + col.get_db_converters(connection)) for col in columns
    ]
    return sql, [col.target.attname for col in columns], converters
