"""Abuse: guessing passwords, hammering the generation API, scraping without end, flooding uploads.
Each limit answers with a clear message, touches only the offender, and costs nobody credits."""

import threading
from datetime import datetime, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from freezegun import freeze_time

from config.pytest_plugin import PASSWORD
from credits.actions import grant_credits
from credits.models import balance_of
from history.models import Generation
from history.tests.creatives import png_bytes
from services.tests.generation_inputs import META_COPY_INPUTS, SCRAPE_INPUTS

TOO_MANY_LOGINS = "Too many failed login attempts. Try again later."
TOO_MANY_ACTIVE = "You already have {} generations in progress. Please wait for one to finish."
TOO_MANY_PER_HOUR = "You have started too many generations in the last hour. Please try again in {}."
TOO_MANY_SCRAPES = "You have scraped too many websites in the last hour. Please try again in {}."
TOO_MANY_UPLOADS = "You have uploaded too many files in the last hour. Please try again in {}."
HOUR_START = datetime.fromisoformat("2026-03-02T10:00:00+00:00")


def minutes_past(minutes: float) -> datetime:
    return HOUR_START + timedelta(minutes=minutes)


@pytest.fixture(autouse=True)
def jobs_are_only_recorded(settings):
    # The production queue with no worker: generations stay queued, exactly the state the
    # in-flight limit counts, and paid starts take the path they take in production.
    settings.TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}


def start(client: Client, key: str, *, tool: str = "meta-copy", inputs: dict | None = None):
    return client.post(
        reverse("services:api-generations"),
        {"tool": tool, "inputs": inputs or META_COPY_INPUTS, "idempotency_key": key},
        content_type="application/json",
    )


# --- sign-in ----------------------------------------------------------------------------------------


def sign_in(client: Client, email: str, password: str):
    return client.post(reverse("accounts:signin"), {"email": email, "password": password})


def is_signed_in(client: Client) -> bool:
    return client.get(reverse("dashboard")).status_code == 200


@pytest.mark.django_db
def test_guessing_one_address_locks_it_even_for_the_right_password(alice):
    attacker = Client()
    for _ in range(5):  # login_failed: 5 per 5 minutes per address
        sign_in(attacker, alice.email, "Wrong-guess1")
    assert TOO_MANY_LOGINS in sign_in(attacker, alice.email, PASSWORD).content.decode()
    assert not is_signed_in(attacker)


@pytest.mark.django_db
def test_guessing_many_addresses_from_one_address_is_stopped_too(alice, make_user):
    attacker = Client()
    for n in range(10):  # login_failed: 10 per minute per IP, whatever the address
        sign_in(attacker, f"someone{n}@example.com", "Wrong-guess1")
    assert TOO_MANY_LOGINS in sign_in(attacker, alice.email, PASSWORD).content.decode()


@pytest.mark.django_db
def test_a_locked_address_does_not_lock_out_other_users(alice, bob):
    for _ in range(5):
        sign_in(Client(), alice.email, "Wrong-guess1")
    bobs_browser = Client(REMOTE_ADDR="203.0.113.9")
    sign_in(bobs_browser, bob.email, PASSWORD)
    assert is_signed_in(bobs_browser)


@pytest.mark.django_db
def test_password_reset_requests_are_limited_per_address(alice, mailoutbox):
    client = Client()
    for _ in range(8):
        client.post(reverse("accounts:forgot-password"), {"email": alice.email})
    assert len(mailoutbox) == 5  # reset_password: 5 per minute per address


# --- generations ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_user_cannot_have_more_generations_in_flight_than_the_limit(
    alice, alice_client, bob_client, settings
):
    settings.GENERATION_MAX_ACTIVE_PER_USER = 3
    assert [start(alice_client, f"k{n}").status_code for n in range(3)] == [202, 202, 202]

    refused = start(alice_client, "k3")
    assert refused.status_code == 429
    assert refused.json() == {"detail": TOO_MANY_ACTIVE.format(3)}
    assert "Retry-After" not in refused  # it frees when a generation finishes, not at a known time
    assert balance_of(alice) == 100 - 3 * 20  # the refused request cost nothing
    assert start(bob_client, "b0").status_code == 202  # bob is not affected

    Generation.objects.filter(user=alice, idempotency_key="k0").update(status="success")
    assert start(alice_client, "k4").status_code == 202  # one finished: room for one more


@pytest.mark.django_db
def test_a_user_cannot_start_more_generations_per_hour_than_the_limit(alice, alice_client, settings):
    settings.GENERATIONS_PER_HOUR = 4
    grant_credits(user=alice, amount=1000, reason="Test", idempotency_key="abuse-hourly")
    for n in range(4):
        with freeze_time(minutes_past(10 * n)):
            assert start(alice_client, f"k{n}").status_code == 202
        Generation.objects.filter(user=alice, idempotency_key=f"k{n}").update(status="success")

    with freeze_time(minutes_past(48) + timedelta(seconds=10)):
        refused = start(alice_client, "k4")
        # Repeating a request already accepted is not a new start: it still answers.
        assert start(alice_client, "k0").status_code == 202
    assert refused.status_code == 429
    # The first start (10:00) leaves the hour at 11:00: 11 minutes 50 seconds away.
    assert refused.json() == {"detail": TOO_MANY_PER_HOUR.format("12 minutes")}
    assert refused["Retry-After"] == str(11 * 60 + 50)

    with freeze_time(minutes_past(59) + timedelta(seconds=30)):
        refused = start(alice_client, "k5")
    assert refused.json() == {"detail": TOO_MANY_PER_HOUR.format("1 minute")}
    assert refused["Retry-After"] == "30"
    with freeze_time(minutes_past(60)):  # an hour after the first start: it has left the hour
        assert start(alice_client, "k6").status_code == 202


