import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from history.models import Generation
from history.tests.creatives import layers, make_creative, png_bytes
from history.versions import output_with_versions

pytestmark = pytest.mark.django_db


def test_a_creative_without_versions_shows_the_original_and_offers_the_editor_urls(alice):
    generation = make_creative(alice)
    output = output_with_versions(generation, generation.output_data)
    assert output == {
        "image": generation.file_url,
        "engine": "demo",
        "original": generation.file_url,
        "edited": False,
        "versionsUrl": reverse("history:api-generation-versions", args=[generation.pk]),
        "latestVersionUrl": reverse("history:api-generation-version-latest", args=[generation.pk]),
    }


def test_an_edited_creative_shows_and_downloads_the_newest_version(alice_client, alice):
    generation = make_creative(alice)
    url = reverse("history:api-generation-versions", args=[generation.pk])
    data = {"file": SimpleUploadedFile("c.png", png_bytes(64, 48)), "layers": json.dumps(layers())}
    version = alice_client.post(url, data).json()

    output = output_with_versions(generation, generation.output_data)

    assert output["image"] == version["image"] != generation.file_url
    assert output["original"] == generation.file_url
    assert output["edited"] is True


def test_outputs_without_a_stored_png_pass_unchanged(alice):
    copy = Generation.objects.create(
        user=alice,
        tool="meta-copy",
        service_type="meta_copy",
        status=Generation.Status.SUCCESS,
        idempotency_key="copy-1",
        file="generation-history/1/meta_copy_1.txt",
        output_data={"variations": []},
    )
    assert output_with_versions(copy, copy.output_data) == {"variations": []}
    failed = make_creative(alice)
    failed.status = Generation.Status.FAILED
    assert output_with_versions(failed, {"image": "x"}) == {"image": "x"}


def test_once_the_text_is_removed_it_shows_the_original_without_the_badge(alice_client, alice):
    generation = make_creative(alice)
    url = reverse("history:api-generation-versions", args=[generation.pk])
    data = {"file": SimpleUploadedFile("c.png", png_bytes(64, 48)), "layers": json.dumps(layers())}
    assert alice_client.post(url, data).status_code == 201
    assert alice_client.delete(url).status_code == 204

    output = output_with_versions(generation, generation.output_data)

    assert output["image"] == output["original"] == generation.file_url
    assert output["edited"] is False
