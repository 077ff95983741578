"""config/time_zones.py: the reader's UTC offset from the `tz_offset` cookie."""

from datetime import timedelta

import pytest
from django.test import RequestFactory
from django.utils import timezone

from config.time_zones import readers_time_zone, zone_for_offset


@pytest.mark.parametrize(
    ("value", "minutes"), [("-480", -480), ("0", 0), ("330", 330), ("840", 840), ("-720", -720)]
)
def test_an_offset_in_minutes_names_a_fixed_zone(value, minutes):
    assert zone_for_offset(value).utcoffset(None) == timedelta(minutes=minutes)


@pytest.mark.parametrize("value", ["", "abc", "841", "-721", "-08:00", "+60", "1e3", "60 ", "99999"])
def test_anything_else_names_no_zone(value):
    assert zone_for_offset(value) is None


def zone_seen_by_the_view(cookie: str | None) -> str:
    request = RequestFactory().get("/")
    if cookie is not None:
        request.COOKIES["tz_offset"] = cookie
    return readers_time_zone(lambda request: timezone.get_current_timezone_name())(request)


def test_the_request_runs_in_the_readers_zone_and_the_next_one_does_not():
    assert zone_seen_by_the_view("-480") == "UTC-08:00"
    assert timezone.get_current_timezone_name() == "UTC"  # deactivated after the request
    assert zone_seen_by_the_view(None) == "UTC"
    assert zone_seen_by_the_view("garbage") == "UTC"
