"""billing.actions.grant_free_monthly_credits: each month after sign-up, a Free account's balance
is topped up to the Free plan's 100 credits — once per period, never beyond 100, never for paid
subscribers or inactive accounts. Also the month arithmetic its periods are counted with."""

from datetime import UTC, datetime, timedelta, timezone

import pytest
from django.contrib.auth import get_user_model

from billing.actions import (
    add_months,
    apply_stripe_event,
    free_period_number,
    grant_free_monthly_credits,
)
from billing.models import FreeCreditsPeriod, Plan, Subscription
from billing.tests.stripe_fixtures import fixture
from credits.actions import grant_credits, spend_credits
from credits.models import LedgerEntry, balance_of, ledger_drift
from credits.tests.test_concurrency import run_together

pytestmark = pytest.mark.django_db

JOINED = datetime(2025, 1, 31, 10, 0, tzinfo=UTC)
PERIOD_1 = datetime(2025, 2, 28, 10, 0, tzinfo=UTC)  # Jan 31 + 1 month, in a year without Feb 29
PERIOD_2 = datetime(2025, 3, 31, 10, 0, tzinfo=UTC)


def joined(user, at=JOINED):
    get_user_model().objects.filter(pk=user.pk).update(created_at=at)
    return user


def leave(user, balance: int):
    """Spend (or grant) until the user holds `balance` credits."""
    difference = balance_of(user) - balance
    n = LedgerEntry.objects.count()
    if difference > 0:
        spend_credits(user=user, amount=difference, reason="META Copy generation", reference=f"spend:{n}")
    elif difference < 0:
        grant_credits(user=user, amount=-difference, reason="Bonus", idempotency_key=f"bonus:{n}")


def monthly_entries(user):
    return LedgerEntry.objects.filter(user=user, idempotency_key__startswith="free-monthly:")


# --- the month arithmetic ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        (datetime(2025, 1, 31, 10, 0, tzinfo=UTC), 1, datetime(2025, 2, 28, 10, 0, tzinfo=UTC)),
        (datetime(2024, 1, 31, 10, 0, tzinfo=UTC), 1, datetime(2024, 2, 29, 10, 0, tzinfo=UTC)),
        (datetime(2025, 1, 31, 10, 0, tzinfo=UTC), 2, datetime(2025, 3, 31, 10, 0, tzinfo=UTC)),
        (datetime(2025, 1, 31, 10, 0, tzinfo=UTC), 3, datetime(2025, 4, 30, 10, 0, tzinfo=UTC)),
        (datetime(2024, 2, 29, 8, 30, tzinfo=UTC), 12, datetime(2025, 2, 28, 8, 30, tzinfo=UTC)),
        (datetime(2024, 2, 29, 8, 30, tzinfo=UTC), 48, datetime(2028, 2, 29, 8, 30, tzinfo=UTC)),
        (datetime(2024, 12, 15, 23, 59, 59, tzinfo=UTC), 1, datetime(2025, 1, 15, 23, 59, 59, tzinfo=UTC)),
        (datetime(2024, 11, 30, 0, 0, tzinfo=UTC), 3, datetime(2025, 2, 28, 0, 0, tzinfo=UTC)),
        (datetime(2025, 3, 31, 10, 0, tzinfo=UTC), -1, datetime(2025, 2, 28, 10, 0, tzinfo=UTC)),
        (datetime(2025, 5, 17, 10, 0, tzinfo=UTC), 0, datetime(2025, 5, 17, 10, 0, tzinfo=UTC)),
    ],
)
def test_add_months_keeps_the_day_or_takes_the_months_last(start, months, expected):
    assert add_months(start, months) == expected


@pytest.mark.parametrize(
    ("now", "period"),
    [
        (JOINED - timedelta(seconds=1), -1),
        (JOINED, 0),
        (PERIOD_1 - timedelta(microseconds=1), 0),
        (PERIOD_1, 1),
        (datetime(2025, 3, 30, 23, 59, tzinfo=UTC), 1),
        (PERIOD_2 - timedelta(seconds=1), 1),
        (PERIOD_2, 2),  # Mar 31, not Mar 28: counted from sign-up, not from the last period
        (datetime(2025, 4, 30, 10, 0, tzinfo=UTC), 3),
        (datetime(2026, 1, 31, 10, 0, tzinfo=UTC), 12),
        (datetime(2026, 1, 31, 9, 0, tzinfo=UTC), 11),
    ],
)
def test_a_period_runs_from_sign_up_plus_n_months_to_sign_up_plus_n_plus_one(now, period):
    assert free_period_number(joined=JOINED, now=now) == period


