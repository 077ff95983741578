import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator

from history.models import Generation
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
    version = response.json()["version"]
    assert version["id"] == newest["id"]
    assert version["image"] == newest["image"]
    assert version["layers"]["elements"][0] == layers(text="Second", rotation=15)["elements"][0]
    assert version["original"] == generation.file_url


def test_nothing_saved_yet_is_a_200_with_no_version(alice_client, alice):
    response = latest(alice_client, make_creative(alice))
    assert response.status_code == 200
    assert response.json() == {"version": None}


def test_a_generation_without_an_image_has_no_version(alice_client, alice):
    generation = make_creative(alice)
    generation.status = Generation.Status.FAILED
    generation.save(update_fields=["status"])
    assert latest(alice_client, generation).json() == {"version": None}


def test_it_is_404_for_another_users_generation(alice_client, bob_client, alice):
    generation = make_creative(alice)
    save_version(alice_client, generation)
    assert latest(bob_client, generation).status_code == 404
    assert latest(bob_client, make_creative(alice)).status_code == 404  # none saved: still not bob's


def test_it_is_404_for_an_unknown_generation(alice_client):
    response = alice_client.get(reverse("history:api-generation-version-latest", args=[999999]))
    assert response.status_code == 404


def test_its_schema_documents_the_nullable_version(db):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    url = reverse("history:api-generation-version-latest", args=[1]).replace("/1/", "/{id}/")
    responses = schema["paths"][url]["get"]["responses"]
    assert set(responses) == {"200", "404"}
    body = responses["200"]["content"]["application/json"]["schema"]
    component = schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    assert component["required"] == ["version"]
    version = component["properties"]["version"]
    assert version.get("nullable") is True
