"""URL converter for database ids: digits only, and small enough for a 64-bit column.

Django's `<int:…>` accepts any number of digits, and a query with an id past the database's
integer range errors (a 500) instead of finding nothing; this converter makes such a URL a 404.
"""

from django.urls import register_converter


class DatabaseIdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(int(value))


# Imported by every urls module that uses <dbid:…>; a module body runs once, so this registers once.
register_converter(DatabaseIdConverter, "dbid")
