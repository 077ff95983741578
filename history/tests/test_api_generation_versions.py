import io
import json
import struct
import zlib

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image, PngImagePlugin

from config.storage import read_file
from history.actions import VERSIONS_KEPT
from history.models import CreativeVersion
from history.storage import stored_path_from_reference
from history.tests.creatives import layers, make_creative, png_bytes

pytestmark = pytest.mark.django_db


def post_version(client, generation, *, content=None, layer_json=None, name="creative.png"):
    url = reverse("history:api-generation-versions", args=[generation.pk])
    data = {}
    if content is not False:
        data["file"] = SimpleUploadedFile(
            name, content if content is not None else png_bytes(64, 48, (200, 0, 0))
        )
    if layer_json is not False:
        data["layers"] = layer_json if layer_json is not None else json.dumps(layers(text="Sale"))
    return client.post(url, data)


def errors(response) -> dict:
    return response.json()["errors"]


def test_it_saves_the_png_and_layers_as_a_new_version(alice_client, alice):
    generation = make_creative(alice)
    response = post_version(alice_client, generation)

    assert response.status_code == 201
    body = response.json()
    version = CreativeVersion.objects.get(pk=body["id"])
    assert version.generation == generation
    assert body["image"] == version.file_url
    assert body["layers"] == layers(text="Sale")
    assert body["created_at"].endswith("Z")  # written as every other API time is
    stored = stored_path_from_reference(body["image"])
    assert stored.user_id == alice.pk and stored.area == "generation-history"
    with Image.open(io.BytesIO(read_file(stored.path))) as saved:
        assert saved.size == (64, 48)
        assert saved.getpixel((0, 0)) == (200, 0, 0)


def test_it_never_touches_the_original(alice_client, alice):
    generation = make_creative(alice)
    before = read_file(generation.file.name)
    post_version(alice_client, generation)
    generation.refresh_from_db()
    assert read_file(generation.file.name) == before


def test_it_stores_fresh_pixels_without_the_uploads_metadata(alice_client, alice):
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "<script>alert(1)</script>")
    response = post_version(alice_client, make_creative(alice), content=png_bytes(64, 48, pnginfo=info))
    assert response.status_code == 201
    data = read_file(stored_path_from_reference(response.json()["image"]).path)
    assert b"alert(1)" not in data


def test_it_is_404_for_another_users_generation(bob_client, alice):
    response = post_version(bob_client, make_creative(alice))
    assert response.status_code == 404
    assert not CreativeVersion.objects.exists()


def test_it_requires_sign_in(client, alice):
    response = post_version(client, make_creative(alice))
    assert response.status_code == 403
    assert not CreativeVersion.objects.exists()


@pytest.mark.parametrize(
    "content",
    [b"not an image at all", png_bytes(64, 48)[:60]],
    ids=["garbage", "truncated-png"],
)
def test_it_refuses_a_file_that_does_not_decode_as_a_png(alice_client, alice, content):
    response = post_version(alice_client, make_creative(alice), content=content)
    assert response.status_code == 400
    assert errors(response) == {"file": ["The edited image must be a PNG file"]}


def test_it_refuses_a_jpeg_even_of_the_right_size(alice_client, alice):
    out = io.BytesIO()
    Image.new("RGB", (64, 48)).save(out, format="JPEG")
    response = post_version(alice_client, make_creative(alice), content=out.getvalue())
    assert response.status_code == 400
    assert errors(response) == {"file": ["The edited image must be a PNG file"]}


def test_it_refuses_a_png_that_is_not_the_originals_size(alice_client, alice):
    response = post_version(
        alice_client, make_creative(alice, width=64, height=48), content=png_bytes(48, 64)
    )
    assert response.status_code == 400
    assert errors(response) == {"file": ["The image must be 64 × 48 pixels, the size of the original"]}
    assert not CreativeVersion.objects.exists()


