"""The demo engine: offline, deterministic, built from the user's own inputs."""

import pytest

from services.engines.base import EngineError, get_engine
from services.engines.demo import DemoEngine
from services.engines.demo_copy import as_clause, brief_from_scrape, capitalised
from services.engines.demo_creative import CreativeSpec, compose_creative
from services.engines.images import IMAGE_MAX_BYTES
from services.engines.page_text import Page, page_report
from services.registry import TOOLS
from services.tests.images import image_size, make_png, pixel

pytestmark = pytest.mark.django_db

META_COPY = {
    "brand": "Glow Naturals",
    "productService": "Vitamin C serum",
    "targetAudience": "Women 25-40",
    "productDescription": "A lightweight serum with 15% vitamin C that brightens skin.",
    "productBenefits": "Brighter skin in two weeks, gentle on sensitive skin, no sticky feel",
    "offer": "20% off your first order",
}
PAGE = """<!doctype html><html><head><title>Glow Naturals | Vitamin C Serum</title>
<meta name="description" content="Serums that brighten skin, made in small batches.">
<script>window.tracking = "do not read me";</script><style>body{color:red}</style></head>
<body><nav><a href="/">Home</a><a href="/shop">Shop</a></nav>
<main><h1>Brighter skin in two weeks</h1><p>Our serum has 15% vitamin C and nothing you don't need.</p>
<h2>Gentle on sensitive skin</h2><ul><li>Vegan</li><li>Cruelty-free</li></ul></main>
<footer>© Glow Naturals</footer></body></html>"""


def cleaned(slug, inputs):
    values, errors = TOOLS[slug].schema.validate(inputs)
    assert errors == {}
    return values


def run(slug, inputs, assets, *, step=""):
    return DemoEngine().run(tool=TOOLS[slug], step=step, inputs=inputs, user_id="1", assets=assets)


def test_demo_is_the_default_engine_and_can_be_overridden_per_tool(settings):
    assert get_engine(TOOLS["meta-copy"]).name == "demo"
    settings.GENERATION_ENGINE = "webhook"
    settings.GENERATION_ENGINE_SPY_MASTER = "demo"
    assert get_engine(TOOLS["meta-copy"]).name == "webhook"
    assert get_engine(TOOLS["spy-master"]).name == "demo"
    settings.GENERATION_ENGINE = "openai"
    assert get_engine(TOOLS["meta-creative"]).name == "openai"


def test_an_unknown_engine_name_is_an_engine_error(settings):
    settings.GENERATION_ENGINE = "magic"
    with pytest.raises(EngineError):
        get_engine(TOOLS["meta-copy"])


# --- copy --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("versions", [1, 3, 5])
def test_meta_copy_writes_the_requested_number_of_versions(alice_assets, versions):
    output = run("meta-copy", cleaned("meta-copy", {**META_COPY, "versions": versions}), alice_assets).output
    assert output["engine"] == "demo"
    assert len(output["variations"]) == versions
    assert len({v["primaryText"] for v in output["variations"]}) == versions  # real alternatives
    for variation in output["variations"]:
        assert set(variation) == {"headline", "description", "primaryText"}
        assert all(variation.values())


def test_meta_copy_is_built_from_the_inputs(alice_assets):
    output = run("meta-copy", cleaned("meta-copy", {**META_COPY, "copyLength": "long"}), alice_assets).output
    text = output["variations"][0]["primaryText"]
    assert "Glow Naturals" in text
    assert "Vitamin C serum" in text
    assert "brighter skin in two weeks" in text
    assert "20% off your first order" in text


@pytest.mark.parametrize(
    ("typed", "mid_sentence"),
    [
        ("Brighter skin in two weeks.", "brighter skin in two weeks"),
        ("Vitamin C serum", "Vitamin C serum"),
        ("Glow Serum", "Glow Serum"),
        ("Crumb & Co Bakery", "Crumb & Co Bakery"),  # QA: was "crumb & Co Bakery"
        ("iPhone cases", "iPhone cases"),
    ],
)
def test_a_phrase_keeps_the_case_of_a_name_mid_sentence(typed, mid_sentence):
    assert as_clause(typed) == mid_sentence


