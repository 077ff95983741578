"""The webhook engine against a local server that speaks the documented contract (spec 001 §7)."""

import base64
import re

import pytest

from services.engines.base import EngineError
from services.engines.webhook import DEFAULT_PATHS, WebhookEngine
from services.registry import TOOLS
from services.tests.images import image_size, make_b64_png, make_png

pytestmark = pytest.mark.django_db

ISO_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
SCRAPE = {"report": "Glow Naturals sells vitamin C serums online.", "engine": "webhook"}
# What a proxy or the automation tool answers when a workflow crashes: a big HTML page naming
# internal paths and a key (QA finding: 26 KB, shown whole in the toast, the panel and /history).
ERROR_PAGE = (
    "<!DOCTYPE html><html><head><style>"
    + "body{color:red}" * 400
    + "</style></head><body>Traceback (most recent call last): File /srv/n8n/secret_path.py, "
    + "api_key=sk-live-abc123 "
    + "x" * 20000
    + "</body></html>"
)


def cleaned(slug: str, inputs: dict) -> dict:
    values, errors = TOOLS[slug].schema.validate(inputs)
    assert errors == {}
    return values


META_COPY = {
    "brand": "Glow Naturals",
    "productService": "Vitamin C serum",
    "targetAudience": "Women 25-40",
    "productDescription": "A lightweight serum that brightens skin.",
    "productBenefits": "Brighter skin in two weeks.",
    "niche": "Technolgy&Gaming",
}
META_CREATIVE = {
    "niche": "Cosmetics&Skincare",
    "productName": "Glow Serum",
    "productDescription": "A lightweight vitamin C serum.",
    "productBenefits": "Brighter skin",
    "visualTheme": "Fresh and summery",
}
SOCIAL_COPY = {
    "productName": "Glow Serum",
    "productDescription": "A lightweight serum.",
    "copyTheme": "Summer launch",
}
SPY = {
    "searchTerm": "serum",
    "adsStartedBefore": "2025-01-31",
    "country": "UK",
    "language": "cz",
    "adType": "FINANCIAL PRODUCTS AND SERVICES",
}


@pytest.fixture
def webhook(upstream, settings):
    settings.WEBHOOK_BASE_URL = upstream.url("/webhook")
    settings.WEBHOOK_SECRET = ""
    return upstream


def run(slug, inputs, assets, *, step="", user_id="42"):
    return WebhookEngine().run(tool=TOOLS[slug], step=step, inputs=inputs, user_id=user_id, assets=assets)


def failure(slug, inputs, assets, *, step="") -> EngineError:
    with pytest.raises(EngineError) as caught:
        run(slug, inputs, assets, step=step)
    return caught.value


