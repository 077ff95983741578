"""manage.py reap_generations: generations whose worker died or whose deadline passed are failed
and refunded, once."""

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import reap_generations, start_generation
from services.registry import TOOLS
from services.tests.generation_inputs import META_COPY_INPUTS, SPY_INPUTS


def start(user, *, tool="meta-copy", inputs=META_COPY_INPUTS, key="k", **fields):
    generation = start_generation(user=user, tool=TOOLS[tool], inputs=inputs, idempotency_key=key)
    Generation.objects.filter(pk=generation.pk).update(**fields)
    generation.refresh_from_db()
    return generation


def running(user, *, beat_ago: timedelta, **kwargs):
    now = timezone.now()
    return start(user, status="running", started_at=now - beat_ago, heartbeat_at=now - beat_ago, **kwargs)


def test_a_running_generation_whose_heartbeat_went_stale_is_failed_and_refunded(alice, settings):
    settings.GENERATION_STALE_SECONDS = 60
    generation = running(alice, beat_ago=timedelta(seconds=61))
    assert reap_generations() == [generation]
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message == "An error occurred while generating your META copy. Please try again."
    assert balance_of(alice) == 100


def test_a_running_generation_with_a_fresh_heartbeat_is_left_alone(alice, settings):
    settings.GENERATION_STALE_SECONDS = 60
    generation = running(alice, beat_ago=timedelta(seconds=5))
    assert reap_generations() == []
    generation.refresh_from_db()
    assert generation.status == "running"
    assert balance_of(alice) == 80


def test_a_queued_generation_waits_until_its_deadline(alice):
    generation = start(alice)
    assert reap_generations() == []
    assert reap_generations(now=generation.deadline_at + timedelta(seconds=1)) == [generation]
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert balance_of(alice) == 100


def test_a_spy_analysis_past_its_10_minutes_gets_the_documented_timeout_message(alice):
    generation = running(alice, tool="spy-master", inputs=SPY_INPUTS, beat_ago=timedelta(seconds=1))
    reap_generations(now=generation.created_at + timedelta(minutes=10, seconds=1))
    generation.refresh_from_db()
    assert generation.error_message == (
        "Analysis timed out after 10 minutes. The server may be taking too long or there might be a "
        "network issue. Please try again."
    )


def test_finished_generations_are_never_touched(alice):
    success = start(alice, key="a", status="success")
    failed = start(alice, key="b", status="failed")
    later = timezone.now() + timedelta(days=1)
    assert reap_generations(now=later) == []
    assert Generation.objects.get(pk=success.pk).status == "success"
    assert Generation.objects.get(pk=failed.pk).status == "failed"


def test_reaping_twice_refunds_once(alice):
    start(alice)
    later = timezone.now() + timedelta(hours=1)
    assert len(reap_generations(now=later)) == 1
    assert reap_generations(now=later) == []
    assert LedgerEntry.objects.filter(user=alice, kind="refund").count() == 1


def test_the_command_reaps_and_reports(alice, capsys):
    generation = start(alice, deadline_at=timezone.now() - timedelta(seconds=1))
    call_command("reap_generations")
    assert f"Reaped 1 generation(s): #{generation.pk}" in capsys.readouterr().out
    assert Generation.objects.get(pk=generation.pk).status == "failed"


def test_the_command_refuses_a_non_positive_loop():
    with pytest.raises(CommandError):
        call_command("reap_generations", "--loop", "0")
