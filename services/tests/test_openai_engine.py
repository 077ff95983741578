"""The openai engine against a local server speaking the OpenAI-compatible API and the Meta Graph API."""

import json

import pytest

from services.engines.base import EngineError
from services.engines.openai import OpenAIEngine
from services.registry import TOOLS
from services.tests.images import image_size, make_b64_png, make_png
from services.tests.local_servers import Reply

pytestmark = pytest.mark.django_db

META_COPY = {
    "brand": "Glow Naturals",
    "productService": "Vitamin C serum",
    "targetAudience": "Women 25-40",
    "productDescription": "A lightweight serum that brightens skin.",
    "productBenefits": "Brighter skin in two weeks.",
    "versions": 2,
}
SOCIAL_COPY = {
    "productName": "Glow Serum",
    "productDescription": "A lightweight serum.",
    "copyTheme": "Summer launch",
}
META_CREATIVE = {
    "niche": "Cosmetics&Skincare",
    "productName": "Glow Serum",
    "productDescription": "A lightweight vitamin C serum.",
    "productBenefits": "Brighter skin",
    "visualTheme": "Fresh and summery",
}
SPY = {
    "searchTerm": "serum",
    "adsStartedBefore": "2025-01-31",
    "country": "UK",
    "language": "se",
    "adsAmount": "20",
}


@pytest.fixture
def api(upstream, settings):
    settings.OPENAI_BASE_URL = upstream.url("/v1")
    settings.OPENAI_API_KEY = "sk-test-key"
    settings.OPENAI_TEXT_MODEL = "text-model"
    settings.OPENAI_IMAGE_MODEL = "image-model"
    settings.META_GRAPH_URL = upstream.url("/v21.0")
    settings.META_ACCESS_TOKEN = "META-TOKEN"
    return upstream


def completion(content, *, finish_reason="stop", refusal=None) -> dict:
    message = {
        "role": "assistant",
        "content": json.dumps(content) if not isinstance(content, str) else content,
    }
    if refusal:
        message = {"role": "assistant", "content": None, "refusal": refusal}
    return {
        "id": "c1",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
    }


def cleaned(slug, inputs):
    values, errors = TOOLS[slug].schema.validate(inputs)
    assert errors == {}
    return values


def run(slug, inputs, assets, *, step=""):
    return OpenAIEngine().run(tool=TOOLS[slug], step=step, inputs=inputs, user_id="1", assets=assets)


def failure(slug, inputs, assets, *, step="") -> EngineError:
    with pytest.raises(EngineError) as caught:
        run(slug, inputs, assets, step=step)
    return caught.value


VARIATION = {"headline": "Meet Glow", "description": "Shop now", "primaryText": "Brighter skin, fast."}


