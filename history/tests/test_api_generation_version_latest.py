import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from history.tests.creatives import layers, make_creative, png_bytes

pytestmark = pytest.mark.django_db


def save_version(client, generation, **element):
    url = reverse("history:api-generation-versions", args=[generation.pk])
    data = {"file": SimpleUploadedFile("c.png", png_bytes(64, 48)), "layers": json.dumps(layers(**element))}
    response = client.post(url, data)
    assert response.status_code == 201
    return response.json()


def latest(client, generation):
    return client.get(reverse("history:api-generation-version-latest", args=[generation.pk]))


def test_it_returns_the_newest_version_with_the_original_for_re_editing(alice_client, alice):
    generation = make_creative(alice)
    save_version(alice_client, generation, text="First")
    newest = save_version(alice_client, generation, text="Second", rotation=15)

    response = latest(alice_client, generation)

    assert response.status_code == 200
    body = response.json()
    assert body["id"] == newest["id"]
    assert body["image"] == newest["image"]
    assert body["layers"]["elements"][0] == layers(text="Second", rotation=15)["elements"][0]
    assert body["original"] == generation.file_url


def test_it_is_404_when_nothing_was_saved_yet(alice_client, alice):
    assert latest(alice_client, make_creative(alice)).status_code == 404


def test_it_is_404_for_another_users_generation(alice_client, bob_client, alice):
    generation = make_creative(alice)
    save_version(alice_client, generation)
    assert latest(bob_client, generation).status_code == 404


def test_it_is_404_for_an_unknown_generation(alice_client):
    response = alice_client.get(reverse("history:api-generation-version-latest", args=[999999]))
    assert response.status_code == 404