def with_stated_size(png: bytes, width: int, height: int) -> bytes:
    """The PNG with another size written into its header (IHDR, CRC fixed): it opens as that
    size, but its pixel data is far too short for it, so decoding it fails."""
    ihdr = png[12:29]  # type + data of the first chunk, after the signature and length
    patched = ihdr[:4] + struct.pack(">II", width, height) + ihdr[12:]
    return png[:12] + patched + struct.pack(">I", zlib.crc32(patched)) + png[33:]


def test_a_png_of_the_wrong_size_is_refused_from_its_header_before_it_is_decoded(alice_client, alice):
    # Its header says 5000 × 5000 and its pixels do not decode: were it decoded first, the answer
    # would be that it is not a valid PNG. The size answer shows the header was checked first.
    content = with_stated_size(png_bytes(64, 48), 5000, 5000)
    response = post_version(alice_client, make_creative(alice, width=64, height=48), content=content)
    assert response.status_code == 400
    assert errors(response) == {"file": ["The image must be 64 × 48 pixels, the size of the original"]}


def test_a_png_of_the_right_size_that_does_not_decode_is_still_refused(alice_client, alice):
    content = with_stated_size(png_bytes(8, 8), 64, 48)
    response = post_version(alice_client, make_creative(alice, width=64, height=48), content=content)
    assert response.status_code == 400
    assert errors(response) == {"file": ["The edited image must be a PNG file"]}
    assert not CreativeVersion.objects.exists()


def test_saves_count_against_the_hourly_upload_allowance(alice_client, bob_client, alice, bob, settings):
    settings.UPLOADS_PER_HOUR = 2
    generation = make_creative(alice)
    assert [post_version(alice_client, generation).status_code for _ in range(2)] == [201, 201]
    refused = post_version(alice_client, generation)
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith(
        "You have uploaded too many files in the last hour. Please try again in "
    )
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert CreativeVersion.objects.filter(generation=generation).count() == 2
    assert post_version(bob_client, make_creative(bob)).status_code == 201  # per user


def test_it_requires_a_file(alice_client, alice):
    response = post_version(alice_client, make_creative(alice), content=False)
    assert response.status_code == 400
    assert errors(response) == {"file": ["No file provided"]}


@pytest.mark.parametrize(
    ("layer_json", "message"),
    [
        (False, "This field is required."),
        ("{not json", "The text layers are not valid JSON"),
        (json.dumps(layers()).replace("50", "NaN", 1), "The text layers are not valid JSON"),
        ('{"version": 1, "elements": ' + "[" * 5000 + "]" * 5000 + "}", "The text layers are not valid JSON"),
        (
            json.dumps(layers(fontSize=500)),
            "elements[0].fontSize: Ensure this value is less than or equal to 120.",
        ),
        (
            json.dumps(layers(opacity=1.5)),
            "elements[0].opacity: Ensure this value is less than or equal to 1.",
        ),
        (
            json.dumps(layers(rotation=-181)),
            "elements[0].rotation: Ensure this value is greater than or equal to -180.",
        ),
        (
            json.dumps(layers(color="red")),
            "elements[0].color: This value does not match the required pattern.",
        ),
        (
            json.dumps(layers(text="x" * 251)),
            "elements[0].text: Ensure this field has no more than 250 characters.",
        ),
        (
            json.dumps({"version": 2, "elements": []}),
            "version: Ensure this value is less than or equal to 1.",
        ),
    ],
    ids=[
        "missing",
        "bad-json",
        "nan",
        "too-deep",
        "font-size",
        "opacity",
        "rotation",
        "color",
        "text",
        "version",
    ],
)
def test_it_refuses_invalid_layers(alice_client, alice, layer_json, message):
    response = post_version(alice_client, make_creative(alice), layer_json=layer_json)
    assert response.status_code == 400
    assert errors(response) == {"layers": [message]}


def test_a_lone_surrogate_in_a_choice_is_refused_with_escaped_json(alice_client, alice):
    response = post_version(
        alice_client, make_creative(alice), layer_json=json.dumps(layers(fontWeight="\ud800"))
    )
    assert response.status_code == 400
    assert errors(response) == {"layers": ['elements[0].fontWeight: "\ud800" is not a valid choice.']}
    assert response.content.isascii()