@pytest.mark.parametrize(
    ("typed", "first_in_a_sentence"),
    [
        ("sourdough, baked daily", "Sourdough, baked daily"),
        ("https://crumbandco.example.com/sourdough", "https://crumbandco.example.com/sourdough"),
        ("www.crumbandco.example.com has it all", "www.crumbandco.example.com has it all"),
        ("hello@crumbandco.example.com for orders", "hello@crumbandco.example.com for orders"),
    ],
)
def test_an_address_starting_a_sentence_is_kept_as_typed(typed, first_in_a_sentence):
    assert capitalised(typed) == first_in_a_sentence


def test_meta_copy_keeps_a_brand_with_an_ampersand_as_typed(alice_assets):
    inputs = cleaned("meta-copy", {**META_COPY, "productService": "Crumb & Co Bakery", "versions": 3})
    output = run("meta-copy", inputs, alice_assets).output
    texts = " ".join(v["primaryText"] for v in output["variations"])
    assert "Crumb & Co Bakery" in texts and "crumb & Co" not in texts


@pytest.mark.parametrize(
    ("structure", "opening"),
    [
        ("AIDA", "Looking for the right Vitamin C serum?"),
        ("PAS", "Women 25-40 know the struggle"),
        ("FAB", "Vitamin C serum by Glow Naturals: a lightweight serum"),
        ("PPPP", "Picture this: brighter skin in two weeks"),
        ("Generic", "Discover Vitamin C serum from Glow Naturals."),
    ],
)
def test_meta_copy_follows_the_chosen_framework(alice_assets, structure, opening):
    output = run(
        "meta-copy", cleaned("meta-copy", {**META_COPY, "copyStructure": structure}), alice_assets
    ).output
    assert output["variations"][0]["primaryText"].startswith(opening)


def test_longer_copy_has_more_sentences(alice_assets):
    def sentences(length):
        inputs = cleaned("meta-copy", {**META_COPY, "copyLength": length, "versions": 1})
        return run("meta-copy", inputs, alice_assets).output["variations"][0]["primaryText"].count(". ")

    assert sentences("short") < sentences("medium") < sentences("long")


def test_meta_copy_honours_must_include_and_must_avoid(alice_assets):
    inputs = cleaned(
        "meta-copy",
        {
            **META_COPY,
            "mustInclude": "Dermatologist tested",
            "mustAvoid": "frustration",
            "copyStructure": "PAS",
            "copyLength": "long",
        },
    )
    for variation in run("meta-copy", inputs, alice_assets).output["variations"]:
        assert "Dermatologist tested." in variation["primaryText"]
        assert "frustration" not in variation["primaryText"]


def test_the_same_inputs_give_the_same_copy(alice_assets):
    inputs = cleaned("meta-copy", META_COPY)
    assert run("meta-copy", inputs, alice_assets).output == run("meta-copy", inputs, alice_assets).output


@pytest.mark.parametrize(("platform", "hashtags"), [("Instagram", 5), ("LinkedIn", 3), ("Facebook", 2)])
def test_social_copy_fits_the_platform(alice_assets, platform, hashtags):
    inputs = cleaned(
        "social-media-copy",
        {
            "productName": "Trail Runner X",
            "productDescription": "A light trail shoe with a grippy sole.",
            "copyTheme": "Weekend adventures",
            "platform": platform,
        },
    )
    output = run("social-media-copy", inputs, alice_assets).output
    assert output["engine"] == "demo"
    text = output["socialMediaCopy"]
    assert "Trail Runner X" in text
    assert "A light trail shoe with a grippy sole." in text
    assert text.splitlines()[-1].count("#") == hashtags


def test_meta_ads_full_copy_builds_on_the_scrape(alice_assets):
    scrape = {
        "report": "Website: https://glow.example.com\n\nTitle: Glow Naturals | Vitamin C Serum\n\nDescription: Serums that brighten skin.\n\nMain headings:\n- Brighter skin in two weeks",
        "engine": "demo",
    }
    inputs = {
        **cleaned("meta-ads-full", {"step": "copy", "scrapeId": 3, "versions": 4}),
        "scrapeData": scrape,
    }
    output = run("meta-ads-full", inputs, alice_assets, step="copy").output
    assert len(output["variations"]) == 4
    assert all("Glow Naturals" in v["primaryText"] for v in output["variations"])
    assert output["engine"] == "demo"


def scrape_report(
    title: str, *, site: str = "https://acmecoffee.example.com", site_type: str = "Brand"
) -> dict:
    report = page_report(
        Page(
            url=site,
            title=title,
            description="Small-batch coffee, roasted in Leeds.",
            headings=["Roasted every week"],
        ),
        site_type=site_type,
    )
    return {"report": report, "websiteUrl": site, "type": site_type, "engine": "demo"}


