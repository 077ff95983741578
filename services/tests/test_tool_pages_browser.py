"""The six tool pages in Chromium, one journey each: fill, see inline errors, submit, watch the
overlay, re-attach after a reload, get the result, copy, download, see it in the history, and
pay the cost; plus a failing engine (refund), a user short of credits, and a form's typed values
and its last result brought back after Back or a reload (the tab's draft and remembered result).

Generations are queued with the dummy task backend, so a run stays in flight while the test
looks at the overlay and reloads; the test then runs the job itself (the worker's task body)
and the page's 2-second poll picks the result up.
"""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from credits.actions import spend_credits
from credits.models import balance_of
from history.models import Generation
from services.actions import run_generation
from services.tests.images import make_png

pytestmark = pytest.mark.django_db(transaction=True)

POLL_TIMEOUT_MS = 10_000  # a poll every 2 s, plus rendering


@pytest.fixture
def queued_jobs(settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}


@pytest.fixture
def open_tool(signed_in_page, live_server):
    page = signed_in_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)

    def open_(slug):
        page.goto(f"{live_server.url}/services/{slug}")
        expect(page.get_by_test_id("page-balance")).to_be_visible()
        return page

    return open_


@pytest.fixture
def png_file(tmp_path):
    path = tmp_path / "product.png"
    path.write_bytes(make_png(320, 240, "#3366CC"))
    return path


def run_newest_job(user, slug):
    """Does what the worker would: runs the user's newest queued generation of the tool."""
    generation = Generation.objects.for_user(user).filter(tool=slug, status="queued").latest("created_at")
    run_generation(generation_id=generation.pk)
    return generation


def fill_meta_copy(page):
    """Meta Copy's required fields, filled as a user would."""
    page.fill("[name=brand]", "Glow Naturals")
    page.fill("[name=productService]", "Vitamin C serum")
    page.fill("[name=targetAudience]", "Women 25-45")
    page.fill("[name=productDescription]", "A lightweight serum with 15% vitamin C that brightens skin.")
    page.fill("[name=productBenefits]", "Brighter skin in two weeks, gentle on sensitive skin.")


def submit_and_watch_overlay(page, button, *, title, user, slug, balance_after, reload=False):
    page.get_by_role("button", name=button).click()
    overlay = page.get_by_test_id("progress-overlay")
    expect(overlay).to_be_visible()
    expect(overlay).to_contain_text(title)
    expect(page.get_by_test_id("page-balance")).to_have_text(str(balance_after))
    if reload:
        page.reload()
        expect(page.get_by_test_id("progress-overlay")).to_be_visible()
        expect(page.get_by_test_id("progress-overlay")).to_contain_text(title)
    run_newest_job(user, slug)
    expect(overlay).to_be_hidden(timeout=POLL_TIMEOUT_MS)


def expect_toast(page, text):
    expect(page.locator("#toasts").get_by_text(text, exact=True).first).to_be_visible()


def download(page, click_target):
    with page.expect_download() as info:
        click_target.click()
    path = info.value.path()
    return info.value.suggested_filename, open(path, "rb").read()


def expect_history_entry(page, label="Success"):
    page.get_by_role("button", name="Show History").click()
    item = page.get_by_test_id("history-item").first
    expect(item).to_contain_text(label)
    return item