# --- chat: copy with strict JSON schema ----------------------------------------------------------------
def test_meta_copy_asks_for_strict_json_and_returns_the_variations(api, alice_assets):
    api.route("POST", "/v1/chat/completions", json=completion({"variations": [VARIATION] * 3}))
    result = run("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)

    assert result.output == {
        "variations": [VARIATION, VARIATION],
        "engine": "openai",
    }  # trimmed to 2 versions
    sent = api.last("/v1/chat/completions")
    assert sent.headers["authorization"] == "Bearer sk-test-key"
    body = sent.json()
    assert body["model"] == "text-model"
    schema = body["response_format"]["json_schema"]
    assert body["response_format"]["type"] == "json_schema"
    assert schema["strict"] is True
    assert schema["schema"]["additionalProperties"] is False
    assert schema["schema"]["properties"]["variations"]["items"]["required"] == [
        "headline",
        "description",
        "primaryText",
    ]
    prompt = body["messages"][1]["content"]
    assert "Write 2 distinct Meta ad variations in English" in prompt
    assert "AIDA (Attention, Interest, Desire, Action)" in prompt
    assert "Brand: Glow Naturals" in prompt


def test_missing_fields_in_a_variation_get_the_documented_defaults(api, alice_assets):
    api.route(
        "POST",
        "/v1/chat/completions",
        json=completion({"variations": [{"headline": "H", "description": "", "primaryText": ""}]}),
    )
    assert run("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).output["variations"] == [
        {
            "headline": "H",
            "description": "No description available",
            "primaryText": "No primary text available",
        }
    ]


def test_no_variations_is_the_documented_error(api, alice_assets):
    api.route("POST", "/v1/chat/completions", json=completion({"variations": []}))
    assert (
        failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message
        == "No valid variations generated"
    )


def test_meta_ads_full_copy_sends_the_website_analysis(api, alice_assets):
    api.route("POST", "/v1/chat/completions", json=completion({"variations": [VARIATION]}))
    inputs = {
        **cleaned("meta-ads-full", {"step": "copy", "scrapeId": 1, "versions": 1}),
        "scrapeData": {"report": "Glow sells serums."},
    }
    assert run("meta-ads-full", inputs, alice_assets, step="copy").output["variations"] == [VARIATION]
    assert "Website analysis:\nGlow sells serums." in api.last().json()["messages"][1]["content"]


def test_social_copy_returns_the_text(api, alice_assets):
    api.route("POST", "/v1/chat/completions", json=completion({"socialMediaCopy": "Summer is here! #glow"}))
    result = run("social-media-copy", cleaned("social-media-copy", SOCIAL_COPY), alice_assets)
    assert result.output == {"socialMediaCopy": "Summer is here! #glow", "engine": "openai"}
    assert "Write a Instagram post in English" in api.last().json()["messages"][1]["content"]


def test_empty_social_copy_fails(api, alice_assets):
    api.route("POST", "/v1/chat/completions", json=completion({"socialMediaCopy": " "}))
    assert failure("social-media-copy", cleaned("social-media-copy", SOCIAL_COPY), alice_assets).message == (
        "An error occurred while generating your social media copy. Please try again."
    )


# --- chat failures -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("status", "payload", "logged", "retryable"),
    [
        (
            401,
            {"error": {"message": "Incorrect API key provided: sk-test-key"}},
            "Incorrect API key provided: ***",
            False,
        ),
        (
            429,
            {"error": {"message": "You exceeded your current quota"}},
            "You exceeded your current quota",
            True,
        ),
        (500, None, "500 Internal Server Error", True),
    ],
)
def test_api_errors_are_logged_and_users_see_the_tools_fallback_text(
    api, alice_assets, caplog, status, payload, logged, retryable
):
    if payload is None:
        api.route("POST", "/v1/chat/completions", status=status, body="oops")
    else:
        api.route("POST", "/v1/chat/completions", status=status, json=payload)
    error = failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)
    assert error.message == "An error occurred while generating your META copy. Please try again."
    assert error.retryable is retryable
    assert logged in caplog.text
    assert "sk-test-key" not in caplog.text


def test_an_api_error_on_a_meta_ads_full_step_shows_that_steps_fallback_text(api, alice_assets):
    api.route("POST", "/v1/chat/completions", status=400, json={"error": {"message": "model not found"}})
    inputs = {**cleaned("meta-ads-full", {"step": "copy", "scrapeId": 1}), "scrapeData": {"report": "A shop"}}
    error = failure("meta-ads-full", inputs, alice_assets, step="copy")
    assert error.message == "An error occurred while generating your META copy. Please try again."


@pytest.mark.parametrize(
    "reply",
    [
        {"choices": []},
        {"unexpected": True},
        completion("this is not json"),
        completion("[1, 2]"),
    ],
)
def test_unusable_replies_fail_clearly(api, alice_assets, reply):
    api.route("POST", "/v1/chat/completions", json=reply)
    assert failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message == (
        "The AI service returned an unexpected reply."
    )


def test_a_body_that_is_not_json_fails_clearly(api, alice_assets):
    api.route("POST", "/v1/chat/completions", body="<html>gateway</html>")
    assert failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message == (
        "The AI service returned an unexpected reply."
    )


