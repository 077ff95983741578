"""GET /api/generations/active/?tool=slug: a reloaded tool page re-attaches to its running job,
refills its form, and on Meta Ads Full continues from its website analysis."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from history.models import Generation
from services.tests.generation_inputs import finished_scrape

URL = reverse("services:api-generation-active")


def test_it_returns_the_newest_unfinished_generation_of_that_tool_with_its_inputs(alice_client, alice):
    now = timezone.now()
    finished_scrape(alice, status=Generation.Status.QUEUED, created_at=now - timedelta(minutes=2))
    newest = finished_scrape(alice, status=Generation.Status.RUNNING, created_at=now - timedelta(minutes=1))
    finished_scrape(alice, status=Generation.Status.SUCCESS, created_at=now - timedelta(minutes=3))
    response = alice_client.get(URL, {"tool": "meta-ads-full"})
    assert response.status_code == 200
    generation = response.json()["generation"]
    assert generation["id"] == newest.pk
    assert generation["status"] == "running"
    assert generation["tool"] == "meta-ads-full"
    assert generation["balance"] == 100
    assert generation["inputs"] == {
        "step": "scrape",
        "type": "Product",
        "websiteUrl": "https://shop.example.com/serum",
    }
    # While a scrape runs, that scrape is the one the page follows: no other analysis is offered.
    assert response.json()["scrape"] is None


def nothing_in_flight(response) -> bool:
    # 200, not 404: nothing running is the usual answer, and a 404 is a console error in the browser.
    return response.status_code == 200 and response.json() == {"generation": None, "scrape": None}


def test_it_answers_null_when_nothing_is_in_flight(alice_client, alice):
    finished_scrape(alice, status=Generation.Status.FAILED)
    assert nothing_in_flight(alice_client.get(URL, {"tool": "meta-ads-full"}))


def test_meta_ads_full_continues_from_the_newest_analysis_of_the_day(alice_client, alice):
    now = timezone.now()
    finished_scrape(alice, url="https://old.example.com", created_at=now - timedelta(days=2))
    earlier = finished_scrape(alice, url="https://a.example.com", created_at=now - timedelta(hours=3))
    newest = finished_scrape(alice, url="https://b.example.com", created_at=now - timedelta(hours=1))
    finished_scrape(alice, url="https://c.example.com", status=Generation.Status.FAILED, created_at=now)
    body = alice_client.get(URL, {"tool": "meta-ads-full"}).json()
    assert body["generation"] is None
    assert body["scrape"]["id"] == newest.pk
    assert body["scrape"]["status"] == "success"
    assert body["scrape"]["output"]["report"] == "Glow Naturals sells vitamin C serums."
    assert body["scrape"]["inputs"]["websiteUrl"] == "https://b.example.com"

    # A running copy step comes back with the analysis it was started from, not the newest one.
    step = Generation.objects.create(
        user=alice,
        tool="meta-ads-full",
        service_type="meta_ads_full",
        step="copy",
        status=Generation.Status.RUNNING,
        input_data={
            "step": "copy",
            "scrapeId": earlier.pk,
            "language": "German",
            "length": "Long",
            "versions": 2,
        },
        idempotency_key="copy-1",
    )
    body = alice_client.get(URL, {"tool": "meta-ads-full"}).json()
    assert body["generation"]["id"] == step.pk
    assert body["generation"]["inputs"]["language"] == "German"
    assert body["scrape"]["id"] == earlier.pk


def test_an_analysis_older_than_a_day_or_another_users_is_not_offered(alice_client, alice, bob):
    finished_scrape(alice, created_at=timezone.now() - timedelta(days=1, minutes=1))
    finished_scrape(bob)
    assert nothing_in_flight(alice_client.get(URL, {"tool": "meta-ads-full"}))


def test_other_tools_offer_no_analysis(alice_client, alice):
    finished_scrape(alice)
    assert nothing_in_flight(alice_client.get(URL, {"tool": "meta-copy"}))


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


def test_following_a_run_answers_that_run_not_a_newer_one_and_finished_too(alice_client, alice, bob):
    now = timezone.now()
    mine = finished_scrape(alice, status=Generation.Status.RUNNING, created_at=now - timedelta(minutes=2))
    newer = finished_scrape(alice, status=Generation.Status.QUEUED, created_at=now - timedelta(minutes=1))
    assert alice_client.get(URL, {"tool": "meta-ads-full"}).json()["generation"]["id"] == newer.pk

    body = alice_client.get(URL, {"tool": "meta-ads-full", "following": mine.pk}).json()
    assert body["generation"]["id"] == mine.pk
    assert body["generation"]["inputs"]["websiteUrl"] == "https://shop.example.com/serum"

    # Finished meanwhile: still that one (the page shows how it ended), never the newer run.
    Generation.objects.filter(pk=mine.pk).update(status=Generation.Status.SUCCESS)
    body = alice_client.get(URL, {"tool": "meta-ads-full", "following": mine.pk}).json()
    assert body["generation"]["id"] == mine.pk
    assert body["generation"]["status"] == "success"


def test_following_another_users_or_another_tools_run_answers_nothing(alice_client, alice, bob):
    bobs = finished_scrape(bob, status=Generation.Status.RUNNING)
    alices = finished_scrape(alice, status=Generation.Status.RUNNING)
    assert alice_client.get(URL, {"tool": "meta-ads-full", "following": bobs.pk}).json()["generation"] is None
    assert alice_client.get(URL, {"tool": "meta-copy", "following": alices.pk}).json()["generation"] is None


def test_a_following_id_that_is_not_one_is_400(alice_client):
    for following in ["abc", "0", "-3", str(2**63)]:
        response = alice_client.get(URL, {"tool": "meta-copy", "following": following})
        assert response.status_code == 400, following
        assert "following" in response.json()["errors"]


def test_following_a_finished_step_answers_the_analysis_it_was_made_from(alice_client, alice):
    now = timezone.now()
    earlier = finished_scrape(alice, url="https://a.example.com", created_at=now - timedelta(hours=3))
    finished_scrape(alice, url="https://b.example.com", created_at=now - timedelta(hours=1))
    copy = Generation.objects.create(
        user=alice,
        tool="meta-ads-full",
        service_type="meta_ads_full",
        step="copy",
        status=Generation.Status.SUCCESS,
        input_data={
            "step": "copy",
            "scrapeId": earlier.pk,
            "language": "English",
            "length": "Short",
            "versions": 1,
        },
        idempotency_key="copy-done",
    )
    body = alice_client.get(URL, {"tool": "meta-ads-full", "following": copy.pk}).json()
    assert body["generation"]["id"] == copy.pk
    assert body["scrape"]["id"] == earlier.pk


def test_starting_answers_the_run_an_unanswered_start_began(alice_client, alice, bob):
    now = timezone.now()
    began = finished_scrape(alice, status=Generation.Status.QUEUED, created_at=now - timedelta(minutes=2))
    Generation.objects.filter(pk=began.pk).update(idempotency_key="key-sent-before-reload")
    finished_scrape(alice, status=Generation.Status.RUNNING, created_at=now - timedelta(minutes=1))
    body = alice_client.get(URL, {"tool": "meta-ads-full", "starting": "key-sent-before-reload"}).json()
    assert body["generation"]["id"] == began.pk
    # A start that never arrived, another tool's, or another user's: nothing.
    assert (
        alice_client.get(URL, {"tool": "meta-ads-full", "starting": "never-arrived"}).json()["generation"]
        is None
    )
    assert (
        alice_client.get(URL, {"tool": "meta-copy", "starting": "key-sent-before-reload"}).json()[
            "generation"
        ]
        is None
    )
    bobs = finished_scrape(bob, status=Generation.Status.RUNNING)
    Generation.objects.filter(pk=bobs.pk).update(idempotency_key="bobs-key")
    assert (
        alice_client.get(URL, {"tool": "meta-ads-full", "starting": "bobs-key"}).json()["generation"] is None
    )


def test_a_starting_key_that_is_not_one_is_400(alice_client):
    for starting in ["x" * 101, "nul\x00"]:
        response = alice_client.get(URL, {"tool": "meta-copy", "starting": starting})
        assert response.status_code == 400
        assert "starting" in response.json()["errors"]
