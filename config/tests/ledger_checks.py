"""The end state every fault and load test must reach: the books balance and nothing is left
hanging. Used by test_faults.py and test_scale_out.py."""

import io

from django.core.management import call_command

from credits.models import LedgerEntry
from history.models import Generation


def assert_books_balanced() -> None:
    """`check_ledger` is clean (every balance equals its ledger), no generation is stuck queued or
    running, every failed paid generation was refunded exactly once and no successful one was."""
    call_command("check_ledger", stdout=io.StringIO())  # raises CommandError on any drift
    stuck = list(Generation.objects.in_flight().values_list("pk", "status"))
    assert stuck == [], f"generations left in flight: {stuck}"
    for generation in Generation.objects.filter(credits_used__gt=0):
        reference = f"generation:{generation.pk}"
        spends = LedgerEntry.objects.filter(reference=reference, kind="spend").count()
        refunds = LedgerEntry.objects.filter(reference=reference, kind="refund").count()
        expected_refunds = 1 if generation.status == Generation.Status.FAILED else 0
        assert (spends, refunds) == (1, expected_refunds), (generation.pk, generation.status, spends, refunds)