# --- Meta Copy ---------------------------------------------------------------------------------------
def test_meta_copy_posts_the_documented_body_and_parses_the_variations(webhook, alice_assets):
    webhook.route(
        "POST",
        "/webhook/meta-copy",
        json=[{"PrimaryText1": "Glow all summer.", "Headline1": "Meet Glow", "Description1": "Vitamin C"}],
    )
    result = run("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)

    assert result.output == {
        "variations": [
            {"headline": "Meet Glow", "description": "Vitamin C", "primaryText": "Glow all summer."}
        ],
        "engine": "webhook",
    }
    body = webhook.last("/webhook/meta-copy").json()
    assert list(body)[:2] == ["userId", "event"]
    assert list(body)[-2:] == ["service", "timestamp"]
    assert body["userId"] == "42"
    assert body["event"] == "meta_copy_generation"
    assert body["service"] == "meta_copy"
    assert ISO_RE.match(body["timestamp"])
    assert body["brand"] == "Glow Naturals"
    assert body["niche"] == "Technology & Gaming"
    assert body["versions"] == 3
    assert body["copyStructure"] == "AIDA"
    assert webhook.last().headers["content-type"] == "application/json"
    assert "x-webhook-secret" not in webhook.last().headers


def test_the_shared_secret_header_is_sent_when_configured(webhook, alice_assets, settings):
    settings.WEBHOOK_SECRET = "s3cret"
    webhook.route("POST", "/webhook/meta-copy", json=[{"Headline1": "H"}])
    run("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)
    assert webhook.last().headers["x-webhook-secret"] == "s3cret"


def test_a_webhook_path_can_be_overridden(webhook, alice_assets, settings):
    settings.WEBHOOK_PATH_META_COPY = "copy-v2"
    webhook.route("POST", "/webhook/copy-v2", json=[{"Headline1": "H"}])
    assert run("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).output["variations"]


@pytest.mark.parametrize(("status", "retryable"), [(500, True), (502, True), (404, False), (401, False)])
def test_meta_copy_http_errors_are_the_documented_text(webhook, alice_assets, status, retryable):
    webhook.route("POST", "/webhook/meta-copy", status=status, body="nope")
    error = failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)
    assert error.message == f"HTTP error! status: {status}"
    assert error.retryable is retryable


def test_meta_copy_bad_json_is_the_documented_text(webhook, alice_assets):
    webhook.route(
        "POST", "/webhook/meta-copy", body="Workflow was started", headers={"Content-Type": "text/plain"}
    )
    assert failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message == (
        "Invalid JSON response: Workflow was started"
    )


def test_a_web_page_instead_of_json_is_not_quoted_to_the_user_but_logged(webhook, alice_assets, caplog):
    webhook.route(
        "POST", "/webhook/meta-copy", body=ERROR_PAGE, status=200, headers={"Content-Type": "text/html"}
    )
    assert (
        failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message == "Invalid JSON response"
    )
    assert "/srv/n8n/secret_path.py" in caplog.text


@pytest.mark.parametrize("body", ["", "[]", "{}", '[{"Headline1": ""}]'])
def test_meta_copy_empty_output_is_no_valid_variations(webhook, alice_assets, body):
    webhook.route("POST", "/webhook/meta-copy", body=body)
    assert (
        failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message
        == "No valid variations generated"
    )


def test_a_slow_webhook_past_the_deadline_fails_retryably(webhook, alice_assets, settings):
    settings.WEBHOOK_TIMEOUT_SECONDS = 0.1
    webhook.route("POST", "/webhook/meta-copy", json=[{"Headline1": "late"}], stall=True)
    error = failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)
    assert error.message == "The request timed out."
    assert error.retryable


def test_an_unconfigured_webhook_fails_clearly(alice_assets, settings):
    settings.WEBHOOK_BASE_URL = ""
    assert failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message == (
        "The generation service is not configured. Please try again later."
    )


# --- Meta Creative -----------------------------------------------------------------------------------
def test_meta_creative_sends_our_uploads_as_data_urls_and_returns_png_bytes(
    webhook, alice, alice_assets, store_upload
):
    logo_url = store_upload(alice, make_png(20, 20, "#000000"), area="logos")
    webhook.route("POST", "/webhook/meta-creative", json={"creativeImage": make_b64_png(1024, 1024)})
    inputs = cleaned(
        "meta-creative",
        {**META_CREATIVE, "logoUrl": logo_url, "productImageUrl": "https://cdn.example.com/p.png"},
    )
    result = run("meta-creative", inputs, alice_assets)

    assert image_size(result.image) == (1024, 1024)
    assert result.output == {"engine": "webhook"}
    body = webhook.last().json()
    assert body["event"] == "meta_creative_generation"
    assert body["service"] == "meta_creative"
    assert body["logoUrl"].startswith("data:image/png;base64,")
    assert image_size(base64.b64decode(body["logoUrl"].split(",", 1)[1])) == (20, 20)
    assert body["productImageUrl"] == "https://cdn.example.com/p.png"  # pasted: the webhook fetches it
    assert body["primaryColor"] == "#59F7FF"


def test_another_users_upload_is_never_read_into_the_body(webhook, bob, alice_assets, store_upload):
    bobs_logo = store_upload(bob, make_png(), area="logos")
    webhook.route("POST", "/webhook/meta-creative", json={"image": make_b64_png()})
    run("meta-creative", cleaned("meta-creative", {**META_CREATIVE, "logoUrl": bobs_logo}), alice_assets)
    assert webhook.last().json()["logoUrl"] == bobs_logo


@pytest.mark.parametrize(
    "reply",
    [
        lambda b64: {"image": b64},
        lambda b64: [{"result_image": f"data:image/png;base64,{b64}"}],
        lambda b64: b64,
        lambda b64: {"data": [{"b64_json": b64}]},
    ],
)
def test_meta_creative_reads_each_reply_shape(webhook, alice_assets, reply):
    webhook.route("POST", "/webhook/meta-creative", json=reply(make_b64_png(300, 260)))
    assert image_size(run("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).image) == (
        300,
        260,
    )


def test_meta_creative_fetches_an_image_url_in_the_reply(webhook, alice_assets):
    webhook.route("GET", "/images/c.png", body=make_png(400, 300), headers={"Content-Type": "image/png"})
    webhook.route("POST", "/webhook/meta-creative", json={"image": webhook.url("/images/c.png")})
    assert image_size(run("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).image) == (
        400,
        300,
    )


def test_an_image_url_in_the_reply_pointing_at_a_private_address_is_refused(webhook, alice_assets):
    webhook.route(
        "POST", "/webhook/meta-creative", json={"image": "http://169.254.169.254/latest/meta-data/"}
    )
    assert failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).message == (
        "No image was generated. Please check your inputs and try again."
    )


@pytest.mark.parametrize(
    "reply", [{}, {"message": "done"}, {"image": base64.b64encode(b"<svg onload=alert(1)>").decode()}, []]
)
def test_meta_creative_without_a_usable_image_is_the_documented_error(webhook, alice_assets, reply):
    webhook.route("POST", "/webhook/meta-creative", json=reply)
    assert failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).message == (
        "No image was generated. Please check your inputs and try again."
    )


TOO_SMALL = "The generated image is too small (at least 256 × 256 pixels)"


@pytest.mark.parametrize("size", [(1, 1), (255, 1024), (1024, 100), (64, 48)])
def test_an_image_too_small_to_be_a_creative_fails_clearly(webhook, alice_assets, size):
    webhook.route("POST", "/webhook/meta-creative", json=[{"image": make_b64_png(*size)}])
    error = failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets)
    assert error.message == TOO_SMALL


