import io
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from accounts.tests.conftest import image_bytes


def upload(client, content: bytes, name="me.jpg", content_type="image/jpeg"):
    return client.post(
        "/profile/avatar", {"file": SimpleUploadedFile(name, content, content_type=content_type)}
    )


def test_an_image_is_re_encoded_and_stored_in_the_users_own_folder(alice_client, alice):
    response = upload(alice_client, image_bytes(fmt="JPEG"))
    assert response.status_code == 201
    name = response.json()["avatar"]
    assert name.startswith(f"user-uploads/{alice.pk}/avatar-") and name.endswith(".png")
    assert response.json()["url"] == f"/profile/avatar/{alice.pk}/{name.rsplit('/', 1)[1]}"
    with default_storage.open(name) as stored:
        image = Image.open(stored)
        assert image.format == "PNG"
        assert image.size == (64, 48)


def test_a_large_image_is_scaled_down(alice_client):
    response = upload(alice_client, image_bytes(size=(2000, 1000)))
    with default_storage.open(response.json()["avatar"]) as stored:
        assert Image.open(stored).size == (512, 256)


@pytest.mark.parametrize(
    ("content", "name", "content_type"),
    [
        (b"<svg xmlns='http://www.w3.org/2000/svg'></svg>", "a.svg", "image/svg+xml"),
        (b"%PDF-1.4 not an image", "cv.png", "image/png"),
        (image_bytes()[:40], "broken.png", "image/png"),
        (b"", "empty.png", "image/png"),
    ],
)
def test_anything_that_does_not_decode_as_an_image_is_refused(alice_client, content, name, content_type):
    response = upload(alice_client, content, name, content_type)
    assert response.status_code == 400
    assert response.json() == {"error": "Only image files are allowed"}


def test_an_image_of_too_many_pixels_is_refused_as_such(alice_client):
    # 20,000 × 20,000 of one colour compresses to a small file: a decompression bomb.
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, format="PNG")
    assert len(out.getvalue()) < 2 * 1024 * 1024
    response = upload(alice_client, out.getvalue(), "huge.png", "image/png")
    assert response.status_code == 400
    assert response.json() == {"error": "The image is too large (at most 25 megapixels)"}


def test_a_file_over_2mb_is_refused(alice_client):
    noisy = Image.frombytes("RGB", (1000, 1000), bytes(range(256)) * 11718 + bytes(192))
    out = io.BytesIO()
    noisy.save(out, format="BMP")
    assert len(out.getvalue()) > 2 * 1024 * 1024
    response = upload(alice_client, out.getvalue(), "big.bmp", "image/bmp")
    assert response.status_code == 400
    assert response.json() == {"error": "File size must be less than 2MB"}


def test_a_missing_file_is_refused(alice_client):
    response = alice_client.post("/profile/avatar", {})
    assert response.status_code == 400
    assert response.json() == {"error": "No file provided"}


def test_an_anonymous_upload_is_refused(client, db):
    response = upload(client, image_bytes())
    assert response.status_code == 401
    assert response.json() == {"error": "User must be authenticated to upload files"}


def test_the_owner_gets_the_file_as_every_private_file_is_served(alice_client):
    url = upload(alice_client, image_bytes()).json()["url"]
    response = alice_client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["Cache-Control"] == "private, max-age=3600"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == "default-src 'none'; img-src 'self'; sandbox"


def test_on_s3_the_owner_is_redirected_to_a_five_minute_signed_url(s3, alice_client, moto_endpoint):
    url = upload(alice_client, image_bytes()).json()["url"]
    response = alice_client.get(url)
    assert response.status_code == 302
    assert response["Cache-Control"] == "private, no-store"
    signed = response["Location"]
    assert signed.startswith(moto_endpoint)
    query = parse_qs(urlsplit(signed).query)
    assert query["X-Amz-Expires"] == ["300"]
    assert query["response-content-disposition"][0].startswith("inline")
    with urllib.request.urlopen(signed) as fetched:  # noqa: S310 (moto on 127.0.0.1)
        assert fetched.read().startswith(b"\x89PNG")


def test_another_user_gets_a_404(alice_client, bob_client):
    url = upload(alice_client, image_bytes()).json()["url"]
    assert bob_client.get(url).status_code == 404


def test_only_avatar_file_names_are_served(alice_client, alice):
    default_storage.save(f"user-uploads/{alice.pk}/logo.png", io.BytesIO(image_bytes()))
    assert alice_client.get(f"/profile/avatar/{alice.pk}/logo.png").status_code == 404