def test_meta_copy_journey(open_tool, alice, queued_jobs, screenshot):
    page = open_tool("meta-copy")
    screenshot.themes(page, "tool-meta-copy")
    expect(page.get_by_role("button", name="Generate Meta Copy (20 credits)")).to_be_enabled()

    page.fill("[name=brand]", "G")
    page.fill("[name=productDescription]", "Too short")
    page.get_by_role("button", name="Generate Meta Copy (20 credits)").click()
    expect(page.locator("#meta-copy-brand-error")).to_have_text("Brand name must be at least 2 characters")
    expect(page.locator("#meta-copy-productDescription-error")).to_have_text(
        "Product description must be at least 10 characters"
    )
    expect(page.locator("#meta-copy-targetAudience-error")).to_have_text(
        "Target audience must be at least 2 characters"
    )
    expect(page.locator("[name=brand]")).to_be_focused()
    assert not Generation.objects.exists()
    # Invalid fields are outlined in red; a valid one keeps its usual border.
    border = "(el) => getComputedStyle(el).borderTopColor"
    assert page.locator("[name=brand]").evaluate(border) != page.locator("[name=offer]").evaluate(border)
    assert page.locator("[name=brand]").evaluate(border) == page.locator("[name=targetAudience]").evaluate(
        border
    )

    page.fill("[name=brand]", "Glow Naturals")
    expect(page.get_by_text("13/250")).to_be_visible()
    page.fill("[name=productService]", "Vitamin C serum")
    page.fill("[name=targetAudience]", "Women 25-45")
    page.fill("[name=productDescription]", "A lightweight serum with 15% vitamin C that brightens skin.")
    page.fill("[name=productBenefits]", "Brighter skin in two weeks, gentle on sensitive skin.")
    page.select_option("[name=copyStructure]", "PAS")
    page.fill("[name=versions]", "2")
    submit_and_watch_overlay(
        page,
        "Generate Meta Copy (20 credits)",
        title="Generating Your Meta Copy",
        user=alice,
        slug="meta-copy",
        balance_after=80,
        reload=True,
    )
    expect(page.locator("[name=brand]")).to_have_value("Glow Naturals")  # the form it ran, after the reload
    expect(page.locator("[name=copyStructure]")).to_have_value("PAS")

    result = page.get_by_test_id("result")
    expect(result).to_contain_text("Generated META Copy Variations")
    expect(result.get_by_test_id("variation")).to_have_count(2)
    expect(result.get_by_test_id("demo-badge")).to_have_text("Demo engine")
    expect_toast(page, "Meta Copy generated successfully!")
    expect(page.get_by_text("Best Practices", exact=True)).to_be_visible()

    page.get_by_role("button", name="Copy headline of variation 1").click()
    expect_toast(page, "Copied to clipboard!")
    headline = result.get_by_test_id("variation").first.locator("dd > p").first.inner_text()
    assert page.evaluate("navigator.clipboard.readText()") == headline

    item = expect_history_entry(page)
    item.get_by_role("button").first.click()
    name, content = download(page, item.get_by_role("button", name="Download text"))
    assert name.startswith("meta-copy-") and name.endswith(".txt")
    assert headline in content.decode()
    assert balance_of(alice) == 80
    screenshot.sizes(page, "tool-meta-copy-result", [(1280, 900), (390, 844)])


# What a user typed into Meta Copy's form before leaving it: text, a long text, a choice, a number.
META_COPY_DRAFT = {
    "brand": "Glow Naturals",
    "productDescription": "A lightweight serum with 15% vitamin C that brightens skin.",
    "versions": "2",
    "mustAvoid": "Medical claims",
}


def fill_meta_copy_draft(page):
    for name, value in META_COPY_DRAFT.items():
        page.fill(f"[name={name}]", value)
    page.select_option("[name=copyStructure]", "PAS")


def expect_meta_copy_draft(page):
    for name, value in META_COPY_DRAFT.items():
        expect(page.locator(f"[name={name}]")).to_have_value(value)
    expect(page.locator("[name=copyStructure]")).to_have_value("PAS")


def test_meta_copy_brings_back_what_was_typed_after_leaving_and_going_back(open_tool, live_server):
    page = open_tool("meta-copy")
    fill_meta_copy_draft(page)
    page.locator("#sidebar").get_by_role("link", name="Dashboard", exact=True).click()
    page.wait_for_url(f"{live_server.url}/dashboard")
    page.go_back()
    expect(page.get_by_test_id("page-balance")).to_be_visible()
    expect_meta_copy_draft(page)
    assert not Generation.objects.exists()

    # Signing out leaves nothing typed in the tab for the next person at the computer.
    page.get_by_role("button", name="Sign out").first.click()
    page.wait_for_url(f"{live_server.url}/")
    assert not [
        key for key in page.evaluate("Object.keys(sessionStorage)") if key.startswith("adsmith:draft:")
    ]


