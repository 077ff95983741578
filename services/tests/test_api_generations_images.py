"""POST /api/generations/ with image fields: a path to one of our files must be the user's own
upload, still stored; anything else is a field error before a credit is spent."""

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from history.storage import stored_path_from_reference
from services.actions import IMAGE_UNAVAILABLE
from services.tests.generation_inputs import META_CREATIVE_INPUTS, finished_scrape
from services.tests.images import make_png

URL = reverse("services:api-generations")
INVALID_URL = "Please enter a valid URL"


def upload(client, *, bucket="products") -> str:
    file = SimpleUploadedFile("product.png", make_png(), content_type="image/png")
    response = client.post(reverse("services:api-uploads"), {"bucket": bucket, "file": file})
    assert response.status_code == 201
    return response.json()["url"]


def post(client, tool, inputs, key="key-1"):
    body = {"tool": tool, "inputs": inputs, "idempotency_key": key}
    return client.post(URL, body, content_type="application/json")


def social_creative(client, **images):
    return post(client, "social-media-creative", images)


def meta_creative(client, **images):
    return post(client, "meta-creative", {**META_CREATIVE_INPUTS, **images})


def assert_refused(response, user, errors):
    assert response.status_code == 400
    assert response.json() == {"errors": errors}
    assert not Generation.objects.exists()
    assert not LedgerEntry.objects.filter(user=user, kind="spend").exists()
    assert balance_of(user) == 100


def test_the_users_own_upload_is_accepted(alice_client, alice):
    response = social_creative(alice_client, productImageUpload=upload(alice_client))
    assert response.status_code == 202
    assert balance_of(alice) < 100


def test_the_users_own_upload_named_by_its_absolute_url_is_accepted(alice_client):
    url = "http://testserver" + upload(alice_client, bucket="logos")
    assert meta_creative(alice_client, logoUrl=url).status_code == 202


def test_a_pasted_url_to_another_site_is_left_to_the_engine(alice_client):
    response = social_creative(alice_client, productImageUrl="https://cdn.example.com/serum.png")
    assert response.status_code == 202


def test_a_file_that_does_not_exist_is_refused_as_no_longer_available(alice_client, alice):
    response = social_creative(alice_client, productImageUpload="/files/products/999/doesnotexist.png")
    assert_refused(response, alice, {"productImageUpload": [IMAGE_UNAVAILABLE]})


def test_the_users_own_upload_deleted_from_storage_is_refused(alice_client, alice):
    url = upload(alice_client)
    default_storage.delete(stored_path_from_reference(url).path)
    assert_refused(
        social_creative(alice_client, productImageUpload=url),
        alice,
        {"productImageUpload": [IMAGE_UNAVAILABLE]},
    )


def test_another_users_upload_is_refused(alice_client, bob_client, alice):
    bobs_product = upload(bob_client)
    bobs_logo = upload(bob_client, bucket="logos")
    response = meta_creative(alice_client, productImageUrl=bobs_product, logoUrl=bobs_logo)
    assert_refused(response, alice, {"productImageUrl": [IMAGE_UNAVAILABLE], "logoUrl": [IMAGE_UNAVAILABLE]})


def test_another_users_upload_is_refused_in_a_pasted_url_field_too(alice_client, bob_client, alice):
    bobs_logo = "https://adsmith.example" + upload(bob_client, bucket="logos")
    response = social_creative(alice_client, productImageUpload=upload(alice_client), logoImageUrl=bobs_logo)
    assert_refused(response, alice, {"logoImageUrl": [IMAGE_UNAVAILABLE]})


def test_a_generated_creative_is_not_an_upload(alice_client, alice):
    generated = f"https://adsmith.example/files/generation-history/{alice.pk}/meta_creative_1.png"
    response = social_creative(alice_client, productImageUrl=generated)
    assert_refused(response, alice, {"productImageUrl": [IMAGE_UNAVAILABLE]})


@pytest.mark.parametrize(
    "path",
    [
        "/etc/passwd",
        "/dashboard",
        "/files/secrets/1/x.png",
        "/files/products/1/../../x.png",
        "/files/generation-history/1/meta_creative_1.png",
    ],
)
def test_any_other_site_path_is_not_a_valid_url(alice_client, alice, path):
    assert_refused(
        meta_creative(alice_client, productImageUrl=path), alice, {"productImageUrl": [INVALID_URL]}
    )


def test_the_meta_ads_full_creative_step_checks_its_images_before_spending(alice_client, bob_client, alice):
    scrape = finished_scrape(alice)
    response = post(
        alice_client,
        "meta-ads-full",
        {"step": "creative", "scrapeId": scrape.pk, "productImage": upload(bob_client)},
    )
    assert response.status_code == 400
    assert response.json() == {"errors": {"productImage": [IMAGE_UNAVAILABLE]}}
    assert Generation.objects.filter(user=alice).count() == 1  # the scrape only
    assert balance_of(alice) == 100