def full_copy(scrape: dict, alice_assets) -> list[dict]:
    inputs = {
        **cleaned("meta-ads-full", {"step": "copy", "scrapeId": 3, "versions": 5}),
        "scrapeData": scrape,
    }
    return run("meta-ads-full", inputs, alice_assets, step="copy").output["variations"]


@pytest.mark.parametrize(
    ("title", "site"),
    [
        ("Glow Naturals | Vitamin C Serum", "https://glow.example.com"),
        ("Vitamin C Serum – Glow Naturals", "https://www.glownaturals.co.uk/serum"),
        ("Glow Naturals: Vitamin C Serum", "https://example.com"),
    ],
)
def test_a_title_with_a_separator_gives_the_brand_and_the_product(title, site):
    brief = brief_from_scrape(scrape_report(title, site=site, site_type="Product"))
    assert (brief.brand, brief.product) == ("Glow Naturals", "Vitamin C Serum")


@pytest.mark.parametrize("site_type", ["Product", "Service", "Multiple Products", "Brand"])
def test_a_title_without_a_separator_names_the_brand_and_never_the_site_type(alice_assets, site_type):
    variations = full_copy(scrape_report("Acme Coffee Roasters", site_type=site_type), alice_assets)
    text = " ".join(part for variation in variations for part in variation.values())
    assert "Meet Acme Coffee Roasters." in text
    assert "Acme Coffee Roasters: Roasted every week" in text  # a headline
    assert f"{site_type}:" not in text
    for sentence in (f"meet {site_type}", f"discover {site_type}", f"introducing {site_type}"):
        assert sentence.lower() not in text.lower()
    assert "from Acme Coffee Roasters from" not in text


def test_page_title_chrome_is_not_a_name():
    for title in ("Home | Acme Coffee Roasters", "Welcome to Acme Coffee Roasters"):
        brief = brief_from_scrape(scrape_report(title))
        assert (brief.brand, brief.product) == ("Acme Coffee Roasters", "")


def test_without_a_usable_title_the_site_address_names_the_brand():
    brief = brief_from_scrape(scrape_report("Freshly roasted coffee, delivered to your door every week"))
    assert brief.brand == "Acmecoffee"


# --- creatives ---------------------------------------------------------------------------------------
META_CREATIVE = {
    "niche": "Cosmetics&Skincare",
    "productName": "Glow Serum",
    "productDescription": "A lightweight vitamin C serum.",
    "productBenefits": "Brighter skin",
    "visualTheme": "Fresh and summery",
}


def test_meta_creative_is_a_1024_square_png_in_the_brand_colours(alice, alice_assets, store_upload):
    product = store_upload(alice, make_png(300, 400, "#FFFFFF"), area="products", name="p.png")
    logo = store_upload(alice, make_png(120, 40, "#000000"), area="logos", name="l.png")
    inputs = cleaned(
        "meta-creative",
        {
            **META_CREATIVE,
            "productImageUrl": product,
            "logoUrl": logo,
            "primaryColor": "#FF0000",
            "secondaryColor": "blue",
        },
    )
    result = run("meta-creative", inputs, alice_assets)
    assert result.output == {"engine": "demo"}
    assert image_size(result.image) == (1024, 1024)
    top_left, bottom_right = pixel(result.image, (2, 2)), pixel(result.image, (1021, 1021))
    assert top_left[0] > 150  # red end of the gradient
    assert bottom_right[2] > 150 and bottom_right[0] < 100  # blue end


def test_a_colour_name_is_drawn_as_the_colour_the_form_accepted_it_as():
    def creative(primary, secondary):
        return compose_creative(
            CreativeSpec(200, 200, primary=primary, secondary=secondary, headline="Hi", seed="same")
        )

    by_name = creative("Sky-Blue", "light green")
    assert by_name == creative("#87CEEB", "#90EE90")
    assert by_name != creative("", "")  # not the default colours


@pytest.mark.parametrize("size", ["1024x1024", "1024x1536", "1536x1024"])
def test_social_creative_has_the_chosen_format(alice, alice_assets, store_upload, size):
    product = store_upload(alice, make_png(200, 200), area="products", name="p.png")
    inputs = cleaned(
        "social-media-creative",
        {
            "productImageUpload": product,
            "format": size,
            "headlineOptions": "Custom",
            "customHeadline": "Summer Sale",
        },
    )
    result = run("social-media-creative", inputs, alice_assets)
    assert image_size(result.image) == tuple(int(n) for n in size.split("x"))


