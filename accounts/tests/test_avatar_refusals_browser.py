"""Every avatar the server refuses is reported the same way: the documented
'Upload failed: {reason}' toast and the reason under the picture (spec 000 §8)."""

import io

import pytest
from PIL import Image
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


def too_many_pixels() -> bytes:
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, format="PNG")
    return out.getvalue()


def test_each_refused_avatar_gets_the_upload_failed_toast(signed_in_page, live_server, tmp_path):
    page = signed_in_page
    page.goto(f"{live_server.url}/profile")
    refusals = [
        ("renamed.png", b"hello, this is not an image", "Only image files are allowed"),
        ("empty.png", b"", "Only image files are allowed"),
        ("huge.png", too_many_pixels(), "The image is too large (at most 25 megapixels)"),
    ]
    for name, content, reason in refusals:
        path = tmp_path / name
        path.write_bytes(content)
        page.locator("[data-avatar-input]").set_input_files(str(path))
        expect(page.locator("[data-avatar-error]")).to_have_text(reason)
        expect(page.locator("#toasts").get_by_text(f"Upload failed: {reason}")).to_be_visible()
        page.reload()