def test_meta_copy_brings_back_what_was_typed_after_a_reload(open_tool, screenshot):
    page = open_tool("meta-copy")
    fill_meta_copy_draft(page)

    def reload_():
        page.reload()
        expect(page.get_by_test_id("page-balance")).to_be_visible()
        expect_meta_copy_draft(page)

    reload_()
    screenshot.sizes(page, "tool-meta-copy-draft-restored", [(390, 844)], prepare=reload_)


def _generation_started(response) -> bool:
    return response.request.method == "POST" and response.url.endswith("/api/generations/")


def test_a_run_started_in_another_tab_leaves_this_tabs_draft_and_own_run_alone(
    open_tool, alice, queued_jobs, live_server
):
    """Tab A has typed a draft; tab B (same user, its own tab storage) starts a run. A reload of
    A keeps A's draft and shows no overlay; once A starts its own run, a reload follows that run,
    not B's newer one, and A gets its own result."""
    tab_a = open_tool("meta-copy")
    fill_meta_copy_draft(tab_a)
    tab_b = tab_a.context.new_page()
    tab_b.goto(f"{live_server.url}/services/meta-copy")
    fill_meta_copy(tab_b)
    tab_b.fill("[name=brand]", "Bravo")
    with tab_b.expect_response(_generation_started):
        tab_b.get_by_role("button", name="Generate Meta Copy (20 credits)").click()
    expect(tab_b.get_by_test_id("progress-overlay")).to_be_visible()

    tab_a.reload()
    expect(tab_a.get_by_test_id("page-balance")).to_be_visible()
    expect_meta_copy_draft(tab_a)
    tab_a.wait_for_timeout(500)  # the page's look for a run to pick up has come back
    expect(tab_a.get_by_test_id("progress-overlay")).to_have_count(0)

    fill_meta_copy(tab_a)
    tab_a.fill("[name=brand]", "Alpha")
    with tab_a.expect_response(_generation_started):  # the overlay shows before the server answers
        tab_a.get_by_role("button", name="Generate Meta Copy (20 credits)").click()
    expect(tab_a.get_by_test_id("progress-overlay")).to_be_visible()
    alpha = Generation.objects.get(input_data__brand="Alpha")
    # B's run ends and B starts another: the newest run of the tool is now B's.
    run_generation(generation_id=Generation.objects.get(input_data__brand="Bravo").pk)
    expect(tab_b.get_by_test_id("progress-overlay")).to_be_hidden(timeout=POLL_TIMEOUT_MS)
    # As a person would, B waits for its result: the result's heading takes focus when it shows,
    # which scrolls the page, and a scroll between the press and the release of a click on the
    # button lets the release land elsewhere (no submit).
    expect(tab_b.get_by_test_id("result")).to_be_visible()
    with tab_b.expect_response(_generation_started):
        tab_b.get_by_role("button", name="Generate Meta Copy (20 credits)").click()
    expect(tab_b.get_by_test_id("progress-overlay")).to_be_visible()
    assert Generation.objects.filter(input_data__brand="Bravo", status="queued").count() == 1

    tab_a.reload()
    expect(tab_a.get_by_test_id("progress-overlay")).to_be_visible()
    expect(tab_a.locator("[name=brand]")).to_have_value("Alpha")
    run_generation(generation_id=alpha.pk)
    expect(tab_a.get_by_test_id("progress-overlay")).to_be_hidden(timeout=POLL_TIMEOUT_MS)
    expect(tab_a.get_by_test_id("result")).to_be_visible()