def test_a_small_image_named_by_url_fails_the_same_way(webhook, alice_assets):
    webhook.route("GET", "/images/dot.png", body=make_png(1, 1), headers={"Content-Type": "image/png"})
    webhook.route("POST", "/webhook/meta-creative", json={"image": webhook.url("/images/dot.png")})
    assert (
        failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).message == TOO_SMALL
    )


def test_any_aspect_ratio_is_accepted_at_the_minimum_size(webhook, alice_assets):
    # A 1024×1024 answer to a 1024x1536 request, or a tall strip: not ours to refuse.
    webhook.route("POST", "/webhook/social-media-creative", json=[{"Image": make_b64_png(256, 1024)}])
    inputs = cleaned(
        "social-media-creative", {"productImageUrl": "https://cdn.example.com/p.png", "format": "1024x1536"}
    )
    assert image_size(run("social-media-creative", inputs, alice_assets).image) == (256, 1024)


@pytest.mark.parametrize(
    ("slug", "step", "path", "reply"),
    [
        ("meta-ads-full", "creative", "meta-creative-full", lambda b64: b64),
        ("social-media-creative", "", "social-media-creative", lambda b64: [{"Image": b64}]),
    ],
)
def test_every_creative_call_refuses_a_tiny_image(webhook, alice_assets, slug, step, path, reply):
    webhook.route("POST", f"/webhook/{path}", json=reply(make_b64_png(1, 1)))
    inputs = {"scrapeId": 5} if step else {}
    inputs = call_inputs(slug, step, {**inputs, "productImageUrl": "https://cdn.example.com/p.png"})
    assert failure(slug, inputs, alice_assets, step=step).message == TOO_SMALL


