"""manage.py reap_generations: generations whose worker died or whose deadline passed are failed
and refunded, once."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone

from accounts.models import UserSession as Session
from accounts.sessions import SessionStore
from credits.models import CreditBalance, LedgerEntry, balance_of
from history.models import Generation
from services.actions import reap_generations, start_generation
from services.management.commands.reap_generations import reap_in_a_loop
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


def test_the_log_says_why_each_generation_was_reaped(alice, settings, caplog):
    settings.GENERATION_STALE_SECONDS = 60
    dead = running(alice, beat_ago=timedelta(seconds=61), key="dead")
    waiting = start(alice, key="waiting")
    overdue = running(alice, beat_ago=timedelta(seconds=1), key="overdue")
    Generation.objects.filter(pk=waiting.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    Generation.objects.filter(pk=overdue.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))

    with caplog.at_level("WARNING", logger="services.actions"):
        reap_generations()

    logged = {record.getMessage().split(" (")[0] for record in caplog.records}
    assert logged == {
        f"Reaped generation {dead.pk}: its worker stopped beating",
        f"Reaped generation {waiting.pk}: no worker picked it up before its queue deadline",
        f"Reaped generation {overdue.pk}: it ran past its deadline",
    }


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


def test_the_command_refuses_a_negative_housekeeping_interval():
    with pytest.raises(CommandError):
        call_command("reap_generations", "--loop", "30", "--housekeeping-every", "-1")


def test_the_command_refuses_a_housekeeping_interval_without_a_loop(alice):
    generation = start(alice, deadline_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(CommandError, match="--housekeeping-every only applies with --loop"):
        call_command("reap_generations", "--housekeeping-every", "5")
    assert Generation.objects.get(pk=generation.pk).status == generation.status  # not reaped


@pytest.mark.parametrize("loop", ["nan", "inf", "-inf", "86401"])
def test_the_command_refuses_a_loop_that_is_not_a_finite_number_up_to_a_day_before_reaping(alice, loop):
    generation = start(alice, deadline_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(CommandError, match=r"--loop needs a number of seconds above 0 and at most 86400"):
        call_command("reap_generations", f"--loop={loop}")
    assert Generation.objects.get(pk=generation.pk).status == generation.status  # not reaped


@pytest.mark.parametrize("every", ["nan", "inf", "604801"])
def test_the_command_refuses_a_housekeeping_interval_that_is_not_a_finite_number_up_to_a_week(every):
    with pytest.raises(CommandError, match=r"--housekeeping-every needs a number of seconds from 0"):
        call_command("reap_generations", "--loop", "30", "--housekeeping-every", every)


def test_a_generation_that_cannot_be_settled_does_not_keep_the_others_from_being_reaped(alice, bob):
    past = timezone.now() - timedelta(seconds=1)
    stuck = start(bob, key="b", deadline_at=past)  # reaped first (the pass goes in id order)
    due = start(alice, key="a", deadline_at=past)
    # Bob's balance row is gone, so his refund fails in the database (its ledger row would have
    # no balance to record).
    CreditBalance.objects.filter(user=bob).delete()

    assert reap_generations() == [due]
    assert Generation.objects.get(pk=due.pk).status == "failed"
    assert balance_of(alice) == 100
    # Bob's is left as it was (its failure rolled back with the refund), for the next pass.
    assert Generation.objects.get(pk=stuck.pk).status == "queued"
    assert not LedgerEntry.objects.filter(user=bob, kind="refund").exists()


@pytest.mark.django_db(transaction=True)
def test_the_loop_carries_on_after_a_pass_fails_on_a_database_error(alice, caplog):
    """Autocommit, as the real process runs. The first pass meets a real database error (the
    generations table is not there); the database is back before the second pass, which reaps."""
    # (Jobs run on commit here; the update puts it back in the queue, past its deadline.)
    generation = start(alice, status="queued", deadline_at=timezone.now() - timedelta(seconds=1))
    table = Generation._meta.db_table
    quote = connection.ops.quote_name

    def rename(old: str, new: str) -> None:
        with connection.cursor() as cursor:
            cursor.execute(f"ALTER TABLE {quote(old)} RENAME TO {quote(new)}")

    rename(table, f"{table}_away")
    try:
        reap_in_a_loop(
            interval=30, housekeeping_every=0, passes=2, sleep=lambda _: rename(f"{table}_away", table)
        )
    finally:
        if f"{table}_away" in connection.introspection.table_names():
            rename(f"{table}_away", table)

    assert "A reaping pass failed" in caplog.text
    assert Generation.objects.get(pk=generation.pk).status == "failed"
    assert balance_of(alice) == 100


def test_the_loop_does_the_housekeeping_and_logs_what_it_did(alice, caplog):
    expired = SessionStore()
    expired.set_expiry(-60)
    expired.create()
    with caplog.at_level("INFO"):
        reap_in_a_loop(interval=30, passes=1)
    assert not Session.objects.filter(session_key=expired.session_key).exists()
    assert "Housekeeping: expired sessions cleared; 0 old task result(s) deleted" in caplog.text


def test_the_procfile_restarts_the_workers_and_the_reaper_should_they_exit():
    """Under honcho (`make run`) one process ending stops the whole app."""
    procfile = (Path(__file__).resolve().parents[2] / "config" / "Procfile").read_text()
    commands = dict(
        line.split(": ", 1) for line in procfile.splitlines() if line and not line.startswith("#")
    )
    for name in ("worker", "reaper"):
        assert commands[name].startswith("while true; do "), name
        assert commands[name].endswith("; sleep 2; done"), name
    assert "reap_generations --loop" in commands["reaper"]
