import uuid
from datetime import UTC, date, datetime, timedelta
from datetime import timezone as fixed_offset

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from freezegun import freeze_time

from billing.actions import apply_stripe_event
from billing.tests.stripe_fixtures import BASIC_PRICE, ensure_plans_seeded, fixture
from config.dashboard import UsageChart, UsageDay, credit_usage
from credits.actions import grant_credits, refund_credits, spend_credits
from history.models import Generation

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def plans(db):
    ensure_plans_seeded()


def record_generation(
    user, *, tool="meta-copy", service_type="meta_copy", cost=20, status="success", when=None
):
    """A generation paid for through the ledger, as the jobs code records one."""
    generation = Generation.objects.create(
        user=user,
        tool=tool,
        service_type=service_type,
        credits_used=cost,
        status=status,
        idempotency_key=str(uuid.uuid4()),
        created_at=when or timezone.now(),
    )
    spend_credits(
        user=user, amount=cost, reason=f"{tool} generation", reference=f"generation:{generation.pk}"
    )
    if status == "failed":
        refund_credits(user=user, reference=f"generation:{generation.pk}", reason="Generation failed")
    return generation


def dashboard(client):
    response = client.get("/dashboard")
    assert response.status_code == 200
    return response


def test_signed_out_visitors_are_sent_to_sign_in(client):
    assert client.get("/dashboard")["Location"].startswith("/signin")


def test_a_new_user_sees_the_free_plan_their_credits_and_no_activity(alice_client):
    response = dashboard(alice_client)
    html = response.content.decode()

    assert "Welcome, <bdi>Alice</bdi>!" in html  # the name isolated: it may read right to left
    assert "You're on the <span" in html and ">Free</span> plan with" in html
    assert response.context["balance"] == 100
    assert response.context["credits_used"] == 0
    assert response.context["generations_count"] == 0
    assert "No recent activity yet" in html
    assert (
        'data-testid="stat-status" class="mt-2 text-2xl font-semibold tabular-nums text-slate-900 dark:text-white">Free<'
        in html
    )


def test_the_welcome_falls_back_to_the_email_name_then_user(client, make_user):
    client.force_login(make_user("dana@example.com", name=""))

    assert "Welcome, <bdi>dana</bdi>!" in dashboard(client).content.decode()


def test_the_numbers_after_generations(alice_client, alice):
    record_generation(alice, tool="meta-creative", service_type="meta_creative", cost=80, status="failed")
    record_generation(alice, cost=20)
    assert "Welcome back, <bdi>Alice</bdi>!" in dashboard(alice_client).content.decode()
    record_generation(alice, tool="spy-master", service_type="spy_master", cost=50)

    response = dashboard(alice_client)

    assert response.context["balance"] == 30
    assert response.context["credits_used"] == 70  # the failed one was refunded
    assert response.context["generations_count"] == 2
    assert response.context["chart"].total == 70
    assert [a.title for a in response.context["activities"]] == ["Spy Master", "Meta Copy", "Meta Creative"]


def test_the_services_grid_shows_five_tools_and_what_alice_can_afford(alice_client, alice):
    record_generation(alice, cost=50)  # 50 credits left

    response = dashboard(alice_client)
    html = response.content.decode()

    grid = {item["tool"].slug: (item["affordable"], item["progress"]) for item in response.context["tools"]}
    assert grid == {
        "meta-copy": (True, 20),
        "meta-creative": (False, 50),
        "social-media-copy": (True, 20),
        "social-media-creative": (False, 50),
        "spy-master": (True, 50),
    }
    # Both links are on each card, one hidden (the page swaps them as the balance moves).
    assert html.count("<a data-when-affordable href") == 3 and html.count("<a data-when-short href") == 2
    assert '<progress value="50" max="80"' in html


def test_a_paying_user_sees_their_plan_as_active(alice_client, alice, settings):
    settings.STRIPE_PLAN_PRICE_IDS = {**settings.STRIPE_PLAN_PRICE_IDS, "professional": BASIC_PRICE}
    for name in ("checkout_session_completed", "customer_subscription_updated_active", "invoice_paid"):
        apply_stripe_event(event=fixture(name, user=alice))

    response = dashboard(alice_client)
    html = response.content.decode()

    assert response.context["current_plan"].name == "Basic"
    assert response.context["balance"] == 3100
    assert ">Active<" in html


def test_the_chart_covers_thirty_days_and_counts_each_day(alice_client, alice):
    grant_credits(user=alice, amount=1000, reason="test", idempotency_key="test-grant")
    record_generation(alice, cost=20)
    record_generation(alice, cost=50)
    record_generation(alice, cost=80, status="failed")
    today = timezone.now().date()

    chart = dashboard(alice_client).context["chart"]
    seen_two_days_later = credit_usage(alice, today=today + timedelta(days=2)).chart
    seen_a_month_later = credit_usage(alice, today=today + timedelta(days=30)).chart

    assert len(chart.days) == 30
    assert (chart.days[-1].day, chart.days[-1].credits) == (today, 70)
    assert (seen_two_days_later.days[-3].day, seen_two_days_later.days[-3].credits) == (today, 70)
    assert seen_two_days_later.days[-1].credits == 0
    assert seen_a_month_later.total == 0


