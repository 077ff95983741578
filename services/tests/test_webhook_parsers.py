"""The tolerant webhook reply parsers: every documented variant and error, per call."""

import pytest

from services.engines.base import EngineError
from services.engines.outputs import scrape_report_text
from services.engines.webhook_parsers import (
    as_image_reference,
    find_full_creative_image,
    find_meta_creative_image,
    find_social_creative_image,
    parse_json_text,
    parse_meta_copy_response,
    parse_scrape_response,
    parse_social_copy_response,
    parse_spy_response,
    scrape_data_for_webhook,
    webhook_error,
)

B64 = "iVBORw0KGgoAAAANSUhEUg"


def error_of(call, *args, **kwargs) -> str:
    with pytest.raises(EngineError) as caught:
        call(*args, **kwargs)
    return caught.value.message


# --- reading the body -------------------------------------------------------------------------------
def test_an_empty_body_is_an_empty_object():
    assert parse_json_text("") == {}
    assert parse_json_text("  \n") == {}


def test_a_body_that_is_not_json_is_the_documented_error():
    assert (
        error_of(parse_json_text, "Workflow  was\nstarted") == "Invalid JSON response: Workflow was started"
    )


def test_the_invalid_json_message_is_cut_to_a_readable_length():
    message = error_of(parse_json_text, "x" * 5000)
    assert message == "Invalid JSON response: " + "x" * 199 + "…"


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ("<html>Bad gateway</html>", ""),
        ("<!doctype html><title>502</title>", ""),
        ("Bad gateway", "text/html; charset=utf-8"),
    ],
)
def test_a_web_page_instead_of_json_is_not_quoted(body, content_type):
    assert error_of(parse_json_text, body, content_type=content_type) == "Invalid JSON response"


# --- Spy's webhook error ----------------------------------------------------------------------------
def test_a_spy_webhook_error_quotes_status_text_and_body():
    assert (
        webhook_error(502, "Bad Gateway", "upstream down") == "Webhook error: 502 Bad Gateway - upstream down"
    )


@pytest.mark.parametrize(
    ("body", "content_type"),
    [("", ""), ("  \n ", ""), ("<!DOCTYPE html><html>…</html>", ""), ('{"error": "down"}', "text/html")],
)
def test_a_spy_webhook_error_with_an_empty_or_html_body_gives_status_and_text_only(body, content_type):
    assert (
        webhook_error(502, "Bad Gateway", body, content_type=content_type) == "Webhook error: 502 Bad Gateway"
    )


def test_a_spy_webhook_error_without_a_status_text_has_no_stray_space():
    assert webhook_error(520, "", "") == "Webhook error: 520"
    assert webhook_error(520, "", "down") == "Webhook error: 520 - down"


def test_a_long_spy_webhook_error_body_is_an_excerpt():
    message = webhook_error(500, "Internal Server Error", "Node   failed\n" * 100)
    assert message.startswith("Webhook error: 500 Internal Server Error - Node failed Node failed")
    assert len(message) == len("Webhook error: 500 Internal Server Error - ") + 200
    assert message.endswith("…")


# --- Meta Copy ---------------------------------------------------------------------------------------
def test_meta_copy_reads_every_filled_index_of_the_first_item():
    data = [
        {
            "PrimaryText1": "Glow all summer.",
            "Headline1": "Meet Glow",
            "Description1": "Vitamin C serum",
            "PrimaryText2": "Second text",
            "Headline2": "Second headline",
            "Description2": "Second description",
        },
        {"PrimaryText1": "ignored: only the first item counts"},
    ]
    assert parse_meta_copy_response(data) == {
        "variations": [
            {"headline": "Meet Glow", "description": "Vitamin C serum", "primaryText": "Glow all summer."},
            {
                "headline": "Second headline",
                "description": "Second description",
                "primaryText": "Second text",
            },
        ]
    }


def test_meta_copy_fills_missing_fields_with_the_documented_defaults():
    data = [
        {"Headline1": "Only a headline", "Description3": "Only a description", "PrimaryText5": "Only text"}
    ]
    assert parse_meta_copy_response(data)["variations"] == [
        {
            "headline": "Only a headline",
            "description": "No description available",
            "primaryText": "No primary text available",
        },
        {
            "headline": "No headline available",
            "description": "Only a description",
            "primaryText": "No primary text available",
        },
        {
            "headline": "No headline available",
            "description": "No description available",
            "primaryText": "Only text",
        },
    ]