def test_it_refuses_a_generation_without_an_image(alice_client, alice):
    generation = make_creative(alice)
    generation.file = ""
    generation.save(update_fields=["file"])
    response = post_version(alice_client, generation)
    assert response.status_code == 400
    assert errors(response) == {"non_field_errors": ["This generation has no image to edit"]}


def test_it_answers_400_not_500_for_a_json_body(alice_client, alice):
    url = reverse("history:api-generation-versions", args=[make_creative(alice).pk])
    response = alice_client.post(url, {"layers": "{}"}, content_type="application/json")
    assert response.status_code == 400
    assert "errors" in response.json()


def test_it_keeps_only_the_newest_versions_and_deletes_older_files(
    alice_client, alice, django_capture_on_commit_callbacks
):
    generation = make_creative(alice)
    with django_capture_on_commit_callbacks(execute=True):
        images = [post_version(alice_client, generation).json()["image"] for _ in range(VERSIONS_KEPT + 2)]
    kept = list(CreativeVersion.objects.filter(generation=generation))
    assert len(kept) == VERSIONS_KEPT
    assert [v.file_url for v in kept] == images[::-1][:VERSIONS_KEPT]
    for dropped in images[:2]:
        assert not default_storage.exists(stored_path_from_reference(dropped).path)


# --- no text: not a version; taking the text off brings back the original -----------------


@pytest.mark.parametrize(
    "elements",
    [
        [],
        [layers(text="")["elements"][0]],
        [layers(text=" \n\t\u3000\ufeff")["elements"][0]],
        [layers(text="Sale", opacity=0)["elements"][0]],
        [layers(text="")["elements"][0], layers(id="t2", text="Sale", opacity=0)["elements"][0]],
    ],
    ids=["no-layers", "empty", "whitespace", "transparent", "empty-and-transparent"],
)
def test_it_refuses_a_version_without_visible_text(alice_client, alice, elements):
    response = post_version(
        alice_client, make_creative(alice), layer_json=json.dumps({"version": 1, "elements": elements})
    )
    assert response.status_code == 400
    assert errors(response) == {"layers": ["Add text to apply"]}
    assert not CreativeVersion.objects.exists()


def test_one_visible_layer_among_empty_ones_is_a_version(alice_client, alice):
    elements = [layers(text="  ")["elements"][0], layers(id="t2", text="Sale", opacity=0.1)["elements"][0]]
    response = post_version(
        alice_client, make_creative(alice), layer_json=json.dumps({"version": 1, "elements": elements})
    )
    assert response.status_code == 201


def delete_versions(client, generation):
    return client.delete(reverse("history:api-generation-versions", args=[generation.pk]))


def test_removing_the_text_deletes_every_version_and_its_file(
    alice_client, alice, django_capture_on_commit_callbacks
):
    generation = make_creative(alice)
    images = [post_version(alice_client, generation).json()["image"] for _ in range(2)]

    with django_capture_on_commit_callbacks(execute=True):
        response = delete_versions(alice_client, generation)

    assert response.status_code == 204
    assert not CreativeVersion.objects.filter(generation=generation).exists()
    for image in images:
        assert not default_storage.exists(stored_path_from_reference(image).path)
    assert default_storage.exists(generation.file.name)  # the original stays


def test_removing_the_text_of_an_unedited_creative_changes_nothing(alice_client, alice):
    generation = make_creative(alice)
    assert delete_versions(alice_client, generation).status_code == 204
    assert default_storage.exists(generation.file.name)


def test_removing_the_text_takes_no_upload_slot(alice_client, alice, settings):
    settings.UPLOADS_PER_HOUR = 1
    generation = make_creative(alice)
    for _ in range(3):
        assert delete_versions(alice_client, generation).status_code == 204
    assert post_version(alice_client, generation).status_code == 201


def test_removing_the_text_is_404_for_another_users_generation(alice_client, bob_client, alice):
    generation = make_creative(alice)
    post_version(alice_client, generation)
    assert delete_versions(bob_client, generation).status_code == 404
    assert CreativeVersion.objects.filter(generation=generation).count() == 1
