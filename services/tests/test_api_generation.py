"""GET /api/generations/<id>/: what the island polls while a generation runs."""

from django.urls import reverse

from history.models import Generation
from services.tests.generation_inputs import finished_scrape


def url(generation_id):
    return reverse("services:api-generation", args=[generation_id])


def test_it_returns_the_users_generation_with_status_output_and_balance(alice_client, alice):
    scrape = finished_scrape(alice)
    response = alice_client.get(url(scrape.pk))
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "success"
    assert body["step"] == "scrape"
    assert body["output"] == {"report": "Glow Naturals sells vitamin C serums.", "engine": "demo"}
    assert body["error"] is None
    assert body["balance"] == 100


def test_a_failed_generation_shows_its_error_and_no_output(alice_client, alice):
    failed = finished_scrape(
        alice, status=Generation.Status.FAILED, error_message="HTTP error! status: 500", output_data={"x": 1}
    )
    body = alice_client.get(url(failed.pk)).json()
    assert body["status"] == "failed"
    assert body["error"] == "HTTP error! status: 500"
    assert body["output"] == {}


def test_a_running_generation_has_no_output_yet(alice_client, alice):
    running = finished_scrape(alice, status=Generation.Status.RUNNING, output_data={})
    body = alice_client.get(url(running.pk)).json()
    assert body["status"] == "running" and body["output"] == {}


def test_another_users_generation_is_404(alice_client, bob):
    assert alice_client.get(url(finished_scrape(bob).pk)).status_code == 404


def test_a_missing_or_absurd_id_is_404(alice_client):
    assert alice_client.get(url(987654)).status_code == 404
    assert alice_client.get("/api/generations/99999999999999999999999999/").status_code == 404
    assert alice_client.get("/api/generations/-1/").status_code == 404


def test_anonymous_visitors_are_refused(client, alice):
    assert client.get(url(finished_scrape(alice).pk)).status_code == 403


def test_the_hand_written_representation_matches_the_documented_fields(alice, settings):
    # GenerationSerializer builds its dict directly (it is on every start and poll); the declared
    # fields are the schema. DRF's own field-by-field rendering must give the same answer.
    from rest_framework import serializers

    from services.api import GenerationSerializer

    for status in Generation.Status.values:
        generation = finished_scrape(alice, status=status, error_message="Boom" if status == "failed" else "")
        serializer = GenerationSerializer(generation)
        assert serializer.data == serializers.Serializer.to_representation(serializer, generation)
        assert list(serializer.data) == list(serializer.fields)