def test_meta_copy_reads_at_most_five_variations():
    item = {f"Headline{n}": f"Headline {n}" for n in range(1, 8)}
    assert len(parse_meta_copy_response([item])["variations"]) == 5


def test_meta_copy_accepts_a_bare_object_as_the_first_item():
    assert parse_meta_copy_response({"Headline1": "H"})["variations"][0]["headline"] == "H"


@pytest.mark.parametrize(
    "data",
    [{}, [], [{}], [{"Headline1": "  ", "PrimaryText1": ""}], [{"headline": "wrong case"}], "text", [None]],
)
def test_meta_copy_with_no_filled_slot_is_no_valid_variations(data):
    assert error_of(parse_meta_copy_response, data) == "No valid variations generated"


def test_meta_copy_full_has_its_own_empty_message():
    assert (
        error_of(parse_meta_copy_response, [{}], empty_message="Failed to generate Meta Copy variations")
        == "Failed to generate Meta Copy variations"
    )


# --- Meta Creative ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "key",
    [
        "image",
        "creativeImage",
        "creative",
        "generated_image",
        "output_image",
        "result_image",
        "base64",
        "data",
        "imageData",
        "output",
        "result",
    ],
)
def test_meta_creative_finds_the_image_under_each_documented_field(key):
    assert find_meta_creative_image({key: B64}) == f"data:image/png;base64,{B64}"


def test_meta_creative_searches_the_fields_in_the_documented_order():
    data = {"result": "data:image/png;base64,RESULT", "creativeImage": "data:image/png;base64,CREATIVE"}
    assert find_meta_creative_image(data) == "data:image/png;base64,CREATIVE"


def test_meta_creative_accepts_a_string_an_array_or_nested_data():
    assert find_meta_creative_image(B64) == f"data:image/png;base64,{B64}"
    assert find_meta_creative_image([{"image": B64}]) == f"data:image/png;base64,{B64}"
    assert find_meta_creative_image({"data": [{"b64_json": B64}]}) == f"data:image/png;base64,{B64}"
    assert find_meta_creative_image({"output": {"url": "https://cdn.example.com/c.png"}}) == (
        "https://cdn.example.com/c.png"
    )


def test_a_reference_that_is_already_a_data_or_http_url_is_kept():
    assert as_image_reference("data:image/jpeg;base64,abc") == "data:image/jpeg;base64,abc"
    assert as_image_reference("https://cdn.example.com/x.png") == "https://cdn.example.com/x.png"
    assert as_image_reference(" abc ") == "data:image/png;base64,abc"


@pytest.mark.parametrize("data", [{}, [], {"image": ""}, {"message": "done"}, [{}], {"image": None}])
def test_meta_creative_without_an_image_is_the_documented_error(data):
    assert (
        error_of(find_meta_creative_image, data)
        == "No image was generated. Please check your inputs and try again."
    )


# --- Meta creative full -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "data",
    [B64, {"image": B64}, {"Image": B64}, {"base64": B64}, {"data": [{"image": B64}]}, [{"image": B64}]],
)
def test_meta_creative_full_reads_each_documented_shape(data):
    assert find_full_creative_image(data) == f"data:image/png;base64,{B64}"


@pytest.mark.parametrize("data", [{}, [], "", {"data": []}, {"data": [{}]}, {"result": B64}])
def test_meta_creative_full_without_an_image_fails(data):
    assert error_of(find_full_creative_image, data) == "Failed to generate Meta Creative"


# --- Social media creative --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "data",
    [
        [{"Image": B64}],
        [{"image": B64}],
        {"image": B64},
        {"Image": B64},
        {"data": [{"b64_json": B64}]},
        {"data": [{"image": B64}]},
    ],
)
def test_social_creative_reads_each_documented_shape(data):
    assert find_social_creative_image(data) == f"data:image/png;base64,{B64}"


def test_social_creative_keeps_a_data_url():
    assert find_social_creative_image([{"image": "data:image/png;base64,XYZ"}]) == "data:image/png;base64,XYZ"