def test_a_refusal_is_shown(api, alice_assets):
    api.route("POST", "/v1/chat/completions", json=completion(None, refusal="I can't help with that."))
    assert failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message == (
        "The AI service declined the request: I can't help with that."
    )


def test_a_long_refusal_is_shown_as_an_excerpt(api, alice_assets):
    refusal = "I can't help with that.\n\n" + "Here is a very long explanation of the policy. " * 40
    api.route("POST", "/v1/chat/completions", json=completion(None, refusal=refusal))
    message = failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message
    assert message.startswith("The AI service declined the request: I can't help with that. Here is a very")
    assert len(message) == len("The AI service declined the request: ") + 200
    assert message.endswith("…")


def test_an_error_page_from_the_api_is_logged_for_staff(api, alice_assets, caplog):
    api.route(
        "POST",
        "/v1/chat/completions",
        status=502,
        body="<html><body>Bad gateway at /srv/proxy/upstream.conf</body></html>",
        headers={"Content-Type": "text/html"},
    )
    error = failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)
    assert error.message == "An error occurred while generating your META copy. Please try again."
    assert "Bad gateway at /srv/proxy/upstream.conf" in caplog.text


def test_a_cut_off_answer_fails_retryably(api, alice_assets):
    api.route("POST", "/v1/chat/completions", json=completion('{"variations": [', finish_reason="length"))
    error = failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)
    assert error.retryable


def test_a_slow_api_past_the_deadline_fails(api, alice_assets, settings):
    settings.OPENAI_TIMEOUT_SECONDS = 0.1
    api.route("POST", "/v1/chat/completions", json=completion({"variations": [VARIATION]}), stall=True)
    error = failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets)
    assert error.message == "The AI service did not answer in time. Please try again."
    assert error.retryable


def test_without_a_key_the_engine_says_it_is_not_configured(alice_assets, settings):
    settings.OPENAI_API_KEY = ""
    assert failure("meta-copy", cleaned("meta-copy", META_COPY), alice_assets).message == (
        "The AI service is not configured. Please try again later."
    )


# --- scrape ------------------------------------------------------------------------------------------
def test_the_scrape_fetches_the_site_and_summarises_its_text(api, alice_assets):
    api.route(
        "GET",
        "/shop",
        body="<html><head><title>Glow</title></head><body><nav>Menu</nav><p>Vitamin C serums since 2019.</p></body></html>",
        headers={"Content-Type": "text/html"},
    )
    api.route("POST", "/v1/chat/completions", json=completion({"report": "Glow sells vitamin C serums."}))
    inputs = cleaned("meta-ads-full", {"step": "scrape", "type": "Brand", "websiteUrl": api.url("/shop")})
    result = run("meta-ads-full", inputs, alice_assets, step="scrape")

    assert result.output == {
        "report": "Glow sells vitamin C serums.",
        "websiteUrl": api.url("/shop"),
        "type": "Brand",
        "engine": "openai",
    }
    prompt = api.last("/v1/chat/completions").json()["messages"][1]["content"]
    assert "Vitamin C serums since 2019." in prompt
    assert "Menu" not in prompt


def test_the_scrape_refuses_a_private_site_before_calling_the_api(api, alice_assets):
    # Past the form (which refuses an address written as an IP): a name resolving to this one.
    inputs = {
        **cleaned("meta-ads-full", {"step": "scrape", "type": "Brand", "websiteUrl": "https://example.com/"}),
        "websiteUrl": "http://192.168.0.1/",
    }
    assert failure("meta-ads-full", inputs, alice_assets, step="scrape").message == (
        "Failed to scrape website: This address is not allowed."
    )
    assert api.received == []


