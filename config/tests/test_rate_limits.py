"""config.rate_limits: UPLOADS_PER_HOUR per user over a sliding hour, as its message says ("in the
last hour"), and the wait every hourly limit's refusal states."""

from datetime import UTC, datetime, timedelta

import pytest

from config.rate_limits import (
    UploadLimitReached,
    retry_after_headers,
    seconds_until_a_slot_frees,
    take_upload_slot,
    wait_in_words,
)

pytestmark = pytest.mark.django_db

BEFORE_THE_HOUR = datetime(2026, 3, 2, 10, 59, 30, tzinfo=UTC)


def takes(*, user, now: datetime) -> bool:
    try:
        take_upload_slot(user=user, now=now)
    except UploadLimitReached:
        return False
    return True


def test_the_allowance_is_used_up_by_that_many_uploads(alice, settings):
    settings.UPLOADS_PER_HOUR = 2
    assert [takes(user=alice, now=BEFORE_THE_HOUR) for _ in range(3)] == [True, True, False]


def test_a_new_clock_hour_does_not_bring_the_allowance_back(alice, settings):
    settings.UPLOADS_PER_HOUR = 2
    assert takes(user=alice, now=BEFORE_THE_HOUR)
    assert takes(user=alice, now=BEFORE_THE_HOUR)
    assert not takes(user=alice, now=BEFORE_THE_HOUR + timedelta(minutes=1))  # 11:00:30


def test_each_upload_comes_back_an_hour_after_it_was_made(alice, settings):
    settings.UPLOADS_PER_HOUR = 2
    first, second = BEFORE_THE_HOUR, BEFORE_THE_HOUR + timedelta(minutes=20)
    assert takes(user=alice, now=first)
    assert takes(user=alice, now=second)
    assert not takes(user=alice, now=first + timedelta(minutes=59))
    assert takes(user=alice, now=first + timedelta(hours=1, seconds=1))
    assert not takes(user=alice, now=first + timedelta(hours=1, seconds=2))  # `second` is recent
    assert takes(user=alice, now=second + timedelta(hours=1, seconds=1))


def test_refused_attempts_do_not_push_the_allowance_further_away(alice, settings):
    settings.UPLOADS_PER_HOUR = 1
    assert takes(user=alice, now=BEFORE_THE_HOUR)
    for minutes in range(1, 60, 10):
        assert not takes(user=alice, now=BEFORE_THE_HOUR + timedelta(minutes=minutes))
    assert takes(user=alice, now=BEFORE_THE_HOUR + timedelta(hours=1, seconds=1))


def test_each_user_has_their_own_allowance(alice, bob, settings):
    settings.UPLOADS_PER_HOUR = 1
    assert takes(user=alice, now=BEFORE_THE_HOUR)
    assert not takes(user=alice, now=BEFORE_THE_HOUR)
    assert takes(user=bob, now=BEFORE_THE_HOUR)


def test_a_refusal_says_when_the_oldest_upload_leaves_the_hour(alice, settings):
    settings.UPLOADS_PER_HOUR = 2
    takes(user=alice, now=BEFORE_THE_HOUR)
    takes(user=alice, now=BEFORE_THE_HOUR + timedelta(minutes=30))
    with pytest.raises(UploadLimitReached) as refused:
        take_upload_slot(user=alice, now=BEFORE_THE_HOUR + timedelta(minutes=48, seconds=10))
    assert refused.value.retry_after == 11 * 60 + 50  # the first upload leaves the hour at 11:59:30
    assert refused.value.message == (
        "You have uploaded too many files in the last hour. Please try again in 12 minutes."
    )


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (1, "1 minute"),
        (59, "1 minute"),
        (60, "1 minute"),
        (61, "2 minutes"),
        (710, "12 minutes"),
        (3600, "60 minutes"),
    ],
)
def test_the_wait_is_told_in_whole_minutes_rounded_up(seconds, words):
    assert wait_in_words(seconds) == words


def test_with_more_starts_than_the_limit_the_slot_frees_when_enough_have_left():
    # The limit was lowered to 2 while 3 starts were in the hour: the two oldest must leave.
    starts = [BEFORE_THE_HOUR + timedelta(minutes=minutes) for minutes in (40, 0, 20)]
    now = BEFORE_THE_HOUR + timedelta(minutes=45)
    assert seconds_until_a_slot_frees(starts=starts, limit=2, now=now) == 35 * 60


def test_the_wait_is_at_least_a_second():
    now = BEFORE_THE_HOUR + timedelta(hours=1)
    assert seconds_until_a_slot_frees(starts=[BEFORE_THE_HOUR], limit=1, now=now) == 1


def test_the_header_carries_the_seconds_and_is_left_out_when_the_wait_is_unknown():
    assert retry_after_headers(710) == {"Retry-After": "710"}
    assert retry_after_headers(None) == {}