def test_the_product_image_is_on_the_creative(alice, alice_assets, store_upload):
    green = store_upload(alice, make_png(400, 400, "#00FF00"), area="products", name="g.png")
    inputs = cleaned(
        "social-media-creative",
        {
            "productImageUpload": green,
            "headlineOptions": "No Headline",
            "subHeadlineOptions": "No Sub-Headline",
        },
    )
    png = run("social-media-creative", inputs, alice_assets).image
    assert pixel(png, (512, 512)) == (0, 255, 0)


def test_a_creative_is_the_same_for_the_same_inputs(alice, alice_assets, store_upload):
    product = store_upload(alice, make_png(), area="products", name="p.png")
    inputs = cleaned("social-media-creative", {"productImageUpload": product})
    assert (
        run("social-media-creative", inputs, alice_assets).image
        == run("social-media-creative", inputs, alice_assets).image
    )


def test_a_pasted_image_url_is_fetched_safely(upstream, alice_assets):
    upstream.route("GET", "/p.png", body=make_png(50, 50, "#00FF00"), headers={"Content-Type": "image/png"})
    inputs = cleaned(
        "social-media-creative",
        {
            "productImageUrl": upstream.url("/p.png"),
            "headlineOptions": "No Headline",
            "subHeadlineOptions": "No Sub-Headline",
        },
    )
    assert pixel(run("social-media-creative", inputs, alice_assets).image, (512, 512)) == (0, 255, 0)


def past_the_form(inputs: dict, **private: str) -> dict:
    """Inputs the form passed, then pointed at a private address: what a name that resolves to
    one looks like to the engine (the form itself refuses an address written as an IP)."""
    return {**inputs, **private}


def test_a_pasted_image_url_to_a_private_address_fails(alice_assets):
    inputs = past_the_form(
        cleaned("social-media-creative", {"productImageUrl": "https://example.com/p.png"}),
        productImageUrl="http://10.0.0.8/p.png",
    )
    with pytest.raises(EngineError) as caught:
        run("social-media-creative", inputs, alice_assets)
    assert (
        caught.value.message == "Failed to fetch image from URL (product image): This address is not allowed."
    )


@pytest.mark.parametrize(
    ("status", "body", "headers", "reason", "retryable"),
    [
        (404, "File not found", {"Content-Type": "text/html"}, "The server answered 404 Not Found.", False),
        (503, "busy", {"Content-Type": "text/plain"}, "The server answered 503 Service Unavailable.", True),
        (200, "<html>a page</html>", {"Content-Type": "text/html"}, "Only image files are allowed.", False),
        (
            200,
            "x",
            {"Content-Type": "image/png", "Content-Length": str(IMAGE_MAX_BYTES + 1)},
            "The image is larger than 15 MB.",
            False,
        ),
    ],
)
def test_a_pasted_image_url_that_gives_no_image_says_why(
    upstream, alice_assets, status, body, headers, reason, retryable
):
    upstream.route("GET", "/p.png", status=status, body=body, headers=headers)
    inputs = cleaned("meta-creative", {**META_CREATIVE, "productImageUrl": upstream.url("/p.png")})
    with pytest.raises(EngineError) as caught:
        run("meta-creative", inputs, alice_assets)
    assert caught.value.message == f"Failed to fetch image from URL (product image): {reason}"
    assert caught.value.retryable is retryable


def test_a_pasted_image_url_whose_host_does_not_resolve_says_so(alice_assets):
    inputs = cleaned(
        "meta-creative", {**META_CREATIVE, "productImageUrl": "http://no-such-host.invalid/p.png"}
    )
    with pytest.raises(EngineError) as caught:
        run("meta-creative", inputs, alice_assets)
    assert caught.value.message == (
        "Failed to fetch image from URL (product image): Could not resolve the image's address."
    )


def test_a_failing_logo_url_is_named_as_the_logo(upstream, alice_assets):
    upstream.route("GET", "/p.png", body=make_png(50, 50, "#00FF00"), headers={"Content-Type": "image/png"})
    upstream.route("GET", "/logo.png", status=404, body="gone", headers={"Content-Type": "text/plain"})
    inputs = cleaned(
        "social-media-creative",
        {"productImageUrl": upstream.url("/p.png"), "logoImageUrl": upstream.url("/logo.png")},
    )
    with pytest.raises(EngineError) as caught:
        run("social-media-creative", inputs, alice_assets)
    assert caught.value.message == "Failed to fetch image from URL (logo): The server answered 404 Not Found."


