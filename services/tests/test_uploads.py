"""POST /api/uploads/: images only, verified by decoding, re-encoded, size-limited, private."""

import io
import struct
import zlib

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from PIL import Image

from history.storage import stored_path_from_reference

URL = reverse("services:api-uploads")


def png_bytes(size=(64, 48), color=(200, 30, 30), mode="RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, color).save(out, format="PNG")
    return out.getvalue()


def jpeg_with_exif() -> bytes:
    image = Image.new("RGB", (40, 30), (10, 120, 200))
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # Make
    exif[0x9286] = "where I live"  # UserComment
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif.tobytes(), comment=b"<script>alert(1)</script>")
    return out.getvalue()


def png_claiming_size(width: int, height: int) -> bytes:
    """A tiny file whose header claims a huge image (a decompression bomb's shape)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + chunk(b"IEND", b"")
    )


def upload(client, content: bytes, *, name="logo.png", content_type="image/png", bucket="logos"):
    data = {"bucket": bucket}
    if content is not None:
        data["file"] = SimpleUploadedFile(name, content, content_type=content_type)
    return client.post(URL, data)


def stored_bytes(response) -> bytes:
    stored = stored_path_from_reference(response.json()["url"])
    with default_storage.open(stored.path, "rb") as handle:
        return handle.read()


def test_an_image_is_stored_under_the_users_id_and_its_url_returned(alice_client, alice):
    response = upload(alice_client, png_bytes())
    assert response.status_code == 201
    url = response.json()["url"]
    assert url.startswith(f"/files/logos/{alice.pk}/") and url.endswith(".png")
    assert alice_client.get(url).status_code == 200


@pytest.mark.parametrize("bucket", ["logos", "products", "user-uploads"])
def test_each_documented_bucket_is_accepted(alice_client, alice, bucket):
    response = upload(alice_client, png_bytes(), bucket=bucket)
    assert response.status_code == 201
    assert response.json()["url"].startswith(f"/files/{bucket}/{alice.pk}/")


def test_the_uploaded_file_is_not_readable_by_another_user(alice_client, bob_client):
    url = upload(alice_client, png_bytes()).json()["url"]
    assert bob_client.get(url).status_code == 404


def test_the_stored_file_is_a_fresh_encoding_not_the_original_bytes(alice_client):
    original = png_bytes()
    stored = stored_bytes(upload(alice_client, original))
    with Image.open(io.BytesIO(stored)) as image:
        assert image.format == "PNG" and image.size == (64, 48)
        assert image.getpixel((0, 0)) == (200, 30, 30)


def test_a_jpeg_stays_a_jpeg_without_its_exif_or_comment(alice_client):
    response = upload(alice_client, jpeg_with_exif(), name="photo.jpg", content_type="image/jpeg")
    assert response.status_code == 201
    assert response.json()["url"].endswith(".jpg")
    stored = stored_bytes(response)
    assert b"SecretCam" not in stored and b"where I live" not in stored and b"<script>" not in stored
    with Image.open(io.BytesIO(stored)) as image:
        assert image.format == "JPEG"
        assert not image.getexif()


def test_the_original_file_name_is_never_used(alice_client):
    response = upload(alice_client, png_bytes(), name="../../etc/passwd.png")
    assert response.status_code == 201
    assert "passwd" not in response.json()["url"]


def test_no_file_is_refused_with_the_documented_message(alice_client):
    response = upload(alice_client, None)
    assert response.status_code == 400
    assert response.json() == {"errors": {"file": ["No file provided"]}}


@pytest.mark.parametrize("bucket", ["", "avatars", "generation-history", "../logos"])
def test_an_unknown_bucket_is_refused(alice_client, bucket):
    response = upload(alice_client, png_bytes(), bucket=bucket)
    assert response.status_code == 400
    assert "bucket" in response.json()["errors"]


def test_a_non_image_with_an_image_name_and_type_is_refused(alice_client):
    response = upload(alice_client, b"MZ\x90\x00 this is an executable, honest", name="logo.png")
    assert response.status_code == 400
    assert response.json() == {"errors": {"file": ["Only image files are allowed"]}}


def test_an_svg_with_a_script_is_refused(alice_client):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'
    response = upload(alice_client, svg, name="logo.svg", content_type="image/svg+xml")
    assert response.status_code == 400
    assert response.json() == {"errors": {"file": ["Only image files are allowed"]}}


def test_a_png_with_html_appended_is_stored_as_the_image_only(alice_client):
    polyglot = png_bytes() + b"<html><script>alert(document.cookie)</script></html>"
    response = upload(alice_client, polyglot)
    assert response.status_code == 201
    stored = stored_bytes(response)
    assert b"<script>" not in stored and b"<html>" not in stored


def test_a_gif_javascript_polyglot_is_refused_or_neutralised(alice_client):
    # "GIF89a" is also the start of a valid JavaScript statement: the classic GIF/JS polyglot.
    out = io.BytesIO()
    Image.new("P", (10, 10)).save(out, format="GIF", comment=b"*/=alert(document.domain);/*")
    polyglot = b"GIF89a/*" + out.getvalue()[8:] + b"*/=alert(document.domain);"
    response = upload(alice_client, polyglot, name="cat.gif", content_type="image/gif")
    if response.status_code == 201:
        stored = stored_bytes(response)
        assert b"alert" not in stored
        assert stored.startswith(b"\x89PNG")
    else:
        assert response.json() == {"errors": {"file": ["Only image files are allowed"]}}


def test_a_truncated_image_is_refused(alice_client):
    response = upload(alice_client, png_bytes((200, 200))[:-40])
    assert response.status_code == 400


def test_a_file_over_5mb_is_refused(alice_client):
    response = upload(alice_client, png_bytes() + b"\0" * (5 * 1024 * 1024))
    assert response.status_code == 400
    assert response.json() == {"errors": {"file": ["File size must be less than 5MB"]}}


def test_an_avatar_over_2mb_is_refused(alice_client):
    response = upload(alice_client, png_bytes() + b"\0" * (2 * 1024 * 1024), bucket="user-uploads")
    assert response.status_code == 400
    assert response.json() == {"errors": {"file": ["File size must be less than 2MB"]}}


def test_a_decompression_bomb_is_refused_before_decoding(alice_client):
    response = upload(alice_client, png_claiming_size(60_000, 60_000))
    assert response.status_code == 400
    assert "too large" in response.json()["errors"]["file"][0]


def test_an_image_just_over_the_pixel_cap_is_refused(alice_client):
    response = upload(alice_client, png_claiming_size(5001, 5000))
    assert response.status_code == 400
    assert response.json()["errors"]["file"] == ["The image is too large (at most 25 megapixels)"]


def test_a_json_body_is_a_400_not_a_500(alice_client):
    response = alice_client.post(URL, {"bucket": "logos"}, content_type="application/json")
    assert response.status_code == 400


def test_anonymous_visitors_are_refused_with_the_documented_sign_in_text(client, db):
    response = upload(client, png_bytes())
    assert response.status_code == 403
    assert response.json() == {"detail": "Please sign in to upload files"}


def test_it_needs_the_csrf_token(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert upload(client, png_bytes()).status_code == 403
