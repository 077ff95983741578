"""manage.py housekeeping (config/housekeeping.py): expired sessions and old finished task
results (and rows a dead worker left running) go; live sessions, recent results and queued or
running jobs stay; Free accounts whose month turned get their monthly credits. (Old Stripe event
payloads: billing/tests/test_stripe_event_housekeeping.py; the monthly credits in detail:
billing/tests/test_grant_free_monthly_credits.py.)"""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from accounts.models import UserSession as Session
from accounts.sessions import SessionStore
from config.housekeeping import clean_up
from credits.actions import spend_credits
from credits.models import balance_of

pytestmark = pytest.mark.django_db


def session(*, expires_in: int) -> str:
    store = SessionStore()
    store.set_expiry(expires_in)
    store.create()
    return store.session_key


def task_result(
    status: str, *, finished_days_ago: float | None = None, started_days_ago: float | None = None
) -> DBTaskResult:
    now = timezone.now()
    return DBTaskResult.objects.create(
        status=status,
        args_kwargs={"args": [1], "kwargs": {}},
        task_path="services.tasks.run_generation_task",
        backend_name="default",
        run_after=now,
        started_at=None if started_days_ago is None else now - timedelta(days=started_days_ago),
        finished_at=None if finished_days_ago is None else now - timedelta(days=finished_days_ago),
    )


def test_expired_sessions_are_deleted_and_live_ones_kept():
    expired, live = session(expires_in=-60), session(expires_in=3600)
    clean_up()
    assert list(Session.objects.values_list("session_key", flat=True)) == [live]
    assert expired != live


def test_finished_task_results_older_than_the_retention_are_deleted():
    old_success = task_result("SUCCESSFUL", finished_days_ago=8)
    old_failure = task_result("FAILED", finished_days_ago=30)
    recent = task_result("SUCCESSFUL", finished_days_ago=1)
    queued = task_result("READY")
    running = task_result("RUNNING", started_days_ago=0.01)
    # A worker killed mid-job never marks its row; the reaper refunded the generation long ago.
    left_running_by_a_dead_worker = task_result("RUNNING", started_days_ago=8)

    assert clean_up(task_results_kept_days=7).task_results == 3

    kept = set(DBTaskResult.objects.values_list("pk", flat=True))
    assert kept == {recent.pk, queued.pk, running.pk}
    assert not kept & {old_success.pk, old_failure.pk, left_running_by_a_dead_worker.pk}


def test_it_deletes_a_backlog_larger_than_one_batch():
    for _ in range(5):
        task_result("SUCCESSFUL", finished_days_ago=10)
    assert clean_up(batch_size=2).task_results == 5
    assert not DBTaskResult.objects.exists()


def test_the_command_reports_what_it_did_once(capsys, caplog):
    task_result("SUCCESSFUL", finished_days_ago=3)
    call_command("housekeeping", "--task-results-days", "2")
    assert capsys.readouterr().out.startswith(
        "Housekeeping: expired sessions cleared; 1 old task result(s) deleted; 0 Stripe event payload(s) cleared"
    )
    assert not DBTaskResult.objects.exists()
    assert caplog.records == []  # said once, on its output


def test_at_verbosity_0_the_command_prints_nothing(capsys, caplog):
    task_result("SUCCESSFUL", finished_days_ago=8)
    call_command("housekeeping", "-v", "0")
    assert capsys.readouterr() == ("", "")
    assert caplog.records == []
    assert not DBTaskResult.objects.exists()


def test_the_command_refuses_a_negative_retention():
    with pytest.raises(CommandError):
        call_command("housekeeping", "--task-results-days", "-1")


@pytest.mark.parametrize("days", ["3651", "3000000", "99999999999"])
def test_the_command_refuses_a_retention_over_ten_years_without_a_traceback(days):
    with pytest.raises(
        CommandError, match=rf"--task-results-days can be at most 3650 \(ten years\), not {days}"
    ):
        call_command("housekeeping", "--task-results-days", days)


def test_the_command_keeps_task_results_for_up_to_ten_years(capsys):
    call_command("housekeeping", "--task-results-days", "3650")
    assert "Housekeeping:" in capsys.readouterr().out


def test_it_tops_up_free_accounts_whose_month_has_turned(alice, bob, capsys):
    a_month_ago = timezone.now() - timedelta(days=31)
    get_user_model().objects.filter(pk=alice.pk).update(created_at=a_month_ago)
    spend_credits(user=alice, amount=70, reason="META Copy generation", reference="generation:1")
    spend_credits(user=bob, amount=70, reason="META Copy generation", reference="generation:2")

    assert clean_up().free_monthly_credits == 1
    assert (balance_of(alice), balance_of(bob)) == (100, 30)  # bob signed up this month

    call_command("housekeeping")
    assert capsys.readouterr().out.rstrip().endswith("; 0 Free account(s) given their monthly credits")
    assert balance_of(alice) == 100
