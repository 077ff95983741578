"""config.rate_limits.take_upload_slot: UPLOADS_PER_HOUR per user over a sliding hour, as its
message says ("in the last hour")."""

from datetime import UTC, datetime, timedelta

import pytest

from config.rate_limits import take_upload_slot

pytestmark = pytest.mark.django_db

BEFORE_THE_HOUR = datetime(2026, 3, 2, 10, 59, 30, tzinfo=UTC)


def test_the_allowance_is_used_up_by_that_many_uploads(alice, settings):
    settings.UPLOADS_PER_HOUR = 2
    assert [take_upload_slot(user=alice, now=BEFORE_THE_HOUR) for _ in range(3)] == [True, True, False]


def test_a_new_clock_hour_does_not_bring_the_allowance_back(alice, settings):
    settings.UPLOADS_PER_HOUR = 2
    assert take_upload_slot(user=alice, now=BEFORE_THE_HOUR)
    assert take_upload_slot(user=alice, now=BEFORE_THE_HOUR)
    assert not take_upload_slot(user=alice, now=BEFORE_THE_HOUR + timedelta(minutes=1))  # 11:00:30


def test_each_upload_comes_back_an_hour_after_it_was_made(alice, settings):
    settings.UPLOADS_PER_HOUR = 2
    first, second = BEFORE_THE_HOUR, BEFORE_THE_HOUR + timedelta(minutes=20)
    assert take_upload_slot(user=alice, now=first)
    assert take_upload_slot(user=alice, now=second)
    assert not take_upload_slot(user=alice, now=first + timedelta(minutes=59))
    assert take_upload_slot(user=alice, now=first + timedelta(hours=1, seconds=1))
    assert not take_upload_slot(user=alice, now=first + timedelta(hours=1, seconds=2))  # `second` is recent
    assert take_upload_slot(user=alice, now=second + timedelta(hours=1, seconds=1))


def test_refused_attempts_do_not_push_the_allowance_further_away(alice, settings):
    settings.UPLOADS_PER_HOUR = 1
    assert take_upload_slot(user=alice, now=BEFORE_THE_HOUR)
    for minutes in range(1, 60, 10):
        assert not take_upload_slot(user=alice, now=BEFORE_THE_HOUR + timedelta(minutes=minutes))
    assert take_upload_slot(user=alice, now=BEFORE_THE_HOUR + timedelta(hours=1, seconds=1))


def test_each_user_has_their_own_allowance(alice, bob, settings):
    settings.UPLOADS_PER_HOUR = 1
    assert take_upload_slot(user=alice, now=BEFORE_THE_HOUR)
    assert not take_upload_slot(user=alice, now=BEFORE_THE_HOUR)
    assert take_upload_slot(user=bob, now=BEFORE_THE_HOUR)
