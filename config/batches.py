"""Large deletes and updates in slices: each statement (and the locks it takes) stays short on a
large backlog."""

from collections.abc import Iterator

from django.db.models import QuerySet

BATCH_SIZE = 1000


def in_batches(queryset: QuerySet, *, size: int = BATCH_SIZE) -> Iterator[QuerySet]:
    """The rows of `queryset`, `size` at a time, each slice as a queryset of their primary keys.
    The caller's delete or update must take a slice's rows out of `queryset`: the next slice is
    read afresh, after it."""
    while ids := list(queryset.values_list("pk", flat=True)[:size]):
        yield queryset.model._base_manager.filter(pk__in=ids)