@pytest.mark.parametrize("data", [{}, [], [{}], {"data": []}, {"data": [{"url": ""}]}, {"success": False}])
def test_social_creative_without_an_image_is_the_documented_error(data):
    assert (
        error_of(find_social_creative_image, data)
        == "No image was generated. Please check your inputs and try again."
    )


# --- Social media copy ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "data",
    [
        [{"Social Media Copy": "Summer is here!"}],
        [{"social_media_copy": "Summer is here!"}],
        {"Social Media Copy": " Summer is here! "},
    ],
)
def test_social_copy_reads_either_documented_field(data):
    assert parse_social_copy_response(data) == {"socialMediaCopy": "Summer is here!"}


@pytest.mark.parametrize(
    "data", [[], {}, [{"Social Media Copy": ""}], [{"copy": "x"}], [{"social_media_copy": "  "}]]
)
def test_social_copy_without_text_fails(data):
    assert error_of(parse_social_copy_response, data) == (
        "An error occurred while generating your social media copy. Please try again."
    )


# --- Meta Ads Full scrape ----------------------------------------------------------------------------
def test_a_scrape_with_a_report_is_shown_as_the_report():
    assert parse_scrape_response([{"Report": "Glow sells serums.", "other": "x"}]) == {
        "report": "Glow sells serums."
    }


def test_a_scrape_without_a_report_is_shown_as_key_value_fields():
    data = [{"Brand": "Glow", "Products": ["Serum", "Cream"], "Empty": "", "Rating": 4.5}]
    assert parse_scrape_response(data) == {
        "fields": {"Brand": "Glow", "Products": '["Serum", "Cream"]', "Rating": "4.5"}
    }


def test_a_bare_object_scrape_is_read_too():
    assert parse_scrape_response({"report": "lower-case key"}) == {"report": "lower-case key"}


@pytest.mark.parametrize("data", [{}, [], [{}], [{"Empty": ""}], [None]])
def test_an_empty_scrape_fails(data):
    assert error_of(parse_scrape_response, data) == "Failed to scrape website. Please try again."


def test_the_scrape_goes_back_to_the_webhook_as_its_first_item():
    assert scrape_data_for_webhook({"report": "R", "engine": "webhook"}) == {"Report": "R"}
    assert scrape_data_for_webhook({"fields": {"Brand": "Glow"}}) == {"Brand": "Glow"}
    assert scrape_report_text({"fields": {"Brand": "Glow", "Tone": "Warm"}}) == "Brand: Glow\nTone: Warm"


# --- Spy ---------------------------------------------------------------------------------------------
def spy_item(n_ads: int) -> dict:
    item = {"General Analysis": "Competitors lead with discounts."}
    for n in range(1, n_ads + 1):
        item[f"Top {n} Performing Ad Analysis"] = f"Ad {n} works because…"
        item[f"Top {n} Performing Ad Analysis Snapshot URL"] = (
            f"https://www.facebook.com/ads/archive/render_ad/?id={n}&access_token=SECRET"
        )
    return item


def test_spy_reads_the_general_analysis_and_five_top_ads():
    result = parse_spy_response([spy_item(5)])
    assert result["generalAnalysis"] == "Competitors lead with discounts."
    assert [ad["rank"] for ad in result["topAds"]] == [1, 2, 3, 4, 5]
    assert result["topAds"][0] == {
        "rank": 1,
        "analysis": "Ad 1 works because…",
        "snapshotUrl": "https://www.facebook.com/ads/archive/render_ad/?id=1",
    }


def test_spy_snapshot_links_never_carry_a_token_or_a_script():
    item = spy_item(2)
    item["Top 2 Performing Ad Analysis Snapshot URL"] = "javascript:alert(1)"
    result = parse_spy_response([item])
    assert "SECRET" not in str(result)
    assert result["topAds"][1]["snapshotUrl"] == ""


def test_spy_with_fewer_ads_lists_only_those():
    assert len(parse_spy_response([spy_item(2)])["topAds"]) == 2
    assert parse_spy_response([{"General Analysis": "Only general"}])["topAds"] == []


@pytest.mark.parametrize("data", [{}, [], [{}], "text", [{"Unrelated": "x"}]])
def test_an_empty_spy_reply_fails(data):
    assert (
        error_of(parse_spy_response, data)
        == "An error occurred while running the spy analysis. Please try again."
    )