def test_meta_copy_shows_its_result_again_after_a_reload_and_after_leaving_and_going_back(
    open_tool, alice, queued_jobs, live_server
):
    page = open_tool("meta-copy")
    fill_meta_copy(page)
    page.fill("[name=versions]", "2")
    submit_and_watch_overlay(
        page,
        "Generate Meta Copy (20 credits)",
        title="Generating Your Meta Copy",
        user=alice,
        slug="meta-copy",
        balance_after=80,
    )
    variations = page.get_by_test_id("result").get_by_test_id("variation")
    expect(variations).to_have_count(2)
    shown = variations.all_inner_texts()

    def expect_the_same_result():
        expect(page.get_by_test_id("page-balance")).to_have_text("80")
        expect(variations).to_have_count(2)
        assert variations.all_inner_texts() == shown
        expect(page.get_by_test_id("progress-overlay")).to_have_count(0)
        # Shown as it was left: not announced as a new result.
        expect(page.locator("#toasts").get_by_text("Meta Copy generated successfully!")).to_have_count(0)

    page.reload()
    expect_the_same_result()
    page.locator("#sidebar").get_by_role("link", name="Dashboard", exact=True).click()
    page.wait_for_url(f"{live_server.url}/dashboard")
    page.go_back()
    expect_the_same_result()
    assert Generation.objects.count() == 1  # read again, not made again
    assert balance_of(alice) == 80


def test_meta_creative_journey(open_tool, alice, queued_jobs, screenshot):
    page = open_tool("meta-creative")
    screenshot.themes(page, "tool-meta-creative")
    page.get_by_role("button", name="Generate Creative (80 credits)").click()
    expect(page.locator("#meta-creative-niche-error")).to_have_text("Please select a niche")
    expect(page.locator("#meta-creative-productName-error")).to_have_text(
        "Product name must be at least 2 characters"
    )

    page.select_option("[name=niche]", "Cosmetics&Skincare")
    page.fill("[name=productName]", "Glow Serum")
    page.fill("[name=productDescription]", "A lightweight serum with 15% vitamin C that brightens skin.")
    page.fill("[name=productBenefits]", "Brighter skin in two weeks")
    page.fill("[name=visualTheme]", "Fresh citrus morning light")
    expect(page.get_by_test_id("swatch-primaryColor")).to_be_visible()
    # The browser would paint rgb(1,2,3), but the field refuses it: no swatch says otherwise.
    page.fill("[name=primaryColor]", "rgb(1,2,3)")
    expect(page.get_by_test_id("swatch-primaryColor")).to_have_count(0)
    page.fill("[name=secondaryColor]", "notacolour")  # name-shaped, but no colour
    page.get_by_role("button", name="Generate Creative (80 credits)").click()
    expect(page.locator("#meta-creative-primaryColor-error")).to_have_text(
        "Primary color must be a hex code (#RRGGBB) or a colour name"
    )
    expect(page.locator("#meta-creative-secondaryColor-error")).to_have_text(
        "Secondary color must be a hex code (#RRGGBB) or a colour name"
    )
    expect(page.get_by_test_id("swatch-secondaryColor")).to_have_count(0)
    screenshot.themes(page, "tool-meta-creative-refused-colours", full_page=False)
    page.fill("[name=primaryColor]", "#59F7FF")
    page.fill("[name=secondaryColor]", "navy")
    expect(page.get_by_test_id("swatch-secondaryColor")).to_be_visible()
    submit_and_watch_overlay(
        page,
        "Generate Creative (80 credits)",
        title="Generating Your Meta Creative",
        user=alice,
        slug="meta-creative",
        balance_after=20,
    )

    result = page.get_by_test_id("result")
    expect(result).to_contain_text("Generated Meta Creative")
    expect_toast(page, "Meta Creative generated successfully!")
    image = result.get_by_test_id("creative-image")
    assert "max-h-[600px]" in image.get_attribute("class")
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    name, content = download(page, result.get_by_role("button", name="Download"))
    assert name.startswith("meta-creative-") and name.endswith(".png")
    assert content.startswith(b"\x89PNG\r\n\x1a\n")

    # The same creative, open in the history panel while its text is edited in the result card.
    entry = expect_history_entry(page)
    entry.get_by_role("button").first.click()
    entry_image = entry.get_by_role("img", name="Meta Creative output")
    expect(entry_image).to_have_attribute("src", image.get_attribute("src"))

    result.get_by_role("button", name="Add Text").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_be_hidden()
    expect(result.get_by_test_id("custom-text-badge")).to_have_count(0)
    result.get_by_role("button", name="Add Text").click()
    editor = page.get_by_role("dialog")
    editor.get_by_role("button", name="Add Text").click()
    editor.get_by_role("button", name="Apply Text").click()
    expect_toast(page, "Text added to creative!")
    expect(result.get_by_test_id("custom-text-badge")).to_have_text("With Custom Text")
    _, edited = download(page, result.get_by_role("button", name="Download"))
    assert edited.startswith(b"\x89PNG\r\n\x1a\n") and edited != content
    # The history entry shows (and downloads) the edited creative too.
    expect(entry_image).to_have_attribute("src", image.get_attribute("src"))
    _, from_entry = download(page, entry.get_by_role("button", name="Download"))
    assert from_entry == edited

    assert balance_of(alice) == 20
    screenshot.themes(page, "tool-meta-creative-result")


