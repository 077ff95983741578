"""The text-overlay editor in the browser: on a creative generated on the Meta Creative page,
add two text layers, apply, download, and find the text where the preview put it; remove them
all and apply to get the original back; long text wraps inside the image."""

import io
import math

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import expect

from config.pytest_plugin import S3_TEST_BUCKET as BUCKET
from config.storage import read_file
from credits.actions import grant_credits
from history.models import CreativeVersion, Generation


def generate_meta_creative(page, live_server):
    page.goto(f"{live_server.url}/services/meta-creative")
    page.get_by_label("Niche").select_option("Cosmetics&Skincare")
    page.get_by_label("Product Name").fill("Glow Serum")
    page.get_by_label("Product Description").fill(
        "A lightweight serum with 15% vitamin C that brightens skin."
    )
    page.get_by_label("Product Benefits").fill("Brighter skin in two weeks")
    page.get_by_label("Visual Theme").fill("Fresh citrus morning light")
    page.get_by_role("button", name="Generate Creative").click()
    expect(page.get_by_role("heading", name="Generated Meta Creative")).to_be_visible(timeout=30_000)


# One line of it is wider than the 1024 px creative at the default 32 px bold.
LONG_OFFER = (
    "LIMITED OFFER: 50% OFF EVERYTHING THIS WEEKEND ONLY — https://glow-naturals.example.com/summer-sale"
)
OFF_IMAGE = (
    "Part of this text falls outside the image and will be cut off. Move it inwards or make it smaller."
)


def set_field(editor, label, value):
    box = editor.get_by_label(label, exact=True)
    box.fill(str(value))
    box.blur()


def choose_font(editor, name):
    editor.get_by_role("button", name="Font").click()
    editor.get_by_role("option", name=name, exact=True).click()


# A laptop, a phone, and a 1440 x 900 laptop zoomed to 200 % (720 x 450 CSS pixels).
VIEWPORTS = ((1280, 900), (390, 844), (720, 450))


