"""S3 gone (files stored first on moto's server, then nothing listening where the storage points):
the owner's file view answers the 503 page, the editor's save a 503 in the API's shape, and a
generation that needs an uploaded image fails and is refunded — never a 500, nothing charged."""

import json

import pytest
from botocore.config import Config
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from credits.models import balance_of
from history.models import Generation
from history.tests.creatives import layers, make_creative, png_bytes
from services.assets import UPLOAD_UNREADABLE
from services.tests.generation_inputs import META_CREATIVE_INPUTS

pytestmark = pytest.mark.django_db


@pytest.fixture
def s3_goes_down(s3, settings):
    """Call it once the files are in the bucket: the storage then points where nothing listens,
    failing the way botocore fails (not an OSError), at once."""

    def go_down():
        settings.STORAGES = {
            **settings.STORAGES,
            "default": {
                **settings.STORAGES["default"],
                "OPTIONS": {
                    **settings.STORAGES["default"]["OPTIONS"],
                    "endpoint_url": "http://127.0.0.1:9",
                    "client_config": Config(
                        connect_timeout=2, retries={"mode": "standard", "max_attempts": 1}
                    ),
                },
            },
        }

    return go_down


def upload(client) -> str:
    file = SimpleUploadedFile("product.png", png_bytes(200, 200), content_type="image/png")
    response = client.post(reverse("services:api-uploads"), {"bucket": "products", "file": file})
    assert response.status_code == 201
    return response.json()["url"]


def test_the_owner_asking_for_a_file_gets_the_unavailable_page(alice_client, bob_client, s3_goes_down):
    url = upload(alice_client)
    s3_goes_down()

    response = alice_client.get(url)
    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    page = response.content.decode()
    assert "Temporarily Unavailable" in page
    assert "Files cannot be reached right now. Please try again in a few minutes." in page
    # Who may see it is decided before the storage is asked: the others still get a plain 404.
    assert bob_client.get(url).status_code == 404


def test_saving_an_edited_creative_answers_503_and_stores_nothing(alice_client, alice, s3_goes_down):
    generation = make_creative(alice)
    s3_goes_down()

    response = alice_client.post(
        reverse("history:api-generation-versions", args=[generation.pk]),
        {
            "file": SimpleUploadedFile("creative.png", png_bytes(64, 48)),
            "layers": json.dumps(layers(text="Sale")),
        },
    )
    assert response.status_code == 503
    assert response.json() == {
        "errors": {"file": ["Files cannot be reached right now. Please try again in a few minutes."]}
    }
    assert not generation.versions.exists()


def test_a_generation_needing_an_uploaded_image_fails_and_is_refunded(
    alice_client, alice, s3_goes_down, django_capture_on_commit_callbacks
):
    url = upload(alice_client)
    s3_goes_down()
    before = balance_of(alice)

    with django_capture_on_commit_callbacks(execute=True):
        response = alice_client.post(
            reverse("services:api-generations"),
            {"tool": "meta-creative", "inputs": {**META_CREATIVE_INPUTS, "productImageUrl": url}},
            content_type="application/json",
        )
    assert response.status_code == 202
    generation = Generation.objects.get(pk=response.json()["id"])
    assert generation.status == Generation.Status.FAILED
    assert generation.error_message == UPLOAD_UNREADABLE
    assert balance_of(alice) == before