def test_credits_used_still_counts_days_the_chart_no_longer_shows(alice):
    grant_credits(user=alice, amount=1000, reason="test", idempotency_key="test-grant")
    record_generation(alice, cost=20)
    record_generation(alice, cost=50)
    record_generation(alice, cost=80, status="failed")

    usage = credit_usage(alice, today=timezone.now().date() + timedelta(days=40))

    assert usage.chart.total == 0
    assert usage.total == 70


def test_a_refund_after_midnight_counts_on_the_day_of_its_spend(alice):
    # A run charged at 23:58 that failed and was refunded at 00:05 used nothing on either day.
    grant_credits(user=alice, amount=1000, reason="test", idempotency_key="test-grant")
    with freeze_time("2026-11-21 23:58:00"):
        failed = record_generation(alice, cost=80)
    with freeze_time("2026-11-22 00:05:00"):
        refund_credits(user=alice, reference=f"generation:{failed.pk}", reason="Generation failed")
    with freeze_time("2026-11-22 10:00:00"):
        record_generation(alice, cost=20)

    usage = credit_usage(alice, today=date(2026, 11, 22))

    assert [(d.day, d.credits) for d in usage.chart.days[-2:]] == [
        (date(2026, 11, 21), 0),
        (date(2026, 11, 22), 20),
    ]
    assert usage.chart.total == usage.total == 20


def test_a_refund_inside_the_chart_for_a_spend_before_it_takes_nothing_from_the_chart(alice):
    grant_credits(user=alice, amount=1000, reason="test", idempotency_key="test-grant")
    with freeze_time("2026-10-01 12:00:00"):
        old = record_generation(alice, cost=80)
    with freeze_time("2026-11-22 09:00:00"):
        refund_credits(user=alice, reference=f"generation:{old.pk}", reason="Refunded by staff")
        record_generation(alice, cost=20)

    usage = credit_usage(alice, today=date(2026, 11, 22))

    assert usage.chart.days[-1].credits == 20
    assert usage.chart.total == usage.total == 20


@pytest.mark.parametrize(
    ("offset_hours", "day"),
    [(-8, date(2026, 11, 21)), (0, date(2026, 11, 22)), (14, date(2026, 11, 22))],
)
def test_the_chart_counts_days_in_the_readers_time_zone(alice, offset_hours, day):
    grant_credits(user=alice, amount=1000, reason="test", idempotency_key="test-grant")
    with freeze_time("2026-11-22 07:30:00"):  # 23:30 on Nov 21 in Los Angeles, 21:30 on Nov 22 at UTC+14
        record_generation(alice, cost=20)

    with freeze_time("2026-11-22 09:00:00"), timezone.override(fixed_offset(timedelta(hours=offset_hours))):
        usage = credit_usage(alice)

    assert usage.chart.days[-1].day == timezone.localdate(
        datetime(2026, 11, 22, 9, tzinfo=UTC), fixed_offset(timedelta(hours=offset_hours))
    )
    assert [d.day for d in usage.chart.days if d.credits] == [day]


def test_the_dashboard_writes_its_days_in_the_zone_of_the_readers_browser(alice_client, alice):
    grant_credits(user=alice, amount=1000, reason="test", idempotency_key="test-grant")
    with freeze_time("2026-11-22 07:30:00"):
        record_generation(alice, cost=20)

    with freeze_time("2026-11-22 09:00:00"):
        in_utc = dashboard(alice_client).content.decode()
        alice_client.cookies["tz_offset"] = "-480"  # site/behaviours/time-zone.js, in Los Angeles
        in_los_angeles = dashboard(alice_client).content.decode()

    assert "<title>Nov 22: 20 credits</title>" in in_utc
    assert "<title>Nov 21: 20 credits</title>" in in_los_angeles


def test_the_chart_bars_scale_to_the_busiest_day():
    chart = UsageChart(
        [UsageDay(date(2026, 11, 1), 0), UsageDay(date(2026, 11, 2), 50), UsageDay(date(2026, 11, 3), 100)]
    )

    bars = chart.bars(width=300, height=100, gap=2)

    assert [(bar["height"], bar["y"]) for bar in bars] == [(0, 100), (50, 50), (100, 0)]
    assert [bar["x"] for bar in bars] == [1, 101, 201]
    assert {bar["width"] for bar in bars} == {98}


def test_recent_activity_lists_the_latest_ten_and_links_to_the_full_history(alice_client, alice):
    grant_credits(user=alice, amount=1000, reason="test", idempotency_key="test-grant")
    for _ in range(12):
        record_generation(alice, cost=20)

    html = dashboard(alice_client).content.decode()

    assert html.count("data-activity ") == 10
    assert 'href="/history"' in html and "View All" in html


def test_bob_never_sees_alices_activity(bob_client, alice):
    record_generation(alice, cost=20)

    response = dashboard(bob_client)

    assert response.context["activities"] == []
    assert response.context["credits_used"] == 0