def assert_toasts_clear_the_title_bar_buttons(page, dialog):
    """A toast shown while the dialog is open, wide and narrow, leaves its title bar's buttons
    (Close among them) uncovered."""
    for width, height in ((1280, 800), (640, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(
            "() => window.dispatchEvent(new CustomEvent('adsmith:toast', "
            "{detail: {message: 'A toast over the dialog', kind: 'success'}}))"
        )
        toast = page.locator("#toasts > div", has_text="A toast over the dialog").last
        expect(toast).to_be_visible()
        box = toast.bounding_box()
        title_bar = dialog.locator("div:has(> h2)")
        expect(title_bar.get_by_role("button", name="Close")).to_be_visible()
        for button in title_bar.get_by_role("button").all():
            other = button.bounding_box()
            apart = (
                box["x"] + box["width"] <= other["x"]
                or other["x"] + other["width"] <= box["x"]
                or box["y"] + box["height"] <= other["y"]
                or other["y"] + other["height"] <= box["y"]
            )
            assert apart, f"at {width} px the toast {box} covers {button.get_attribute('aria-label')} {other}"
    page.set_viewport_size({"width": 1280, "height": 720})


# A face of a bundled font the browser has loaded (from the page's editor-fonts stylesheet).
FACE_LOADED = """(family) => [...document.fonts].some(
    (face) => face.family.replaceAll('"', '') === family && face.status === 'loaded')"""


@pytest.mark.django_db(transaction=True)
def test_text_is_drawn_at_natural_size_exactly_where_the_preview_shows_it(
    signed_in_page, live_server, alice, screenshot
):
    grant_credits(user=alice, amount=200, reason="test", idempotency_key="editor-test")
    page = signed_in_page
    generate_meta_creative(page, live_server)
    generation = Generation.objects.get(user=alice, tool="meta-creative")
    with Image.open(io.BytesIO(read_file(generation.file.name))) as original:
        original = original.convert("RGB")

    # Opening the editor on a creative with nothing saved yet is not an error anywhere (the
    # browser logs every 4xx in its console).
    failed_api_requests = []

    def note_failure(response):
        if "/api/" in response.url and response.status >= 400:
            failed_api_requests.append(f"{response.status} {response.url}")

    page.on("response", note_failure)
    page.get_by_role("button", name="Add Text").click()
    editor = page.get_by_role("dialog", name="Add Text")
    expect(editor.get_by_test_id("editor-canvas")).to_be_visible()
    assert failed_api_requests == []
    # No text yet: nothing to apply, and the editor says why.
    expect(editor.get_by_role("button", name="Apply Text")).to_be_disabled()
    expect(editor.get_by_role("button", name="Apply Text")).to_have_accessible_description(
        "Add text to apply"
    )
    screenshot(page, "editor-nothing-to-apply")

    # First layer: a big condensed headline, tilted, slightly see-through, top left.
    editor.get_by_role("button", name="Add Text").click()
    set_field(editor, "Text", "SALE 50%")
    choose_font(editor, "Bebas Neue")
    page.wait_for_function(FACE_LOADED, arg="Overlay Bebas Neue")
    set_field(editor, "Font size (px)", 96)
    set_field(editor, "Rotation (°)", -15)
    set_field(editor, "Opacity (0–1)", 0.8)
    set_field(editor, "X (%)", 30)
    set_field(editor, "Y (%)", 25)

    # Second layer: a script font in gold, dragged from the centre to the lower right.
    editor.get_by_role("button", name="Add Text").click()
    set_field(editor, "Text", "Shop now")
    choose_font(editor, "Pacifico")
    set_field(editor, "Font size (px)", 64)
    set_field(editor, "Rotation (°)", 20)
    set_field(editor, "Opacity (0–1)", 0.5)
    editor.get_by_role("button", name="Text colour #FFFFFF, open colour picker").click()
    picker = page.get_by_role("dialog", name="Choose Text Colour")
    picker.get_by_label("Hex").fill("#FFD700")
    picker.get_by_role("button", name="Apply").click()
    canvas = editor.get_by_test_id("editor-canvas")
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.5)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.65, steps=5)
    page.mouse.move(box["x"] + box["width"] * 0.65, box["y"] + box["height"] * 0.75, steps=5)
    page.mouse.up()
    x = float(editor.get_by_label("X (%)", exact=True).input_value())
    y = float(editor.get_by_label("Y (%)", exact=True).input_value())
    assert (round(x), round(y)) == (65, 75)
    screenshot(page, "editor-two-layers")

    editor.get_by_role("button", name="Apply Text").click()
    expect(page.get_by_text("Image with text generated successfully!")).to_be_visible()
    expect(page.get_by_text("Text added to creative!")).to_be_visible()
    expect(editor).to_be_hidden()
    expect(page.get_by_text("With Custom Text")).to_be_visible()

    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download").first.click()
    with Image.open(download_info.value.path()) as edited:
        assert edited.format == "PNG"
        assert edited.size == original.size
        edited = edited.convert("RGB")

    version = CreativeVersion.objects.get(generation=generation)
    assert [el["text"] for el in version.layers["elements"]] == ["SALE 50%", "Shop now"]

    # Where the pixels changed: around both layers' anchors, and nowhere else.
    width, height = original.size
    diff = ImageChops.difference(original, edited).convert("L").point(lambda v: 255 if v > 8 else 0)
    regions = [(0.30 * width, 0.25 * height, 96 * 5), (0.65 * width, 0.75 * height, 64 * 5)]
    near = Image.new("L", original.size, 0)
    for cx, cy, radius in regions:
        near.paste(255, (int(cx - radius), int(cy - radius), int(cx + radius), int(cy + radius)))
        inside = diff.crop((int(cx - radius), int(cy - radius), int(cx + radius), int(cy + radius)))
        assert inside.getbbox() is not None, f"no text drawn near {cx:.0f},{cy:.0f}"
    far = ImageChops.subtract(diff, near)
    assert far.getbbox() is None, f"pixels changed far from the text, within {far.getbbox()}"
    assert math.isclose(sum(diff.histogram()[255:]) / (width * height), 0.02, abs_tol=0.02)

    # After a reload, reopening from the history brings the layers back over the original.
    page.reload()
    page.get_by_role("button", name="Show History").click()
    item = page.get_by_test_id("history-item").first
    item.get_by_role("button", expanded=False).click()
    expect(item.get_by_role("img")).to_have_attribute("src", version.file_url)
    with page.expect_request(lambda request: request.url.endswith(generation.file_url)):
        item.get_by_role("button", name="Edit Text").click()
    editor = page.get_by_role("dialog", name="Edit Text")
    layer_list = editor.get_by_role("list", name="Text layers, top first")
    expect(layer_list.get_by_role("button")).to_have_text(["Shop now", "SALE 50%"])
    layer_list.get_by_role("button", name="SALE 50%").click()
    expect(editor.get_by_role("button", name="Font")).to_have_text("Bebas Neue")
    expect(editor.get_by_label("Font size (px)")).to_have_value("96")
    expect(editor.get_by_label("Rotation (°)")).to_have_value("-15")
    expect(editor.get_by_label("Opacity (0–1)")).to_have_value("0.8")
    screenshot(page, "editor-reopened")

    # Every text removed, Apply brings back the original: shown again, no version kept.
    for name in ("SALE 50%", "Shop now"):
        layer_list.get_by_role("button", name=name).click()
        editor.get_by_role("button", name="Delete Text").click()
    expect(editor.get_by_text("No text left: Apply brings back the original creative.")).to_be_visible()
    screenshot(page, "editor-no-text-left")
    editor.get_by_role("button", name="Apply Text").click()
    expect(page.get_by_text("Text removed. The original creative is back.")).to_be_visible()
    expect(editor).to_be_hidden()
    expect(item.get_by_role("img")).to_have_attribute("src", generation.file_url)
    assert not CreativeVersion.objects.filter(generation=generation).exists()
    assert failed_api_requests == []