# --- images ------------------------------------------------------------------------------------------
def test_a_creative_without_references_uses_generations_at_the_chosen_size(api, alice_assets):
    api.route("POST", "/v1/images/generations", json={"data": [{"b64_json": make_b64_png(1536, 1024)}]})
    # "/files/products/999/x.png" is not one of alice's files: there is no reference image to send.
    inputs = cleaned(
        "social-media-creative", {"productImageUpload": "/files/products/999/x.png", "format": "1536x1024"}
    )
    result = run("social-media-creative", inputs, alice_assets)

    assert image_size(result.image) == (1536, 1024)
    assert result.output == {"engine": "openai"}
    body = api.last("/v1/images/generations").json()
    assert (body["model"], body["size"], body["n"]) == ("image-model", "1536x1024", 1)
    assert "Never depict nudity" in body["prompt"]  # the documented content policy travels with every image


def test_a_creative_with_product_and_logo_uses_edits_with_both_references(
    api, alice, alice_assets, store_upload
):
    product = store_upload(alice, make_png(80, 80), area="products", name="p.png")
    logo = store_upload(alice, make_png(40, 20), area="logos", name="l.png")
    api.route("POST", "/v1/images/edits", json={"data": [{"b64_json": make_b64_png(1024, 1536)}]})
    inputs = cleaned(
        "social-media-creative",
        {
            "productImageUpload": product,
            "logoUpload": logo,
            "format": "1024x1536",
            "headlineOptions": "Custom",
            "customHeadline": "Summer Sale",
        },
    )
    result = run("social-media-creative", inputs, alice_assets)

    assert image_size(result.image) == (1024, 1536)
    sent = api.last("/v1/images/edits")
    assert sent.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert sent.body.count(b'name="image[]"') == 2
    assert b'name="size"\r\n\r\n1024x1536' in sent.body
    assert b'name="model"\r\n\r\nimage-model' in sent.body
    assert b"Summer Sale" in sent.body


def test_a_meta_creative_image_url_reply_is_fetched(api, alice_assets):
    api.route("GET", "/generated/c.png", body=make_png(640, 640), headers={"Content-Type": "image/png"})
    api.route("POST", "/v1/images/generations", json={"data": [{"url": api.url("/generated/c.png")}]})
    assert image_size(run("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).image) == (
        640,
        640,
    )
    assert api.last("/v1/images/generations").json()["size"] == "1024x1024"


@pytest.mark.parametrize(
    "reply", [{"data": []}, {"data": [{}]}, {"data": [{"b64_json": "bm90IGFuIGltYWdl"}]}]
)
def test_a_creative_without_an_image_is_the_documented_error(api, alice_assets, reply):
    api.route("POST", "/v1/images/generations", json=reply)
    assert failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).message == (
        "No image was generated. Please check your inputs and try again."
    )


def test_a_tiny_image_from_the_api_fails_clearly(api, alice_assets):
    api.route("POST", "/v1/images/generations", json={"data": [{"b64_json": make_b64_png(1, 1)}]})
    assert failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).message == (
        "The generated image is too small (at least 256 × 256 pixels)"
    )


def test_an_image_of_another_format_than_asked_is_accepted(api, alice_assets):
    api.route("POST", "/v1/images/generations", json={"data": [{"b64_json": make_b64_png(1024, 1024)}]})
    inputs = cleaned(
        "social-media-creative", {"productImageUpload": "/files/products/999/x.png", "format": "1024x1536"}
    )
    assert image_size(run("social-media-creative", inputs, alice_assets).image) == (1024, 1024)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("moderation_blocked", "Your request was rejected as a result of our safety system."),
        ("content_policy_violation", "Your request was rejected as a result of our safety system."),
    ],
)
def test_an_image_refused_by_the_safety_system_says_so_and_not_to_retry(
    api, alice_assets, caplog, code, message
):
    api.route(
        "POST",
        "/v1/images/generations",
        status=400,
        json={"error": {"code": code, "message": message, "type": "image_generation_user_error"}},
    )
    error = failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets)
    assert error.message == (
        "The AI service declined the request: its safety system does not allow this image. "
        "Please change the texts or images you gave."
    )
    assert "try again" not in error.message.lower()
    assert error.retryable is False
    assert message in caplog.text