def test_invite_team_and_new_project_do_something(alice_client):
    html = dashboard(alice_client).content.decode()

    assert 'data-dialog-open="invite-team-dialog"' in html and 'id="invite-team-dialog"' in html
    assert "Team seats come with the Basic plan and up" in html
    assert 'href="#services"' in html and 'id="services"' in html


def count_dashboard_queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        dashboard(client)
    return len(queries)


def bulk_history(user, count: int) -> None:
    now = timezone.now()
    Generation.objects.bulk_create(
        Generation(
            user=user,
            tool="meta-copy",
            service_type="meta_copy",
            credits_used=20,
            status="success",
            idempotency_key=f"bulk-{n}",
            created_at=now - timedelta(hours=n),
        )
        for n in range(count)
    )


def test_the_dashboard_runs_the_same_number_of_queries_for_5_and_500_history_items(
    alice_client, alice, bob_client, bob
):
    grant_credits(user=alice, amount=100_000, reason="test", idempotency_key="alice-grant")
    grant_credits(user=bob, amount=100_000, reason="test", idempotency_key="bob-grant")
    bulk_history(alice, 5)
    bulk_history(bob, 500)
    for user, n in ((alice, 5), (bob, 500)):
        for generation in Generation.objects.for_user(user)[:n]:
            spend_credits(user=user, amount=20, reason="gen", reference=f"generation:{generation.pk}")

    assert count_dashboard_queries(alice_client) == count_dashboard_queries(bob_client)


def test_the_dashboard_reads_the_balance_once_for_the_page_and_the_top_bar(alice_client, alice):
    grant_credits(user=alice, amount=250, reason="test", idempotency_key="alice-grant")
    with CaptureQueriesContext(connection) as queries:
        html = dashboard(alice_client).content.decode()

    assert sum('FROM "credits_creditbalance"' in q["sql"] for q in queries.captured_queries) == 1
    assert '"initial": 350' in html  # the top bar's balance island: 100 on sign-up + 250


# --- the kept content (config/render_cache.py): never stale -----------------------------------


def main_of(response) -> str:
    html = response.content.decode()
    return html[html.index('<main id="main"') : html.index("</main>")]


def welcome_and_activity(client) -> str:
    return dashboard(client).content.decode()


def test_a_repeat_visit_reuses_the_rendered_content_and_runs_three_queries(alice_client, alice):
    record_generation(alice)
    first = dashboard(alice_client)
    assert "dashboard_content.html" in [t.name for t in first.templates]

    with CaptureQueriesContext(connection) as queries:
        again = dashboard(alice_client)

    assert "dashboard_content.html" not in [t.name for t in again.templates]
    assert main_of(again) == main_of(first)
    # the session with its user, the plan, the stamp: nothing more however long the history
    assert len(queries) == 3


def test_the_kept_content_follows_every_change_the_page_shows(alice_client, alice, settings):
    assert "No recent activity yet" in welcome_and_activity(alice_client)

    generation = record_generation(alice, status="queued")
    html = welcome_and_activity(alice_client)
    assert (
        ">Queued<" in html
        and 'data-testid="welcome-credits" data-balance-credits class="font-semibold text-slate-900 dark:text-white">80<'
        in html
    )

    Generation.objects.filter(pk=generation.pk).update(status="running")  # as the worker claims it
    assert ">Running<" in welcome_and_activity(alice_client)

    Generation.objects.filter(pk=generation.pk).update(status="success")
    html = welcome_and_activity(alice_client)
    assert ">Success<" in html
    assert (
        'data-testid="stat-generations" class="mt-2 text-2xl font-semibold tabular-nums text-slate-900 dark:text-white">1<'
        in html
    )

    grant_credits(user=alice, amount=50, reason="test", idempotency_key="alice-50")
    assert ">130<" in welcome_and_activity(alice_client)

    alice.name = "Alicia Smith"
    alice.save()
    assert "Welcome back, <bdi>Alicia</bdi>!" in welcome_and_activity(alice_client)

    settings.STRIPE_PLAN_PRICE_IDS = {**settings.STRIPE_PLAN_PRICE_IDS, "professional": BASIC_PRICE}
    for name in ("checkout_session_completed", "customer_subscription_updated_active"):
        apply_stripe_event(event=fixture(name, user=alice))
    assert ">Basic</span> plan with" in welcome_and_activity(alice_client)

    Generation.objects.filter(pk=generation.pk).delete()  # staff delete it in the admin
    assert "No recent activity yet" in welcome_and_activity(alice_client)


def test_the_content_is_rendered_again_each_minute_for_recent_activitys_times(alice):
    from config.dashboard import dashboard_content, read_stamp

    record_generation(alice, when=timezone.now() - timedelta(minutes=5))
    stamp = read_stamp(alice)
    minute = timezone.now().replace(second=0, microsecond=0)

    first = dashboard_content(alice, None, stamp, now=minute)
    same_minute = dashboard_content(alice, None, stamp, now=minute + timedelta(seconds=40))
    next_minute = dashboard_content(alice, None, stamp, now=minute + timedelta(minutes=1))

    assert "5\xa0minutes ago" in first["html"]
    assert "activities" in first and "activities" not in same_minute  # kept
    assert "activities" in next_minute  # rendered again