# --- Meta Ads Full -----------------------------------------------------------------------------------
def test_the_scrape_posts_type_url_user_and_time_only(webhook, alice_assets):
    webhook.route("POST", "/webhook/meta-ads-full-scrape", json=[{"Report": "Glow sells serums."}])
    inputs = cleaned(
        "meta-ads-full", {"step": "scrape", "type": "Brand", "websiteUrl": "https://glow.example.com"}
    )
    result = run("meta-ads-full", inputs, alice_assets, step="scrape")

    assert result.output == {
        "report": "Glow sells serums.",
        "websiteUrl": "https://glow.example.com",
        "type": "Brand",
        "engine": "webhook",
    }
    body = webhook.last().json()
    assert list(body) == ["type", "websiteUrl", "userId", "timestamp"]
    assert body["type"] == "Brand"


def test_a_scrape_without_a_report_gives_its_fields(webhook, alice_assets):
    webhook.route("POST", "/webhook/meta-ads-full-scrape", json=[{"Brand": "Glow", "Tone": "Warm"}])
    inputs = cleaned(
        "meta-ads-full", {"step": "scrape", "type": "Brand", "websiteUrl": "https://glow.example.com"}
    )
    assert run("meta-ads-full", inputs, alice_assets, step="scrape").output["fields"] == {
        "Brand": "Glow",
        "Tone": "Warm",
    }


@pytest.mark.parametrize(
    ("status", "body", "message"),
    [
        (503, "down", "HTTP error! status: 503"),
        (200, "not json", "Invalid JSON response: not json"),
        (200, "", "Failed to scrape website. Please try again."),
    ],
)
def test_scrape_failures(webhook, alice_assets, status, body, message):
    webhook.route("POST", "/webhook/meta-ads-full-scrape", status=status, body=body)
    inputs = cleaned(
        "meta-ads-full", {"step": "scrape", "type": "Brand", "websiteUrl": "https://glow.example.com"}
    )
    assert failure("meta-ads-full", inputs, alice_assets, step="scrape").message == message


def test_meta_copy_full_sends_the_scrape_and_settings(webhook, alice_assets):
    webhook.route("POST", "/webhook/meta-copy-full", json=[{f"Headline{n}": f"H{n}" for n in range(1, 4)}])
    inputs = {
        **cleaned("meta-ads-full", {"step": "copy", "scrapeId": 5, "versions": 3}),
        "scrapeData": SCRAPE,
    }
    result = run("meta-ads-full", inputs, alice_assets, step="copy")

    assert len(result.output["variations"]) == 3
    body = webhook.last().json()
    assert list(body) == ["userId", "event", "scrapeData", "language", "length", "versions", "timestamp"]
    assert body["event"] == "meta_copy_full_generation"
    assert body["scrapeData"] == {"Report": SCRAPE["report"]}
    assert (body["language"], body["length"], body["versions"]) == ("English", "Medium", 3)


def test_meta_copy_full_with_nothing_parsed_fails(webhook, alice_assets):
    webhook.route("POST", "/webhook/meta-copy-full", json=[{}])
    inputs = {**cleaned("meta-ads-full", {"step": "copy", "scrapeId": 5}), "scrapeData": SCRAPE}
    assert failure("meta-ads-full", inputs, alice_assets, step="copy").message == (
        "Failed to generate Meta Copy variations"
    )


def test_meta_creative_full_sends_report_images_and_language(webhook, alice, alice_assets, store_upload):
    product = store_upload(alice, make_png(50, 50), area="products", name="p.png")
    webhook.route("POST", "/webhook/meta-creative-full", body=make_b64_png(1024, 1024))  # a bare base64 reply
    inputs = {
        **cleaned(
            "meta-ads-full",
            {"step": "creative", "scrapeId": 5, "productImage": product, "creativeLanguage": "German"},
        ),
        "scrapeData": SCRAPE,
    }
    result = run("meta-ads-full", inputs, alice_assets, step="creative")

    assert image_size(result.image) == (1024, 1024)
    body = webhook.last().json()
    assert list(body) == ["userId", "event", "report", "productImage", "logo", "language", "timestamp"]
    assert body["event"] == "meta_creative_full_generation"
    assert body["report"] == {"Report": SCRAPE["report"]}
    assert body["productImage"].startswith("data:image/png;base64,")
    assert body["logo"] == ""
    assert body["language"] == "German"