def test_a_refused_reference_image_on_meta_ads_full_says_so_too(api, alice, alice_assets, store_upload):
    product = store_upload(alice, make_png(80, 80), area="products", name="p.png")
    api.route(
        "POST",
        "/v1/images/edits",
        status=400,
        json={"error": {"code": "moderation_blocked", "message": "No."}},
    )
    inputs = {
        **cleaned("meta-ads-full", {"step": "creative", "scrapeId": 1, "productImage": product}),
        "scrapeData": {"report": "Glow sells serums."},
    }
    assert failure("meta-ads-full", inputs, alice_assets, step="creative").message.startswith(
        "The AI service declined the request: its safety system does not allow this image."
    )


def test_another_image_api_error_keeps_the_tools_fallback_text(api, alice_assets):
    api.route(
        "POST",
        "/v1/images/generations",
        status=400,
        json={"error": {"code": "invalid_size", "message": "Bad size"}},
    )
    assert failure("meta-creative", cleaned("meta-creative", META_CREATIVE), alice_assets).message == (
        "An error occurred while generating your Meta creative. Please try again."
    )


def test_meta_ads_full_creative_edits_the_product_image(api, alice, alice_assets, store_upload):
    product = store_upload(alice, make_png(80, 80), area="products", name="p.png")
    api.route("POST", "/v1/images/edits", json={"data": [{"b64_json": make_b64_png(1024, 1024)}]})
    inputs = {
        **cleaned("meta-ads-full", {"step": "creative", "scrapeId": 1, "productImage": product}),
        "scrapeData": {"report": "Glow sells serums."},
    }
    assert image_size(run("meta-ads-full", inputs, alice_assets, step="creative").image) == (1024, 1024)
    assert api.last().body.count(b'name="image[]"') == 1


def test_meta_ads_full_creative_without_an_image_fails(api, alice_assets):
    api.route("POST", "/v1/images/edits", json={"data": []})
    inputs = {
        **cleaned(
            "meta-ads-full", {"step": "creative", "scrapeId": 1, "productImage": "/files/products/1/x.png"}
        ),
        "scrapeData": {},
    }
    assert failure("meta-ads-full", inputs, alice_assets, step="creative").message == (
        "Please provide a product image (upload or URL)"
    )


# --- Spy: Meta Ad Library + analysis -----------------------------------------------------------------
def ads(n=6):
    return {
        "data": [
            {
                "id": f"{100 + i}",
                "page_name": f"Brand {i}",
                "ad_delivery_start_time": "2024-06-01",
                "ad_creative_bodies": [f"Body {i}"],
                "ad_snapshot_url": f"https://www.facebook.com/ads/archive/render_ad/?id={100 + i}&access_token=META-TOKEN",
            }
            for i in range(n)
        ]
    }


def test_spy_queries_the_ad_library_with_meta_values_and_analyses_the_ads(api, alice_assets):
    api.route("GET", "/v21.0/ads_archive", json=ads())
    analysis = {
        "generalAnalysis": "Everyone leads with discounts.",
        "topAds": [{"adId": "103", "analysis": "Runs longest."}, {"adId": "999", "analysis": "Invented id."}],
    }
    api.route("POST", "/v1/chat/completions", json=completion(analysis))
    result = run("spy-master", cleaned("spy-master", SPY), alice_assets)

    assert result.output == {
        "generalAnalysis": "Everyone leads with discounts.",
        "topAds": [
            {
                "rank": 1,
                "analysis": "Runs longest.",
                "snapshotUrl": "https://www.facebook.com/ads/archive/render_ad/?id=103",
            },
            {"rank": 2, "analysis": "Invented id.", "snapshotUrl": ""},
        ],
        "demo": False,
        "engine": "openai",
    }
    query = {key: values[0] for key, values in api.last("/v21.0/ads_archive").query.items()}
    assert query["search_terms"] == "serum"
    assert query["ad_reached_countries"] == '["GB"]'
    assert query["languages"] == '["sv"]'
    assert query["ad_type"] == "ALL"
    assert query["publisher_platforms"] == '["FACEBOOK"]'
    assert query["media_type"] == "ALL"
    assert query["ad_delivery_date_max"] == "2025-01-31"
    assert query["limit"] == "20"
    assert "ad_snapshot_url" in query["fields"]
    assert query["access_token"] == "META-TOKEN"
    prompt = api.last("/v1/chat/completions").json()["messages"][1]["content"]
    assert "META-TOKEN" not in prompt
    assert "META-TOKEN" not in json.dumps(result.output)


