"""fail_generation: the one way a generation fails — marked failed and refunded exactly once."""

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import fail_generation, start_generation
from services.registry import TOOLS
from services.tests.generation_inputs import META_COPY_INPUTS, SCRAPE_INPUTS


def start(user, tool="meta-copy", inputs=META_COPY_INPUTS):
    return start_generation(user=user, tool=TOOLS[tool], inputs=inputs, idempotency_key="k")


def test_it_marks_the_generation_failed_with_the_message_and_refunds(alice):
    generation = start(alice)
    assert fail_generation(generation=generation, message="HTTP error! status: 500") is True
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message == "HTTP error! status: 500"
    assert generation.finished_at is not None
    assert balance_of(alice) == 100
    refund = LedgerEntry.objects.get(user=alice, kind="refund")
    assert refund.amount == 20 and refund.reference == f"generation:{generation.pk}"


def test_a_second_call_changes_nothing(alice):
    generation = start(alice)
    fail_generation(generation=generation, message="first")
    assert fail_generation(generation=generation, message="second") is False
    generation.refresh_from_db()
    assert generation.error_message == "first"
    assert LedgerEntry.objects.filter(user=alice, kind="refund").count() == 1
    assert balance_of(alice) == 100


def test_a_successful_generation_is_left_alone(alice):
    generation = start(alice)
    Generation.objects.filter(pk=generation.pk).update(status=Generation.Status.SUCCESS)
    assert fail_generation(generation=generation, message="too late") is False
    assert Generation.objects.get(pk=generation.pk).status == "success"
    assert balance_of(alice) == 80


def test_a_free_scrape_fails_without_a_refund(alice):
    generation = start(alice, "meta-ads-full", SCRAPE_INPUTS)
    assert (
        fail_generation(generation=generation, message="Failed to scrape website. Please try again.") is True
    )
    assert not LedgerEntry.objects.filter(user=alice, kind="refund").exists()
    assert balance_of(alice) == 100
