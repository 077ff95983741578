"""start_generation: Meta Ads Full's steps, deadlines, and what is (not) written on refusal."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from freezegun import freeze_time

from credits.actions import InsufficientCredits, spend_credits
from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import GenerationInputError, ScrapeRateLimited, start_generation
from services.registry import TOOLS
from services.tests.generation_inputs import SCRAPE_INPUTS, SPY_INPUTS, finished_scrape

META_ADS_FULL = TOOLS["meta-ads-full"]


def start(user, inputs, *, tool=META_ADS_FULL, key=None):
    return start_generation(
        user=user, tool=tool, inputs=inputs, idempotency_key=key or f"k-{timezone.now().timestamp()}"
    )


def test_a_scrape_is_free(alice):
    generation = start(alice, SCRAPE_INPUTS)
    assert generation.step == "scrape" and generation.credits_used == 0
    assert generation.service_type == "meta_ads_full"
    assert balance_of(alice) == 100
    assert not LedgerEntry.objects.filter(user=alice, kind="spend").exists()


def test_a_recent_successful_scrape_of_the_same_site_is_reused(alice):
    earlier = finished_scrape(alice, url=SCRAPE_INPUTS["websiteUrl"])
    reused = start(alice, SCRAPE_INPUTS)
    assert reused == earlier and reused.reused
    assert Generation.objects.count() == 1


def test_a_fresh_scrape_is_not_answered_with_the_recent_one(alice):
    earlier = finished_scrape(alice, url=SCRAPE_INPUTS["websiteUrl"])
    fresh = start_generation(
        user=alice, tool=META_ADS_FULL, inputs=SCRAPE_INPUTS, idempotency_key="f", fresh=True
    )
    assert fresh != earlier and fresh.status == Generation.Status.QUEUED
    assert not getattr(fresh, "reused", False)


@pytest.mark.parametrize(
    "earlier",
    [
        {"status": Generation.Status.FAILED},
        {"created_at_offset": timedelta(days=1, minutes=1)},
        {"url": "https://other.example.com/"},
    ],
)
def test_a_failed_old_or_different_scrape_is_not_reused(alice, earlier):
    offset = earlier.pop("created_at_offset", timedelta())
    earlier.setdefault("url", SCRAPE_INPUTS["websiteUrl"])
    previous = finished_scrape(alice, created_at=timezone.now() - offset, **earlier)
    assert start(alice, SCRAPE_INPUTS) != previous


def test_a_website_typed_without_its_scheme_is_scraped_and_reused_as_https(alice):
    generation = start(alice, {**SCRAPE_INPUTS, "websiteUrl": "rosasbakery.co.uk"})
    assert generation.input_data["websiteUrl"] == "https://rosasbakery.co.uk"
    generation.status = Generation.Status.SUCCESS
    generation.save(update_fields=["status"])
    assert start(alice, {**SCRAPE_INPUTS, "websiteUrl": "https://rosasbakery.co.uk"}) == generation


def test_another_users_scrape_is_never_reused(alice, bob):
    bobs = finished_scrape(bob, url=SCRAPE_INPUTS["websiteUrl"])
    assert start(alice, SCRAPE_INPUTS) != bobs


def test_scrapes_are_rate_limited_per_user(alice, bob, settings):
    settings.SCRAPES_PER_HOUR = 3
    for n in range(3):
        start(alice, {**SCRAPE_INPUTS, "websiteUrl": f"https://site{n}.example.com/"})
    with pytest.raises(ScrapeRateLimited):
        start(alice, {**SCRAPE_INPUTS, "websiteUrl": "https://site9.example.com/"})
    start(bob, {**SCRAPE_INPUTS, "websiteUrl": "https://site9.example.com/"})  # bob has his own budget


def test_the_api_answers_429_past_the_scrape_limit(alice_client, alice, settings):
    settings.SCRAPES_PER_HOUR = 1
    url = reverse("services:api-generations")
    body = {"tool": "meta-ads-full", "inputs": SCRAPE_INPUTS}
    with freeze_time("2026-03-02 10:00:00"):
        assert alice_client.post(url, body, content_type="application/json").status_code == 202
        body = {"tool": "meta-ads-full", "inputs": {**SCRAPE_INPUTS, "websiteUrl": "https://b.example.com/"}}
        response = alice_client.post(url, body, content_type="application/json")
    assert response.status_code == 429
    assert response.json()["detail"] == (
        "You have scraped too many websites in the last hour. Please try again in 60 minutes."
    )
    assert response["Retry-After"] == "3600"


@pytest.mark.parametrize("step", ["copy", "creative"])
def test_copy_and_creative_need_a_scrape(alice, step):
    inputs = {"step": step, "productImageUrl": "https://cdn.example.com/p.png"}
    with pytest.raises(GenerationInputError) as refused:
        start(alice, inputs)
    assert refused.value.errors["scrapeId"] == ["Please scrape the website first"]
    assert not Generation.objects.exists()


@pytest.mark.parametrize("scrape_id", [10**30, -4, "abc", True, 0])
def test_an_absurd_scrape_id_is_the_same_field_error(alice, scrape_id):
    with pytest.raises(GenerationInputError) as refused:
        start(alice, {"step": "copy", "scrapeId": scrape_id})
    assert refused.value.errors == {"scrapeId": ["Please scrape the website first"]}


def test_another_users_or_a_failed_scrape_does_not_count(alice, bob):
    for scrape in (finished_scrape(bob), finished_scrape(alice, status=Generation.Status.FAILED)):
        with pytest.raises(GenerationInputError) as refused:
            start(alice, {"step": "copy", "scrapeId": scrape.pk})
        assert refused.value.errors == {"scrapeId": ["Please scrape the website first"]}


def test_copy_on_the_users_own_scrape_costs_50(alice):
    scrape = finished_scrape(alice)
    generation = start(alice, {"step": "copy", "scrapeId": scrape.pk, "versions": 2})
    assert generation.step == "copy" and generation.credits_used == 50
    assert generation.input_data["scrapeId"] == scrape.pk
    assert balance_of(alice) == 50


def test_a_creative_step_the_user_cannot_afford_writes_nothing(alice):
    spend_credits(user=alice, amount=60, reason="test", reference="elsewhere")
    scrape = finished_scrape(alice)
    with pytest.raises(InsufficientCredits) as refused:
        start(
            alice,
            {"step": "creative", "scrapeId": scrape.pk, "productImageUrl": "https://cdn.example.com/p.png"},
        )
    assert str(refused.value) == "Insufficient credits. This service requires 50 credits."
    assert Generation.objects.count() == 1  # just the scrape
    assert balance_of(alice) == 40


def test_an_idempotency_key_reused_for_another_step_is_refused(alice):
    scrape = finished_scrape(alice)
    start(alice, {**SCRAPE_INPUTS, "websiteUrl": "https://another.example.com/"}, key="K")
    with pytest.raises(GenerationInputError) as refused:
        start(alice, {"step": "copy", "scrapeId": scrape.pk}, key="K")
    assert refused.value.errors == {
        "idempotency_key": ["This idempotency key was already used for another step."]
    }
    assert balance_of(alice) == 100


def test_an_idempotency_key_of_a_copy_step_is_refused_for_the_creative_step(alice):
    scrape = finished_scrape(alice)
    start(alice, {"step": "copy", "scrapeId": scrape.pk}, key="K")
    with pytest.raises(GenerationInputError) as refused:
        start(
            alice,
            {"step": "creative", "scrapeId": scrape.pk, "productImageUrl": "https://cdn.example.com/p.png"},
            key="K",
        )
    assert refused.value.errors == {
        "idempotency_key": ["This idempotency key was already used for another step."]
    }
    assert list(Generation.objects.filter(step="creative")) == []
    assert balance_of(alice) == 50


def test_the_same_step_with_the_same_key_is_the_first_generation(alice):
    scrape = finished_scrape(alice)
    first = start(alice, {"step": "copy", "scrapeId": scrape.pk}, key="K")
    assert start(alice, {"step": "copy", "scrapeId": scrape.pk}, key="K") == first
    assert balance_of(alice) == 50


def test_an_unknown_step_is_a_field_error(alice):
    with pytest.raises(GenerationInputError) as refused:
        start(alice, {"step": "publish"})
    assert "step" in refused.value.errors


def test_a_queued_generation_may_wait_the_queue_allowance_for_a_worker(alice, settings):
    settings.GENERATION_QUEUE_TIMEOUT_SECONDS = 900
    generation = start(alice, SPY_INPUTS, tool=TOOLS["spy-master"])
    # The tool's own 10 minutes start when a worker claims it (run_generation).
    assert generation.deadline_at - generation.created_at == timedelta(seconds=900)