def test_meta_ads_full_journey(open_tool, alice, queued_jobs, make_server, png_file, screenshot):
    site = make_server()
    site.route(
        "GET",
        "/serum",
        body=b"<html><head><title>Glow Naturals Serum</title></head><body><h1>Vitamin C serum</h1>"
        b"<p>Brightens skin in two weeks.</p></body></html>",
        headers={"Content-Type": "text/html; charset=utf-8"},
    )
    page = open_tool("meta-ads-full")
    screenshot.themes(page, "tool-meta-ads-full")
    expect(page.get_by_text("Content Not Allowed in Generated Images")).to_be_visible()

    page.fill("[name=websiteUrl]", "not a website")
    page.get_by_role("button", name="Scrape Site").click()
    expect(page.locator("#maf-scrape-websiteUrl-error")).to_have_text("Please enter a valid URL")
    expect(page.locator("#maf-scrape-type-error")).to_have_text("Please select a type")
    expect(page.get_by_test_id("form-status")).to_have_text("Please correct the highlighted fields.")

    expect(page.get_by_role("radio", name="Product", exact=True)).to_be_focused()  # the first invalid group
    page.get_by_role("radio", name="Product", exact=True).check()
    page.fill("[name=websiteUrl]", site.url("/serum"))
    submit_and_watch_overlay(
        page, "Scrape Site", title="Analyzing Website", user=alice, slug="meta-ads-full", balance_after=100
    )
    expect(page.get_by_text("Website Analysis Results")).to_be_visible()
    expect_toast(page, "Website scraped - ready for the next step")
    expect(page.get_by_role("button", name="Scrape Site")).to_have_count(0)

    page.get_by_role("button", name="Make Meta Copy").click()
    page.select_option("[name=length]", "Short")
    submit_and_watch_overlay(
        page,
        "Generate Meta Copy (50 credits)",
        title="Generating Your Meta Copy",
        user=alice,
        slug="meta-ads-full",
        balance_after=50,
        reload=True,
    )
    expect(page.get_by_text("Generated META Copy Variations")).to_be_visible()
    expect(page.get_by_test_id("variation")).to_have_count(3)
    # The reload kept the analysis and both forms as they were started.
    expect(page.get_by_text("Website Analysis Results")).to_be_visible()
    expect(page.get_by_role("radio", name="Product", exact=True)).to_be_checked()
    expect(page.locator("[name=websiteUrl]")).to_have_value(site.url("/serum"))
    expect(page.locator("[name=length]")).to_have_value("Short")

    page.get_by_role("button", name="Make Meta Creative").click()
    # The upload box is in place (its code loads on demand) before the form is submitted.
    expect(
        page.get_by_role("button", name="Upload product image PNG, JPG, WebP or GIF, up to 5MB")
    ).to_be_visible()
    page.get_by_role("button", name="Generate Meta Creative (50 credits)").click()
    expect(page.locator("#maf-creative-productImage-error")).to_have_text(
        "Please provide a product image (upload or URL)"
    )
    page.set_input_files("input[name=productImage]", png_file)
    expect(page.get_by_alt_text("Product Image preview")).to_be_visible()
    submit_and_watch_overlay(
        page,
        "Generate Meta Creative (50 credits)",
        title="Generating Your Meta Creative",
        user=alice,
        slug="meta-ads-full",
        balance_after=0,
    )
    result = page.get_by_role("region", name="Generated Meta Creative")
    expect(result).to_contain_text('Click "Edit Text" to add custom text overlays')
    expect(page.get_by_test_id("variation")).to_have_count(3)  # the copy stays beside the creative
    expect(result.get_by_role("button", name="Edit Text")).to_be_visible()
    name, content = download(page, result.get_by_role("button", name="Download"))
    assert content.startswith(b"\x89PNG\r\n\x1a\n")

    expect_history_entry(page)
    assert balance_of(alice) == 0
    screenshot.themes(page, "tool-meta-ads-full-result")

    # Putting the analysis aside opens the website form again, focused, and a reload keeps it aside.
    page.get_by_role("button", name="Analyze a different website").click()
    expect(page.get_by_role("radio", name="Product", exact=True)).to_be_focused()
    expect(page.get_by_role("button", name="Scrape Site")).to_be_visible()
    with page.expect_response(lambda response: "/api/generations/active/" in response.url):
        page.reload()
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("button", name="Scrape Site")).to_be_visible()
    expect(page.get_by_text("Website Analysis Results")).to_have_count(0)