def test_spy_analyses_as_many_ads_as_asked_when_the_ad_library_pages_them(api, alice_assets):
    def page(received):
        after = int(received.query.get("after", ["0"])[0])
        body = {
            "data": [{"id": str(after * 5 + i), "page_name": "Brand"} for i in range(5)],
            "paging": {"next": f"{api.url('/v21.0/ads_archive')}?access_token=META-TOKEN&after={after + 1}"},
        }
        return Reply(200, json.dumps(body).encode(), {"Content-Type": "application/json"})

    api.route("GET", "/v21.0/ads_archive", handler=page)
    api.route(
        "POST", "/v1/chat/completions", json=completion({"generalAnalysis": "Calm sells.", "topAds": []})
    )
    run("spy-master", cleaned("spy-master", {**SPY, "adsAmount": "50"}), alice_assets)

    prompt = api.last("/v1/chat/completions").json()["messages"][1]["content"]
    ads = json.loads(prompt.split("Ads (JSON):\n", 1)[1])
    assert [item["adId"] for item in ads] == [str(n) for n in range(50)]
    assert "META-TOKEN" not in prompt


def test_spy_with_no_ads_says_so(api, alice_assets):
    api.route("GET", "/v21.0/ads_archive", json={"data": []})
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "No ads were found for this search. Try another search term, country or date."
    )


def test_a_graph_api_error_is_logged_without_the_token_and_users_see_spys_fallback_text(
    api, alice_assets, caplog
):
    api.route(
        "GET",
        "/v21.0/ads_archive",
        status=400,
        json={
            "error": {
                "message": "Invalid OAuth access token - META-TOKEN",
                "type": "OAuthException",
                "code": 190,
            }
        },
    )
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "An error occurred while running the spy analysis. Please try again."
    )
    assert "Invalid OAuth access token - ***" in caplog.text
    assert "META-TOKEN" not in caplog.text


def test_spy_without_a_meta_token_logs_it_and_users_see_spys_fallback_text(
    api, alice_assets, settings, caplog
):
    settings.META_ACCESS_TOKEN = ""
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "An error occurred while running the spy analysis. Please try again."
    )
    assert "META_ACCESS_TOKEN is not set" in caplog.text


def test_an_unreachable_ad_library_is_the_documented_network_error(api, alice_assets, settings):
    settings.META_GRAPH_URL = "http://127.0.0.1:9/v21.0"  # the discard port: nothing listens
    assert failure("spy-master", cleaned("spy-master", SPY), alice_assets).message == (
        "Network connection failed. Please check your internet connection and try again."
    )


def test_the_api_sees_a_computed_reply(api, alice_assets):
    # A handler that answers from the request proves the engine reads the reply it was given.
    def answer(received):
        versions = "3" if "Write 3" in received.json()["messages"][1]["content"] else "?"
        return Reply(
            200, json.dumps(completion({"variations": [{**VARIATION, "headline": versions}]})).encode()
        )

    api.route("POST", "/v1/chat/completions", handler=answer)
    inputs = cleaned("meta-copy", {**META_COPY, "versions": 3})
    assert run("meta-copy", inputs, alice_assets).output["variations"][0]["headline"] == "3"