@pytest.mark.parametrize("reply", [lambda b64: {"Image": b64}, lambda b64: {"data": [{"image": b64}]}])
def test_meta_creative_full_reads_object_replies(webhook, alice_assets, reply):
    webhook.route("POST", "/webhook/meta-creative-full", json=reply(make_b64_png(256, 256)))
    inputs = {
        **cleaned(
            "meta-ads-full",
            {"step": "creative", "scrapeId": 5, "productImageUrl": "https://cdn.example.com/p.png"},
        ),
        "scrapeData": SCRAPE,
    }
    result = run("meta-ads-full", inputs, alice_assets, step="creative")
    assert image_size(result.image) == (256, 256)
    assert webhook.last().json()["productImage"] == "https://cdn.example.com/p.png"


def test_meta_creative_full_without_an_image_fails(webhook, alice_assets):
    webhook.route("POST", "/webhook/meta-creative-full", json={"status": "ok"})
    inputs = {
        **cleaned(
            "meta-ads-full",
            {"step": "creative", "scrapeId": 5, "productImageUrl": "https://cdn.example.com/p.png"},
        ),
        "scrapeData": SCRAPE,
    }
    assert (
        failure("meta-ads-full", inputs, alice_assets, step="creative").message
        == "Failed to generate Meta Creative"
    )


# --- Social media ------------------------------------------------------------------------------------
def test_social_copy_posts_all_fields_and_reads_the_copy(webhook, alice_assets):
    webhook.route("POST", "/webhook/social-media-copy", json=[{"Social Media Copy": "Summer is here! #glow"}])
    result = run("social-media-copy", cleaned("social-media-copy", SOCIAL_COPY), alice_assets)
    assert result.output == {"socialMediaCopy": "Summer is here! #glow", "engine": "webhook"}
    body = webhook.last().json()
    assert body["event"] == "social_media_copy_generation"
    assert body["service"] == "social_media_copy"
    assert (body["platform"], body["copyLength"], body["language"]) == ("Instagram", "Middle", "English")


def test_social_copy_with_empty_text_fails(webhook, alice_assets):
    webhook.route("POST", "/webhook/social-media-copy", json=[{"social_media_copy": ""}])
    assert failure("social-media-copy", cleaned("social-media-copy", SOCIAL_COPY), alice_assets).message == (
        "An error occurred while generating your social media copy. Please try again."
    )


def test_social_creative_posts_its_fields_and_reads_the_image(webhook, alice, alice_assets, store_upload):
    product = store_upload(alice, make_png(64, 64), area="products", name="p.png")
    webhook.route("POST", "/webhook/social-media-creative", json=[{"Image": make_b64_png(1024, 1536)}])
    inputs = cleaned(
        "social-media-creative",
        {
            "productImageUpload": product,
            "format": "1024x1536",
            "headlineOptions": "Custom",
            "customHeadline": "Sale",
        },
    )
    result = run("social-media-creative", inputs, alice_assets)

    assert image_size(result.image) == (1024, 1536)
    body = webhook.last().json()
    assert body["event"] == "social_media_generation"
    assert body["service"] == "social_media"
    assert body["productImageUpload"].startswith("data:image/png;base64,")
    assert body["customHeadline"] == "Sale"
    assert body["customSubHeadline"] == ""  # its option is not Custom: listed, empty


def test_social_creative_without_an_image_fails(webhook, alice_assets):
    webhook.route("POST", "/webhook/social-media-creative", json={"data": []})
    inputs = cleaned("social-media-creative", {"productImageUrl": "https://cdn.example.com/p.png"})
    assert failure("social-media-creative", inputs, alice_assets).message == (
        "No image was generated. Please check your inputs and try again."
    )


# --- Spy ---------------------------------------------------------------------------------------------
def spy_reply():
    item = {"General Analysis": "Discounts everywhere."}
    for n in range(1, 6):
        item[f"Top {n} Performing Ad Analysis"] = f"Ad {n}"
        item[f"Top {n} Performing Ad Analysis Snapshot URL"] = f"https://facebook.com/ads/{n}?access_token=T"
    return [item]