def test_social_media_copy_journey(open_tool, alice, queued_jobs, screenshot):
    page = open_tool("social-media-copy")
    screenshot.themes(page, "tool-social-media-copy")
    page.fill("[name=copyTheme]", "Fun")
    page.get_by_role("button", name="Generate Social Media Copy (20 credits)").click()
    expect(page.locator("#social-media-copy-copyTheme-error")).to_have_text(
        "Copy theme must be at least 5 characters"
    )
    expect(page.locator("#social-media-copy-productName-error")).to_have_text(
        "Product name must be at least 2 characters"
    )

    page.fill("[name=productName]", "Trail Runner X")
    page.fill("[name=productDescription]", "A light trail shoe with a grippy sole for muddy paths.")
    page.fill("[name=copyTheme]", "Weekend adventures")
    page.select_option("[name=platform]", "TikTok")
    submit_and_watch_overlay(
        page,
        "Generate Social Media Copy (20 credits)",
        title="Generating Your Social Media Copy",
        user=alice,
        slug="social-media-copy",
        balance_after=80,
    )
    result = page.get_by_test_id("result")
    expect(result).to_contain_text("Generated Social Media Copy")
    expect(page.get_by_text("Social Media Copy Best Practices")).to_be_visible()
    result.get_by_role("button", name="Copy social media copy").click()
    expect_toast(page, "Copied to clipboard!")
    assert (
        page.evaluate("navigator.clipboard.readText()") == result.get_by_test_id("social-copy").inner_text()
    )

    item = expect_history_entry(page)
    item.get_by_role("button").first.click()
    name, content = download(page, item.get_by_role("button", name="Download text"))
    assert name.endswith(".txt") and "Trail Runner X" in content.decode()
    assert balance_of(alice) == 80