def test_a_leap_day_sign_up_starts_its_periods_on_the_last_day_of_short_februaries():
    leap_day = datetime(2024, 2, 29, 12, 0, tzinfo=UTC)
    assert free_period_number(joined=leap_day, now=datetime(2025, 2, 28, 11, 59, tzinfo=UTC)) == 11
    assert free_period_number(joined=leap_day, now=datetime(2025, 2, 28, 12, 0, tzinfo=UTC)) == 12
    assert free_period_number(joined=leap_day, now=datetime(2024, 3, 29, 12, 0, tzinfo=UTC)) == 1


def test_periods_are_counted_in_utc_whatever_zone_the_times_come_in():
    new_york_morning = PERIOD_1.astimezone(timezone(timedelta(hours=-5)))  # 05:00 on Feb 28
    assert free_period_number(joined=JOINED, now=new_york_morning) == 1
    assert free_period_number(joined=JOINED, now=new_york_morning - timedelta(seconds=1)) == 0


# --- the top-up --------------------------------------------------------------------------------


@pytest.mark.parametrize(("balance", "granted"), [(0, 100), (30, 70), (100, None), (150, None)])
def test_a_free_user_is_topped_up_to_100_credits_once_their_first_month_has_passed(alice, balance, granted):
    joined(alice)
    leave(alice, balance)

    assert grant_free_monthly_credits(now=PERIOD_1) == (1 if granted else 0)

    assert balance_of(alice) == max(balance, 100)
    assert list(monthly_entries(alice).values_list("amount", "kind", "reason", "idempotency_key")) == (
        [(granted, "grant", "Free plan: monthly credits", f"free-monthly:{alice.pk}:1")] if granted else []
    )
    assert ledger_drift() == []


def test_nothing_is_granted_before_the_first_month_is_over(alice):
    joined(alice)
    leave(alice, 0)

    assert grant_free_monthly_credits(now=PERIOD_1 - timedelta(seconds=1)) == 0

    assert balance_of(alice) == 0
    assert not FreeCreditsPeriod.objects.exists()


def test_running_it_again_in_the_same_period_grants_nothing_more(alice):
    joined(alice)
    leave(alice, 20)
    grant_free_monthly_credits(now=PERIOD_1)
    leave(alice, 0)

    assert grant_free_monthly_credits(now=PERIOD_1 + timedelta(hours=1)) == 0
    assert grant_free_monthly_credits(now=PERIOD_2 - timedelta(seconds=1)) == 0

    assert balance_of(alice) == 0
    assert monthly_entries(alice).count() == 1


def test_each_new_period_tops_up_again_without_making_up_missed_ones(alice):
    joined(alice)
    leave(alice, 0)
    grant_free_monthly_credits(now=PERIOD_1)
    leave(alice, 40)

    assert grant_free_monthly_credits(now=PERIOD_2) == 1
    assert balance_of(alice) == 100
    leave(alice, 0)
    # Periods 3 to 5 passed without a run: one top-up, to 100, for period 6.
    assert grant_free_monthly_credits(now=datetime(2025, 7, 31, 10, 0, tzinfo=UTC)) == 1

    assert balance_of(alice) == 100
    assert list(monthly_entries(alice).order_by("pk").values_list("idempotency_key", "amount")) == [
        (f"free-monthly:{alice.pk}:1", 100),
        (f"free-monthly:{alice.pk}:2", 60),
        (f"free-monthly:{alice.pk}:6", 100),
    ]