@pytest.fixture
def s3_creatives(s3, settings, moto_endpoint):
    """Files on (moto's) S3: the file view redirects to signed URLs on another origin, which
    the CSP names as S3_PUBLIC_ORIGIN would."""
    csp = dict(settings.SECURE_CSP)
    csp["connect-src"] = [*csp["connect-src"], moto_endpoint]
    csp["img-src"] = [*csp["img-src"], moto_endpoint]
    settings.SECURE_CSP = csp
    return s3


@pytest.mark.django_db(transaction=True)
def test_a_creative_stored_on_s3_is_edited_without_tainting_the_canvas(
    signed_in_page, live_server, alice, s3_creatives, screenshot
):
    grant_credits(user=alice, amount=200, reason="test", idempotency_key="editor-s3-test")
    page = signed_in_page
    generate_meta_creative(page, live_server)

    page.get_by_role("button", name="Add Text").click()
    editor = page.get_by_role("dialog", name="Add Text")
    editor.get_by_role("button", name="Add Text").click()
    set_field(editor, "Text", LONG_OFFER)
    # Measured with the real font, the wrapped block fits inside the image: the editor only
    # warns once the layer is pushed against an edge.
    off_image = editor.get_by_text(OFF_IMAGE)
    set_field(editor, "X (%)", 2)
    expect(off_image).to_be_visible()
    screenshot(page, "editor-long-text-at-edge")
    set_field(editor, "X (%)", 50)
    expect(off_image).to_have_count(0)

    def settings_and_preview_have_room(width, height):
        # The settings scroll in a panel of their own, never squeezed to a strip beside or
        # under the preview, which stays big enough to drag text in; Apply is on screen.
        panel = editor.get_by_role("complementary", name="Text settings").bounding_box()
        preview = editor.get_by_test_id("editor-canvas").bounding_box()
        apply = editor.get_by_role("button", name="Apply Text").bounding_box()
        assert panel["height"] >= 192, f"at {width}x{height} the settings get {panel['height']} px"
        assert preview["height"] >= 240, f"at {width}x{height} the preview gets {preview['height']} px"
        assert apply["y"] + apply["height"] <= height

    screenshot.sizes(
        page, "editor-long-text", VIEWPORTS, check=settings_and_preview_have_room, full_page=False
    )
    editor.get_by_role("button", name="Apply Text").click()
    expect(page.get_by_text("Image with text generated successfully!")).to_be_visible()
    expect(page.get_by_text("With Custom Text")).to_be_visible()
    screenshot(page, "editor-long-text-applied")

    version = CreativeVersion.objects.get(generation__user=alice)
    stored = s3_creatives.get_object(Bucket=BUCKET, Key=version.file.name)["Body"].read()
    screenshot.png("editor-long-text-result", stored)
    with Image.open(io.BytesIO(stored)) as edited:
        assert edited.size == (1024, 1024)