def test_another_users_upload_is_not_used(bob, alice_assets, store_upload):
    bobs = store_upload(bob, make_png(400, 400, "#00FF00"), area="products", name="b.png")
    inputs = cleaned(
        "social-media-creative",
        {
            "productImageUpload": bobs,
            "headlineOptions": "No Headline",
            "subHeadlineOptions": "No Sub-Headline",
        },
    )
    assert pixel(run("social-media-creative", inputs, alice_assets).image, (512, 512)) != (0, 255, 0)


def test_meta_ads_full_creative_needs_a_readable_product_image(alice, alice_assets, store_upload):
    product = store_upload(alice, make_png(100, 100), area="products", name="p.png")
    inputs = {
        **cleaned("meta-ads-full", {"step": "creative", "scrapeId": 3, "productImage": product}),
        "scrapeData": {"report": "Title: Glow"},
    }
    assert image_size(run("meta-ads-full", inputs, alice_assets, step="creative").image) == (1024, 1024)


# --- scrape and spy ----------------------------------------------------------------------------------
def test_the_scrape_fetches_and_reads_the_real_page(upstream, alice_assets):
    upstream.route("GET", "/", body=PAGE, headers={"Content-Type": "text/html; charset=utf-8"})
    inputs = cleaned("meta-ads-full", {"step": "scrape", "type": "Product", "websiteUrl": upstream.url("/")})
    output = run("meta-ads-full", inputs, alice_assets, step="scrape").output
    report = output["report"]
    assert "Title: Glow Naturals | Vitamin C Serum" in report
    assert "Description: Serums that brighten skin, made in small batches." in report
    assert "- Brighter skin in two weeks" in report
    assert "Our serum has 15% vitamin C" in report
    assert "do not read me" not in report
    assert "Home" not in report and "©" not in report
    assert (output["websiteUrl"], output["type"], output["engine"]) == (upstream.url("/"), "Product", "demo")


def test_the_scrape_refuses_a_private_address(alice_assets):
    inputs = past_the_form(
        cleaned("meta-ads-full", {"step": "scrape", "type": "Product", "websiteUrl": "https://example.com/"}),
        websiteUrl="http://127.0.0.1:8000/admin/",
    )
    with pytest.raises(EngineError) as caught:
        run("meta-ads-full", inputs, alice_assets, step="scrape")
    assert caught.value.message == "Failed to scrape website: This address is not allowed."


@pytest.mark.parametrize(
    ("status", "body", "content_type", "message"),
    [
        (404, "missing", "text/html", "Failed to scrape website: the site answered 404 Not Found"),
        (200, "%PDF-1.7", "application/pdf", "Failed to scrape website: the address is not a web page"),
        (
            200,
            "<html><script>x</script></html>",
            "text/html",
            "Failed to scrape website: the page has no readable text",
        ),
    ],
)
def test_scrape_failures_say_why(upstream, alice_assets, status, body, content_type, message):
    upstream.route("GET", "/", status=status, body=body, headers={"Content-Type": content_type})
    inputs = cleaned("meta-ads-full", {"step": "scrape", "type": "Product", "websiteUrl": upstream.url("/")})
    with pytest.raises(EngineError) as caught:
        run("meta-ads-full", inputs, alice_assets, step="scrape")
    assert caught.value.message == message


def test_a_website_whose_host_does_not_resolve_says_so(alice_assets):
    inputs = cleaned(
        "meta-ads-full", {"step": "scrape", "type": "Product", "websiteUrl": "http://no-such-host.invalid/"}
    )
    with pytest.raises(EngineError) as caught:
        run("meta-ads-full", inputs, alice_assets, step="scrape")
    assert caught.value.message == "Failed to scrape website: Could not resolve the website's address."


def test_spy_is_a_sample_clearly_marked_as_demo_data(alice_assets):
    inputs = cleaned("spy-master", {"searchTerm": "running shoes", "adsStartedBefore": "2025-01-31"})
    output = run("spy-master", inputs, alice_assets).output
    assert output["demo"] is True
    assert output["engine"] == "demo"
    assert output["generalAnalysis"].startswith("Demo data:")
    assert len(output["topAds"]) == 5
    assert all("Demo data" in ad["analysis"] and "running shoes" in ad["analysis"] for ad in output["topAds"])
