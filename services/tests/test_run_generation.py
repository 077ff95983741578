"""run_generation (the task body), against the webhook engine talking to a local HTTP server."""

from datetime import timedelta

import pytest
from django.core.files.storage import default_storage
from django.db.models import F
from django.utils import timezone

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from history.storage import stored_path_from_reference
from services.actions import run_generation, start_generation
from services.registry import TOOLS
from services.tests.generation_inputs import META_COPY_INPUTS, META_CREATIVE_INPUTS, finished_scrape
from services.tests.images import make_b64_png, make_png

META_COPY_REPLY = [
    {"PrimaryText1": "Glow all day.", "Headline1": "Meet Glow", "Description1": "Vitamin C serum"}
]


@pytest.fixture
def webhook(settings, upstream):
    settings.GENERATION_ENGINE = "webhook"
    settings.WEBHOOK_BASE_URL = upstream.url("/webhook")
    return upstream


def start(user, slug="meta-copy", inputs=META_COPY_INPUTS, key="k1"):
    return start_generation(user=user, tool=TOOLS[slug], inputs=inputs, idempotency_key=key)


def refunds(user):
    return LedgerEntry.objects.filter(user=user, kind="refund")


def test_a_successful_copy_is_stored_as_text_and_keeps_the_spend(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", json=META_COPY_REPLY)
    generation = start(alice)
    run_generation(generation_id=generation.pk)

    generation.refresh_from_db()
    assert generation.status == "success"
    assert generation.engine == "webhook"
    assert generation.output_data["variations"][0]["headline"] == "Meet Glow"
    assert generation.started_at and generation.finished_at and generation.heartbeat_at
    assert generation.file.name.startswith(f"generation-history/{alice.pk}/meta_copy_")
    assert generation.file.name.endswith(".txt")
    assert generation.bucket_path == generation.file.name.removeprefix("generation-history/")
    with default_storage.open(generation.file.name) as handle:
        assert "Headline: Meet Glow" in handle.read().decode()
    assert balance_of(alice) == 80
    assert not refunds(alice).exists()


def test_the_webhook_gets_the_users_id_and_inputs(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", json=META_COPY_REPLY)
    run_generation(generation_id=start(alice).pk)
    body = webhook.last("/webhook/meta-copy").json()
    assert body["userId"] == str(alice.pk)
    assert body["brand"] == "Glow Naturals"


def test_an_engine_error_fails_the_generation_with_its_message_and_refunds(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", status=500, body="boom")
    generation = start(alice)
    run_generation(generation_id=generation.pk)

    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message == "HTTP error! status: 500"
    assert generation.finished_at is not None
    assert balance_of(alice) == 100
    assert refunds(alice).get().reference == f"generation:{generation.pk}"


def test_unparsable_output_fails_and_refunds(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", json=[{"Nothing": "useful"}])
    generation = start(alice)
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message == "No valid variations generated"
    assert balance_of(alice) == 100


def test_a_generation_runs_at_most_once(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", json=META_COPY_REPLY)
    generation = start(alice)
    run_generation(generation_id=generation.pk)
    run_generation(generation_id=generation.pk)
    assert len(webhook.received) == 1


def test_a_failed_generation_is_never_run_again_or_refunded_twice(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", status=502)
    generation = start(alice)
    run_generation(generation_id=generation.pk)
    run_generation(generation_id=generation.pk)
    assert len(webhook.received) == 1
    assert refunds(alice).count() == 1


def test_a_generation_claimed_after_its_deadline_fails_without_calling_the_engine(alice, webhook):
    generation = start(alice, "spy-master", {"searchTerm": "shoes", "adsStartedBefore": "2026-01-01"})
    Generation.objects.filter(pk=generation.pk).update(deadline_at=timezone.now())
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message.startswith("Analysis timed out after 10 minutes.")
    assert webhook.received == []
    assert balance_of(alice) == 100


def queued_for(generation, waited: timedelta) -> None:
    """As if it had been started `waited` ago and waited in the queue since."""
    Generation.objects.filter(pk=generation.pk).update(
        created_at=F("created_at") - waited, deadline_at=F("deadline_at") - waited
    )


def test_a_generation_that_waited_longer_than_its_run_time_still_gets_its_whole_run_time(alice, webhook):
    webhook.route("POST", "/webhook/meta-copy", json=META_COPY_REPLY)
    generation = start(alice)  # Meta Copy may run for 5 minutes; the queue allows 10 by default
    queued_for(generation, timedelta(minutes=6))  # behind a long Spy run, say
    run_generation(generation_id=generation.pk)

    generation.refresh_from_db()
    assert generation.status == "success"
    assert generation.deadline_at == generation.started_at + timedelta(seconds=300)
    assert len(webhook.received) == 1


def test_a_generation_that_waited_past_the_queue_allowance_is_refunded_unrun(alice, webhook, settings):
    settings.GENERATION_QUEUE_TIMEOUT_SECONDS = 900
    generation = start(alice)
    queued_for(generation, timedelta(minutes=14))
    assert generation.deadline_at - generation.created_at == timedelta(minutes=15)
    queued_for(generation, timedelta(minutes=2))  # 16 minutes in all
    run_generation(generation_id=generation.pk)

    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message == "An error occurred while generating your META copy. Please try again."
    assert webhook.received == []
    assert balance_of(alice) == 100


def test_an_unknown_engine_fails_and_refunds(alice, settings):
    settings.GENERATION_ENGINE = "carrier-pigeon"
    generation = start(alice)
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert balance_of(alice) == 100


def test_a_creative_is_stored_as_png_and_the_output_names_our_file_url(alice, alice_client, webhook):
    webhook.route("POST", "/webhook/meta-creative", json={"image": make_b64_png(400, 300)})
    generation = start(alice, "meta-creative", META_CREATIVE_INPUTS)
    run_generation(generation_id=generation.pk)

    generation.refresh_from_db()
    assert generation.status == "success"
    assert generation.file.name.startswith(f"generation-history/{alice.pk}/meta_creative_")
    assert generation.file.name.endswith(".png")
    url = generation.output_data["image"]
    assert url == generation.file_url
    assert stored_path_from_reference(url).path == generation.file.name
    response = alice_client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert "base64" not in str(generation.output_data)


def test_a_creative_reply_that_is_not_an_image_fails_and_refunds(alice, webhook):
    webhook.route("POST", "/webhook/meta-creative", json={"image": "bm90IGFuIGltYWdl"})  # "not an image"
    generation = start(alice, "meta-creative", META_CREATIVE_INPUTS)
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert balance_of(alice) == 100


def test_a_creative_too_small_to_use_fails_with_its_reason_and_refunds_once(alice, webhook):
    webhook.route("POST", "/webhook/meta-creative", json={"image": make_b64_png(1, 1)})
    generation = start(alice, "meta-creative", META_CREATIVE_INPUTS)
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert generation.error_message == "The generated image is too small (at least 256 × 256 pixels)"
    assert not generation.file
    assert balance_of(alice) == 100
    assert refunds(alice).count() == 1


def test_a_text_result_that_cannot_be_stored_still_succeeds_without_a_file(
    alice, webhook, settings, tmp_path
):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the storage root should be")
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": blocker},
        },
    }
    webhook.route("POST", "/webhook/meta-copy", json=META_COPY_REPLY)
    generation = start(alice)
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "success"
    assert not generation.file and generation.file_url is None
    assert generation.output_data["variations"]


def test_a_creative_that_cannot_be_stored_fails_with_the_tools_fallback_text_and_refunds(
    alice, webhook, settings, tmp_path
):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the storage root should be")
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": blocker},
        },
    }
    webhook.route("POST", "/webhook/meta-creative", json={"image": make_b64_png()})
    generation = start(alice, "meta-creative", META_CREATIVE_INPUTS)
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "failed"
    assert (
        generation.error_message == "An error occurred while generating your Meta creative. Please try again."
    )
    assert balance_of(alice) == 100


def test_meta_ads_full_copy_sends_the_scrape_it_builds_on(alice, webhook):
    scrape = finished_scrape(alice, output_data={"report": "They sell serums.", "engine": "webhook"})
    webhook.route("POST", "/webhook/meta-copy-full", json=META_COPY_REPLY)
    generation = start(alice, "meta-ads-full", {"step": "copy", "scrapeId": scrape.pk})
    run_generation(generation_id=generation.pk)
    generation.refresh_from_db()
    assert generation.status == "success", generation.error_message
    body = webhook.last("/webhook/meta-copy-full").json()
    assert "They sell serums." in str(body["scrapeData"])
    assert "scrapeData" not in generation.input_data  # stored inputs stay the user's own


def test_the_engine_reads_the_users_own_upload_from_storage(alice, alice_client, webhook):
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = alice_client.post(
        "/api/uploads/", {"bucket": "products", "file": SimpleUploadedFile("p.png", make_png(), "image/png")}
    ).json()["url"]
    webhook.route("POST", "/webhook/meta-creative", json={"image": make_b64_png()})
    generation = start(alice, "meta-creative", {**META_CREATIVE_INPUTS, "productImageUrl": url})
    run_generation(generation_id=generation.pk)
    assert Generation.objects.get(pk=generation.pk).status == "success"
    sent = webhook.last("/webhook/meta-creative").json()["productImageUrl"]
    assert sent.startswith("data:image/png;base64,")  # read from storage, not fetched over HTTP
    assert all(request.path.startswith("/webhook/") for request in webhook.received)


def test_an_engine_that_cannot_be_reached_leaves_a_warning_naming_the_tool_and_engine(
    alice, settings, caplog
):
    # Each failure is a refund; an engine that is down shows nowhere else in the log.
    settings.GENERATION_ENGINE = "webhook"
    settings.WEBHOOK_BASE_URL = "http://127.0.0.1:9/webhook"  # nothing listens on the discard port
    generation = start(alice)

    with caplog.at_level("WARNING", logger="services.actions"):
        run_generation(generation_id=generation.pk)

    generation.refresh_from_db()
    assert generation.status == "failed"
    [record] = [r for r in caplog.records if "failed in the engine" in r.getMessage()]
    assert record.levelname == "WARNING"
    assert record.getMessage() == (
        f"Generation {generation.pk} (meta-copy, engine webhook) failed in the engine: {generation.error_message}"
    )
