"""The same private storage on S3 (moto's server over real HTTP): uploads and results land in the
bucket under `{area}/{userId}/`, and the file view hands the owner a short-lived signed URL."""

import io
import urllib.request
from urllib.parse import parse_qs, urlsplit

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from config.pytest_plugin import S3_TEST_BUCKET as BUCKET
from config.storage import is_local_storage
from history.actions import store_result_text
from history.storage import stored_path_from_reference
from services.assets import Assets


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), "blue").save(out, format="PNG")
    return out.getvalue()


def upload(client, bucket="logos"):
    file = SimpleUploadedFile("logo.png", png(), content_type="image/png")
    return client.post(reverse("services:api-uploads"), {"bucket": bucket, "file": file})


def test_s3_is_not_mistaken_for_local_disk(s3):
    assert not is_local_storage()


def test_an_upload_is_stored_in_the_bucket_under_the_users_id(s3, alice_client, alice):
    response = upload(alice_client)
    assert response.status_code == 201
    key = stored_path_from_reference(response.json()["url"]).path
    assert key.startswith(f"logos/{alice.pk}/")
    stored = s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()
    assert stored.startswith(b"\x89PNG")


def test_the_owner_is_redirected_to_a_short_lived_signed_url_that_works(s3, alice_client, moto_endpoint):
    url = upload(alice_client).json()["url"]
    response = alice_client.get(url, {"download": "1"})
    assert response.status_code == 302
    signed = response["Location"]
    assert signed.startswith(moto_endpoint)
    query = parse_qs(urlsplit(signed).query)
    assert "X-Amz-Signature" in query
    assert int(query["X-Amz-Expires"][0]) <= 300
    assert query["response-content-disposition"][0].startswith("attachment")
    with urllib.request.urlopen(signed) as fetched:  # noqa: S310 (moto on 127.0.0.1)
        assert fetched.read().startswith(b"\x89PNG")


def test_another_user_gets_404_not_a_signed_url(s3, alice_client, bob_client):
    url = upload(alice_client).json()["url"]
    assert bob_client.get(url).status_code == 404


def test_a_missing_file_is_404(s3, alice_client, alice):
    assert alice_client.get(f"/files/logos/{alice.pk}/missing.png").status_code == 404


def test_results_are_stored_in_the_bucket_and_engines_read_uploads_from_it(
    s3, alice, alice_client, make_generation
):
    generation = make_generation(alice, tool="social-media-copy", service_type="social_media_copy")
    stored = store_result_text(generation=generation, output={"socialMediaCopy": "Hello from S3"})
    assert s3.get_object(Bucket=BUCKET, Key=stored.path)["Body"].read() == b"Hello from S3"

    url = upload(alice_client, bucket="products").json()["url"]
    assert Assets(alice).read(url).startswith(b"\x89PNG")