def test_spy_posts_meta_values_to_spy_agent_and_reads_five_ads(webhook, alice_assets):
    webhook.route("POST", "/webhook/spy-agent", json=spy_reply())
    result = run("spy-master", cleaned("spy-master", SPY), alice_assets)

    assert result.output["generalAnalysis"] == "Discounts everywhere."
    assert [ad["snapshotUrl"] for ad in result.output["topAds"]] == [
        f"https://facebook.com/ads/{n}" for n in range(1, 6)
    ]
    assert result.output["engine"] == "webhook"
    assert result.output["demo"] is False
    body = webhook.last().json()
    assert body == {
        "searchTerm": "serum",
        "adsStartedBefore": "2025-01-31",
        "country": "GB",
        "adType": "FINANCIAL_PRODUCTS_AND_SERVICES_ADS",
        "language": "cs",
        "adsAmount": "10",
        "platforms": "FACEBOOK",
        "mediaType": "ALL",
        "userId": "42",
        "timestamp": body["timestamp"],
    }
    assert webhook.last().headers["connection"].lower() == "keep-alive"


def test_spy_webhook_errors_carry_status_text_and_body(webhook, alice_assets):
    webhook.route("POST", "/webhook/spy-agent", status=502, reason="Bad Gateway", body="upstream down")
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "Webhook error: 502 Bad Gateway - upstream down"
    )


def test_a_spy_webhook_error_page_is_not_shown_to_the_user(webhook, alice_assets):
    webhook.route(
        "POST",
        "/webhook/spy-agent",
        status=502,
        reason="Bad Gateway",
        body=ERROR_PAGE,
        headers={"Content-Type": "text/html; charset=utf-8"},
    )
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "Webhook error: 502 Bad Gateway"
    )


def test_a_spy_webhook_error_page_is_known_by_its_start_whatever_its_content_type(webhook, alice_assets):
    webhook.route(
        "POST",
        "/webhook/spy-agent",
        status=500,
        body="\n  <html lang='en'><body>Internal error at /srv/app.py</body></html>",
        headers={"Content-Type": "text/plain"},
    )
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "Webhook error: 500 Internal Server Error"
    )


def test_a_long_spy_webhook_error_is_cut_to_an_excerpt(webhook, alice_assets):
    body = "Workflow   failed:\n\n\tnode 'OpenAI' " + "timed out " * 100
    webhook.route("POST", "/webhook/spy-agent", status=500, body=body)
    message = failure("spy-master", cleaned("spy-master", SPY), alice_assets).message
    prefix = "Webhook error: 500 Internal Server Error - "
    assert message.startswith(prefix + "Workflow failed: node 'OpenAI' timed out timed out")
    assert len(message) == len(prefix) + 200
    assert message.endswith("…")


def test_a_spy_webhook_error_without_a_body_gives_status_and_text_only(webhook, alice_assets):
    webhook.route("POST", "/webhook/spy-agent", status=503, body="")
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "Webhook error: 503 Service Unavailable"
    )


def test_the_whole_error_page_is_logged_for_staff_without_credentials(
    webhook, alice_assets, settings, caplog
):
    settings.WEBHOOK_SECRET = "our-shared-s3cret"
    page = ERROR_PAGE.replace(
        "</body>", "echoed header: our-shared-s3cret\nFAKE 2020-01-01 ERROR forged</body>"
    )
    webhook.route("POST", "/webhook/spy-agent", status=502, body=page, headers={"Content-Type": "text/html"})
    failure("spy-master", cleaned("spy-master", SPY), alice_assets)

    assert "The SPY_AGENT webhook answered 502 Bad Gateway" in caplog.text
    assert "File /srv/n8n/secret_path.py, api_key=*** " in caplog.text
    assert "x" * 20000 in caplog.text
    assert "sk-live-abc123" not in caplog.text
    assert "our-shared-s3cret" not in caplog.text
    assert "\\nFAKE 2020-01-01 ERROR forged" in caplog.text  # one log record, not a forged second line


