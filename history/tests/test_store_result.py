"""Storing a result (spec 000 §7): `{serviceType}_{timestamp}.png|.txt` under the user's id."""

import io
import json
import re

import pytest
from django.core.files.storage import default_storage
from PIL import Image

from config.images import InvalidImage
from history.actions import result_text, store_result_image, store_result_text


def test_social_copy_is_stored_as_its_text():
    assert result_text({"socialMediaCopy": "Run wild this weekend. #trail", "engine": "demo"}) == (
        "Run wild this weekend. #trail"
    )


def test_variations_are_stored_as_readable_blocks():
    text = result_text(
        {"variations": [{"headline": "H1", "description": "D1", "primaryText": "P1"}, {"headline": "H2"}]}
    )
    assert text.startswith("Variation 1\nHeadline: H1\nDescription: D1\nPrimary text: P1")
    assert "Variation 2\nHeadline: H2" in text


def test_a_single_copy_set_is_stored_without_a_title():
    assert result_text({"headline": "H", "description": "D", "primaryText": "P"}) == (
        "Headline: H\nDescription: D\nPrimary text: P"
    )


def test_anything_else_is_stored_as_json():
    output = {"generalAnalysis": "Competitors lean on UGC.", "topAds": []}
    assert json.loads(result_text(output)) == output


def test_a_text_result_lands_in_generation_history_under_the_users_id(alice, make_generation):
    generation = make_generation(alice, service_type="social_media_copy", tool="social-media-copy")
    stored = store_result_text(generation=generation, output={"socialMediaCopy": "Héllo"})
    assert re.fullmatch(rf"generation-history/{alice.pk}/social_media_copy_\d{{13}}\.txt", stored.path)
    with default_storage.open(stored.path) as handle:
        assert handle.read().decode() == "Héllo"


def test_an_image_result_is_re_encoded_as_png(alice, make_generation):
    generation = make_generation(alice, service_type="meta_creative", tool="meta-creative")
    out = io.BytesIO()
    Image.new("RGB", (30, 20), "red").save(out, format="JPEG")
    stored = store_result_image(generation=generation, image=out.getvalue())
    assert re.fullmatch(rf"generation-history/{alice.pk}/meta_creative_\d{{13}}\.png", stored.path)
    with default_storage.open(stored.path) as handle, Image.open(handle) as image:
        assert image.format == "PNG" and image.size == (30, 20)


def test_bytes_that_are_not_an_image_are_refused(alice, make_generation):
    generation = make_generation(alice, service_type="meta_creative", tool="meta-creative")
    with pytest.raises(InvalidImage):
        store_result_image(generation=generation, image=b"<html>nope</html>")