@pytest.mark.django_db
def test_free_scrapes_do_not_count_towards_the_hourly_generation_limit(alice, alice_client, settings):
    settings.GENERATIONS_PER_HOUR = 2
    for n in range(3):
        inputs = {**SCRAPE_INPUTS, "websiteUrl": f"https://shop{n}.example.com/"}
        assert start(alice_client, f"s{n}", tool="meta-ads-full", inputs=inputs).status_code == 202
    Generation.objects.filter(user=alice).update(status="success")

    assert [start(alice_client, f"k{n}").status_code for n in range(3)] == [202, 202, 429]


@pytest.mark.django_db
def test_free_scrapes_are_limited_per_hour(alice_client, settings):
    settings.SCRAPES_PER_HOUR = 2
    for n in range(2):
        inputs = {**SCRAPE_INPUTS, "websiteUrl": f"https://shop{n}.example.com/"}
        with freeze_time(minutes_past(5 * n)):
            assert start(alice_client, f"s{n}", tool="meta-ads-full", inputs=inputs).status_code == 202

    inputs = {**SCRAPE_INPUTS, "websiteUrl": "https://shop9.example.com/"}
    with freeze_time(minutes_past(20)):
        refused = start(alice_client, "s9", tool="meta-ads-full", inputs=inputs)
    assert refused.status_code == 429
    assert refused.json() == {"detail": TOO_MANY_SCRAPES.format("40 minutes")}
    assert refused["Retry-After"] == str(40 * 60)


def post_at_once(user, count: int) -> list[int]:
    """`count` signed-in clients post a Meta Copy generation at the same moment."""
    clients = []
    for _ in range(count):
        client = Client()
        client.force_login(user)
        clients.append(client)
    barrier = threading.Barrier(count)
    statuses = [0] * count

    def post(index: int):
        try:
            barrier.wait()
            statuses[index] = start(clients[index], f"burst-{index}").status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(statuses)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_in_flight_limit_holds_exactly_under_a_burst(alice, settings):
    settings.GENERATION_MAX_ACTIVE_PER_USER = 3
    grant_credits(user=alice, amount=1000, reason="Test", idempotency_key="abuse-burst")
    assert post_at_once(alice, 10) == [202] * 3 + [429] * 7
    assert Generation.objects.filter(user=alice).count() == 3
    assert balance_of(alice) == 1100 - 3 * 20


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_default_limit_admits_twenty_simultaneous_generations(alice, settings):
    grant_credits(user=alice, amount=1000, reason="Test", idempotency_key="abuse-twenty")
    assert settings.GENERATION_MAX_ACTIVE_PER_USER == 20
    assert post_at_once(alice, 20) == [202] * 20
    assert start(_signed_in(alice), "one-more").status_code == 429


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- uploads ----------------------------------------------------------------------------------------


def upload(client: Client, content: bytes, *, name: str = "logo.png"):
    return client.post(
        reverse("services:api-uploads"),
        {"bucket": "logos", "file": SimpleUploadedFile(name, content, content_type="image/png")},
    )


@pytest.mark.django_db
def test_uploads_are_limited_per_hour(alice_client, bob_client, settings):
    settings.UPLOADS_PER_HOUR = 3
    with freeze_time(minutes_past(0)):
        assert [upload(alice_client, png_bytes(8, 8)).status_code for _ in range(3)] == [201, 201, 201]
    with freeze_time(minutes_past(30)):
        refused = upload(alice_client, png_bytes(8, 8))
    assert refused.status_code == 429
    assert refused.json() == {"detail": TOO_MANY_UPLOADS.format("30 minutes")}
    assert refused["Retry-After"] == str(30 * 60)
    assert upload(bob_client, png_bytes(8, 8)).status_code == 201


@pytest.mark.django_db
def test_avatar_uploads_share_the_hourly_allowance(alice_client, settings):
    settings.UPLOADS_PER_HOUR = 2
    with freeze_time(minutes_past(0)):
        assert upload(alice_client, png_bytes(8, 8)).status_code == 201
        avatar = SimpleUploadedFile("me.png", png_bytes(8, 8), content_type="image/png")
        assert alice_client.post("/profile/avatar", {"file": avatar}).status_code == 201
    with freeze_time(minutes_past(59)):
        avatar = SimpleUploadedFile("me.png", png_bytes(8, 8), content_type="image/png")
        refused = alice_client.post("/profile/avatar", {"file": avatar})
        assert upload(alice_client, png_bytes(8, 8)).status_code == 429
    assert refused.status_code == 429
    assert refused.json() == {"error": TOO_MANY_UPLOADS.format("1 minute")}
    assert refused["Retry-After"] == "60"


@pytest.mark.django_db
def test_an_oversized_upload_is_refused_before_it_is_read(alice_client):
    response = upload(alice_client, b"\x89PNG" + b"0" * (6 * 1024 * 1024))
    assert response.status_code == 400
    assert response.json() == {"errors": {"file": ["File size must be less than 5MB"]}}


@pytest.mark.django_db
def test_a_file_that_only_claims_to_be_an_image_is_refused(alice_client):
    response = upload(alice_client, b"<?php system($_GET['c']); ?>", name="shell.png")
    assert response.status_code == 400
    assert "file" in response.json()["errors"]