def test_a_user_holding_100_when_the_period_starts_is_not_topped_up_later_in_it(alice):
    joined(alice)
    grant_free_monthly_credits(now=PERIOD_1)
    leave(alice, 0)

    assert grant_free_monthly_credits(now=PERIOD_1 + timedelta(days=10)) == 0
    assert balance_of(alice) == 0

    assert grant_free_monthly_credits(now=PERIOD_2) == 1
    assert balance_of(alice) == 100


def test_a_settled_user_is_not_read_again_until_their_next_period(alice, bob, django_assert_num_queries):
    joined(alice)
    joined(bob, datetime(2025, 2, 10, 9, 0, tzinfo=UTC))
    grant_free_monthly_credits(now=PERIOD_1)

    with django_assert_num_queries(1):  # the due users: none
        assert grant_free_monthly_credits(now=datetime(2025, 3, 10, 8, 59, tzinfo=UTC)) == 0
    assert FreeCreditsPeriod.objects.get(user=alice).next_period_starts_at == PERIOD_2


def test_every_free_user_is_topped_up_however_many_batches_they_take(make_user):
    users = [joined(make_user(f"user{n}@example.com")) for n in range(5)]
    for user in users:
        leave(user, 10)

    assert grant_free_monthly_credits(now=PERIOD_1, batch_size=2) == 5

    assert [balance_of(user) for user in users] == [100] * 5


def test_inactive_accounts_get_nothing(alice, bob):
    joined(alice)
    joined(bob)
    leave(alice, 0)
    leave(bob, 0)
    get_user_model().objects.filter(pk=bob.pk).update(is_active=False)

    assert grant_free_monthly_credits(now=PERIOD_1) == 1

    assert (balance_of(alice), balance_of(bob)) == (100, 0)


def test_a_paid_subscriber_gets_nothing_until_their_subscription_ends(alice_subscribed, alice):
    joined(alice)
    leave(alice, 0)
    assert not Plan.objects.current_for(alice).is_free

    assert grant_free_monthly_credits(now=PERIOD_1) == 0
    assert balance_of(alice) == 0
    assert not FreeCreditsPeriod.objects.exists()

    apply_stripe_event(event=fixture("customer_subscription_deleted", user=alice))
    assert Plan.objects.current_for(alice).is_free

    assert grant_free_monthly_credits(now=PERIOD_1 + timedelta(days=3)) == 1
    assert balance_of(alice) == 100


# Each: (status, plan) of alice's subscriptions, oldest first.
SUBSCRIPTION_SETUPS = [
    [],
    [("active", "starter")],
    [("trialing", "starter")],
    [("past_due", "starter")],
    [("unpaid", "starter")],
    [("canceled", "starter")],
    [("incomplete_expired", "starter")],
    [("active", None)],  # its price sells no plan
    [("active", "free")],
    [("active", "starter"), ("active", None)],
    [("active", None), ("active", "starter")],
    [("active", "starter"), ("canceled", "business")],
    [("active", "starter"), ("unpaid", "business")],
]


@pytest.mark.parametrize("setup", SUBSCRIPTION_SETUPS, ids=repr)
def test_who_is_free_is_decided_as_the_pages_decide_the_current_plan(alice, plans, setup):
    joined(alice)
    leave(alice, 0)
    for n, (status, plan_id) in enumerate(setup):
        Subscription.objects.create(
            subscription_id=f"sub_{n}", customer_id="cus_1", user=alice, status=status, plan_id=plan_id
        )
    on_free = Plan.objects.current_for(alice).is_free

    grant_free_monthly_credits(now=PERIOD_1)

    assert balance_of(alice) == (100 if on_free else 0)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_runs_at_the_same_time_top_each_account_up_once(make_user):
    users = [joined(make_user(f"user{n}@example.com")) for n in range(6)]
    for user in users:
        leave(user, 25)

    results = run_together(8, lambda i: grant_free_monthly_credits(now=PERIOD_1, batch_size=4))

    assert all(isinstance(result, int) for result in results), results
    assert [balance_of(user) for user in users] == [100] * 6
    assert LedgerEntry.objects.filter(idempotency_key__startswith="free-monthly:").count() == 6
    assert FreeCreditsPeriod.objects.filter(period=1, next_period_starts_at=PERIOD_2).count() == 6
    assert ledger_drift() == []
