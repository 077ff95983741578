"""GET /api/generations/active/?tool=slug: a reloaded tool page re-attaches to its running job."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from history.models import Generation
from services.tests.generation_inputs import finished_scrape

URL = reverse("services:api-generation-active")


def test_it_returns_the_newest_unfinished_generation_of_that_tool(alice_client, alice):
    now = timezone.now()
    finished_scrape(alice, status=Generation.Status.QUEUED, created_at=now - timedelta(minutes=2))
    newest = finished_scrape(alice, status=Generation.Status.RUNNING, created_at=now - timedelta(minutes=1))
    finished_scrape(alice, status=Generation.Status.SUCCESS, created_at=now)
    response = alice_client.get(URL, {"tool": "meta-ads-full"})
    assert response.status_code == 200
    generation = response.json()["generation"]
    assert generation["id"] == newest.pk
    assert generation["status"] == "running"
    assert generation["tool"] == "meta-ads-full"
    assert generation["balance"] == 100


def nothing_in_flight(response) -> bool:
    # 200, not 404: nothing running is the usual answer, and a 404 is a console error in the browser.
    return response.status_code == 200 and response.json() == {"generation": None}


def test_it_answers_null_when_nothing_is_in_flight(alice_client, alice):
    finished_scrape(alice, status=Generation.Status.SUCCESS)
    finished_scrape(alice, status=Generation.Status.FAILED)
    assert nothing_in_flight(alice_client.get(URL, {"tool": "meta-ads-full"}))


def test_another_tools_generation_does_not_count(alice_client, alice):
    finished_scrape(alice, status=Generation.Status.RUNNING)
    assert nothing_in_flight(alice_client.get(URL, {"tool": "meta-copy"}))


def test_another_users_generation_does_not_count(alice_client, bob):
    finished_scrape(bob, status=Generation.Status.RUNNING)
    assert nothing_in_flight(alice_client.get(URL, {"tool": "meta-ads-full"}))


def test_a_missing_or_unknown_tool_is_400(alice_client):
    for params in ({}, {"tool": "nope"}, {"tool": ""}):
        response = alice_client.get(URL, params)
        assert response.status_code == 400
        assert "tool" in response.json()["errors"]


def test_anonymous_visitors_are_refused(client, db):
    assert client.get(URL, {"tool": "meta-copy"}).status_code == 403