def test_social_media_creative_journey(open_tool, alice, queued_jobs, png_file, screenshot):
    page = open_tool("social-media-creative")
    screenshot.themes(page, "tool-social-media-creative")
    page.get_by_role("button", name="Generate Creative (80 credits)").click()
    expect(page.locator("#social-media-creative-productImageUpload-error")).to_have_text(
        "Product image is required"
    )
    expect(page.locator("input[name=productImageUpload]")).to_be_focused()

    page.set_input_files("input[name=productImageUpload]", png_file)
    expect(page.get_by_alt_text("Product Image preview")).to_be_visible()
    expect_toast(page, "File uploaded successfully!")
    page.fill("[name=productImageUrl]", "https://cdn.example.com/p.png")
    expect(page.get_by_alt_text("Product Image preview")).to_have_count(0)
    page.fill("[name=productImageUrl]", "")
    page.set_input_files("input[name=productImageUpload]", png_file)
    expect(page.get_by_alt_text("Product Image preview")).to_be_visible()

    page.get_by_role("button", name="Pick Headline Color").click()
    dialog = page.get_by_role("dialog", name="Choose Headline Color")
    expect(dialog.get_by_label("Hex")).to_have_value("#666666")
    dialog.get_by_label("Red").fill("300")
    expect(dialog.get_by_role("button", name="Apply")).to_be_disabled()
    dialog.get_by_label("Hex").fill("#112233")
    dialog.get_by_role("button", name="Apply").click()
    expect(page.locator("[name=headlineColor]")).to_have_value("#112233")

    page.select_option("[name=headlineOptions]", "Custom")
    page.fill("[name=customHeadline]", "Run further")
    submit_and_watch_overlay(
        page,
        "Generate Creative (80 credits)",
        title="Generating Your Social Media Creative",
        user=alice,
        slug="social-media-creative",
        balance_after=20,
    )
    result = page.get_by_test_id("result")
    expect(result).to_contain_text("Generated Social Media Content")
    name, content = download(page, result.get_by_title("Download image"))
    assert name.startswith("social-media-creative-") and name.endswith(".png")
    assert content.startswith(b"\x89PNG\r\n\x1a\n")
    expect_toast(page, "Image downloaded successfully!")

    expect_history_entry(page)
    assert balance_of(alice) == 20
    screenshot.themes(page, "tool-social-media-creative-result")


SPY_REPLY = [
    {
        "General Analysis": "Competitors lead with comfort and price.",
        "Top 1 Performing Ad Analysis": "A runner at dawn; the hook is the cushioning.",
        "Top 1 Performing Ad Analysis Snapshot URL": "https://www.facebook.com/ads/library/?id=1",
        "Top 2 Performing Ad Analysis": "A price-led carousel.",
        "Top 2 Performing Ad Analysis Snapshot URL": "https://www.facebook.com/ads/library/?id=2",
    }
]