WEBHOOK_CALLS = [
    ("meta-copy", "", "meta-copy", META_COPY),
    ("meta-creative", "", "meta-creative", META_CREATIVE),
    (
        "meta-ads-full",
        "scrape",
        "meta-ads-full-scrape",
        {"type": "Brand", "websiteUrl": "https://glow.example.com"},
    ),
    ("meta-ads-full", "copy", "meta-copy-full", {"scrapeId": 5}),
    (
        "meta-ads-full",
        "creative",
        "meta-creative-full",
        {"scrapeId": 5, "productImageUrl": "https://cdn.example.com/p.png"},
    ),
    ("social-media-copy", "", "social-media-copy", SOCIAL_COPY),
    (
        "social-media-creative",
        "",
        "social-media-creative",
        {"productImageUrl": "https://cdn.example.com/p.png"},
    ),
]


def test_the_parametrized_calls_cover_every_webhook_call():
    # Spy Master's call (spy-agent) has tests of its own above: its reply and timeout differ.
    covered = {path for _slug, _step, path, _inputs in WEBHOOK_CALLS} | {DEFAULT_PATHS["SPY_AGENT"]}
    assert covered == set(DEFAULT_PATHS.values())


def call_inputs(slug, step, inputs):
    values = cleaned(slug, {**inputs, "step": step} if step else inputs)
    return {**values, "scrapeData": SCRAPE} if step in ("copy", "creative") else values


@pytest.mark.parametrize(("slug", "step", "path", "inputs"), WEBHOOK_CALLS)
def test_every_webhook_call_logs_an_error_page_and_shows_only_its_status(
    webhook, alice_assets, caplog, slug, step, path, inputs
):
    webhook.route(
        "POST", f"/webhook/{path}", status=502, body=ERROR_PAGE, headers={"Content-Type": "text/html"}
    )
    error = failure(slug, call_inputs(slug, step, inputs), alice_assets, step=step)
    assert error.message == "HTTP error! status: 502"
    assert "/srv/n8n/secret_path.py" in caplog.text
    assert "sk-live-abc123" not in caplog.text


@pytest.mark.parametrize(
    ("slug", "step", "path", "inputs"), [call for call in WEBHOOK_CALLS if call[2] != "meta-creative-full"]
)
def test_every_webhook_call_quotes_no_web_page_it_got_instead_of_json(
    webhook, alice_assets, caplog, slug, step, path, inputs
):
    # (Meta creative full takes a bare text reply as its image, as documented: it fails as no image.)
    webhook.route("POST", f"/webhook/{path}", body=ERROR_PAGE)
    error = failure(slug, call_inputs(slug, step, inputs), alice_assets, step=step)
    assert error.message == "Invalid JSON response"
    assert "/srv/n8n/secret_path.py" in caplog.text


def test_spy_past_its_limit_is_the_documented_timeout(webhook, alice_assets, settings):
    settings.WEBHOOK_SPY_TIMEOUT_SECONDS = 0.1
    webhook.route("POST", "/webhook/spy-agent", json=spy_reply(), stall=True)
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "Analysis timed out after 10 minutes. The server may be taking too long or there might be a network "
        "issue. Please try again."
    )


def test_spy_unreachable_is_the_documented_network_error(webhook, alice_assets):
    webhook.stop()
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "Network connection failed. Please check your internet connection and try again."
    )


def test_spy_with_an_empty_reply_fails(webhook, alice_assets):
    webhook.route("POST", "/webhook/spy-agent", json=[{}])
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "An error occurred while running the spy analysis. Please try again."
    )


@pytest.mark.parametrize("slug", ["meta-creative", "social-media-creative"])
def test_a_bare_base64_image_where_json_is_due_is_not_quoted_back(webhook, alice_assets, slug):
    # Only Meta Ads Full's creative step takes a bare base64 reply; elsewhere it is unparsable, and
    # 200 characters of base64 would be no help in the failure panel.
    slug, step, path, inputs = next(call for call in WEBHOOK_CALLS if call[0] == slug)
    webhook.route("POST", f"/webhook/{path}", body=make_b64_png(1024, 1024))
    error = failure(slug, call_inputs(slug, step, inputs), alice_assets, step=step)
    assert error.message == "Invalid JSON response"