@pytest.mark.django_db(transaction=True)
def test_the_editor_closes_while_opening_and_asks_before_discarding_text_also_on_back(
    signed_in_page, live_server, alice, screenshot
):
    grant_credits(user=alice, amount=200, reason="test", idempotency_key="editor-discard-test")
    page = signed_in_page
    generate_meta_creative(page, live_server)
    add_text = page.get_by_test_id("result").get_by_role("button", name="Add Text")

    # The saved layers are slow to come: the dialog is there at once, holds focus, and closes.
    page.route("**/versions/latest/", lambda route: None)  # held, never answered
    add_text.click()
    editor = page.get_by_role("dialog", name="Add Text")
    expect(editor.get_by_role("status")).to_have_text("Opening the text editor…")
    expect(editor.get_by_role("button", name="Close")).to_be_focused()
    # Its title bar and button row are no landmarks: the page keeps its one banner (axe).
    expect(editor.get_by_role("banner")).to_have_count(0)
    expect(editor.get_by_role("contentinfo")).to_have_count(0)
    screenshot.sizes(page, "editor-opening", VIEWPORTS, full_page=False)
    assert_toasts_clear_the_title_bar_buttons(page, editor)
    page.keyboard.press("Tab")
    expect(editor.get_by_role("button", name="Cancel")).to_be_focused()  # Tab stays in the dialog
    with page.expect_event("requestfailed", lambda request: request.url.endswith("/versions/latest/")):
        page.keyboard.press("Escape")  # closing aborts the read
    expect(editor).to_be_hidden()
    expect(add_text).to_be_focused()
    page.unroute_all(behavior="ignoreErrors")

    # Text not applied yet is only thrown away once the user says so.
    add_text.click()
    editor.get_by_role("button", name="Add Text").click()
    text = editor.get_by_label("Text", exact=True)
    text.fill("Not kept")
    text.press("Escape")  # the text box keeps its Escape
    expect(editor).to_be_visible()
    editor.get_by_role("button", name="Cancel").click()
    confirm = page.get_by_role("dialog", name="Discard your changes?")
    expect(confirm.get_by_role("button", name="Keep editing")).to_be_focused()
    screenshot.sizes(page, "editor-discard", VIEWPORTS, full_page=False)
    confirm.get_by_role("button", name="Keep editing").click()
    expect(confirm).to_be_hidden()
    expect(text).to_have_value("Not kept")
    page.keyboard.press("Escape")
    confirm.get_by_role("button", name="Discard").click()
    expect(editor).to_be_hidden()

    # The browser's (or Android's) Back is Cancel: with text not applied it asks, on the page.
    tool_url = page.url
    add_text.click()
    editor.get_by_role("button", name="Add Text").click()
    text.fill("Kept through Back")
    page.go_back()
    expect(confirm).to_be_visible()
    assert page.url == tool_url
    confirm.get_by_role("button", name="Keep editing").click()
    expect(text).to_have_value("Kept through Back")
    page.go_back()
    confirm.get_by_role("button", name="Discard").click()
    expect(editor).to_be_hidden()
    # With nothing changed, Back just closes it; the page's own Back then leaves as before,
    # no entry of the editor's left over however often it was opened.
    add_text.click()
    expect(editor.get_by_test_id("editor-canvas")).to_be_visible()
    page.go_back()
    expect(editor).to_be_hidden()
    assert page.url == tool_url
    page.go_back()
    page.wait_for_url(f"{live_server.url}/dashboard")
    assert not CreativeVersion.objects.exists()