def test_spy_master_journey(open_tool, alice, queued_jobs, settings, make_server, screenshot):
    # The Spy's real shape (snapshot links) comes from the webhook contract; the demo has none.
    webhook = make_server()
    webhook.route("POST", "/webhook/spy-agent", json=SPY_REPLY)
    settings.GENERATION_ENGINE_SPY_MASTER = "webhook"
    settings.WEBHOOK_BASE_URL = webhook.url("/webhook")
    page = open_tool("spy-master")
    screenshot.themes(page, "tool-spy-master")
    page.get_by_role("button", name="Start Spy Analysis (50 credits)").click()
    expect(page.locator("#spy-master-searchTerm-error")).to_have_text("Search term is required")
    expect(page.locator("#spy-master-adsStartedBefore-error")).to_have_text("Date is required")
    # The picker offers only the days the server takes; a day typed past them is told the range.
    latest = timezone.localdate() + timedelta(days=366)
    date_input = page.locator("[name=adsStartedBefore]")
    expect(date_input).to_have_attribute("min", "2000-01-01")
    expect(date_input).to_have_attribute("max", latest.isoformat())
    page.fill("[name=adsStartedBefore]", "2099-12-31")
    page.get_by_role("button", name="Start Spy Analysis (50 credits)").click()
    expect(page.locator("#spy-master-adsStartedBefore-error")).to_have_text(
        f"Please choose a date from 1 January 2000 to {latest.day} {latest:%B %Y}"
    )

    page.fill("[name=searchTerm]", "running shoes")
    page.fill("[name=adsStartedBefore]", "2026-01-01")
    page.select_option("[name=country]", "UK")
    page.get_by_role("button", name="Start Spy Analysis (50 credits)").click()
    overlay = page.get_by_test_id("progress-overlay")
    expect(overlay).to_contain_text("Analyzing Competitor Strategy")
    expect(overlay).to_contain_text("Initializing spy analysis...")
    expect(overlay).to_contain_text("This analysis may take up to 5 minutes...")
    expect(overlay.get_by_test_id("progress-dots")).to_be_visible()
    expect(page.get_by_role("button", name="Analyzing...")).to_be_disabled()
    screenshot.themes(page, "tool-spy-master-overlay", full_page=False)
    run_newest_job(alice, "spy-master")
    expect(overlay).to_be_hidden(timeout=POLL_TIMEOUT_MS)

    expect(page.get_by_text("General Analysis", exact=True)).to_be_visible()
    expect(page.get_by_text("Top Performing Ads Analysis")).to_be_visible()
    ads = page.get_by_test_id("top-ad")
    expect(ads).to_have_count(2)
    expect(ads.first).to_contain_text("A runner at dawn; the hook is the cushioning.")
    link = ads.first.get_by_role("link")
    assert link.get_attribute("target") == "_blank"
    assert link.get_attribute("rel") == "noopener noreferrer"
    assert link.get_attribute("href") == "https://www.facebook.com/ads/library/?id=1"
    page.get_by_role("button", name="Copy general analysis").click()
    expect_toast(page, "Copied to clipboard!")
    assert (
        page.evaluate("navigator.clipboard.readText()")
        == page.get_by_test_id("general-analysis").inner_text()
    )

    expect_history_entry(page)
    assert balance_of(alice) == 50
    screenshot.themes(page, "tool-spy-master-result")


def test_a_failing_engine_shows_the_failure_panel_and_refunds(
    open_tool, alice, settings, make_server, screenshot
):
    webhook = make_server()
    webhook.route("POST", "/webhook/meta-copy", status=500, body=b"upstream down")
    settings.GENERATION_ENGINE_META_COPY = "webhook"
    settings.WEBHOOK_BASE_URL = webhook.url("/webhook")

    page = open_tool("meta-copy")
    fill_meta_copy(page)
    page.get_by_role("button", name="Generate Meta Copy (20 credits)").click()

    failure = page.get_by_test_id("failure")
    expect(failure).to_contain_text("Generation Failed")
    expect(failure).to_contain_text("Network error: HTTP error! status: 500")
    expect(page.get_by_test_id("page-balance")).to_have_text("100")
    assert balance_of(alice) == 100
    expect_history_entry(page, label="Failed")
    screenshot.themes(page, "tool-meta-copy-failure")


def test_a_user_short_of_credits_cannot_submit(open_tool, alice):
    spend_credits(user=alice, amount=90, reason="test", reference="test:short")
    page = open_tool("meta-creative")
    button = page.get_by_role("button", name="Insufficient Credits (80 required)")
    expect(button).to_be_disabled()
    page.get_by_role("form", name="Meta Creative Generator").evaluate("form => form.requestSubmit()")
    expect_toast(page, "Insufficient credits. This service requires 80 credits.")
    assert not Generation.objects.exists()
    assert balance_of(alice) == 10

    # Not a dead end: beside the balance and beside the button, the way to Billing.
    links = page.get_by_role("link", name="Get more credits")
    expect(links).to_have_count(2)
    expect(page.get_by_text("You have 10 credits.")).to_be_visible()
    links.last.click()
    page.wait_for_url("**/billing")
    expect(page.get_by_role("heading", name="Available Plans")).to_be_visible()
