"""The tool schemas: documented lists, defaults, bounds and messages, and the props the islands get."""

import json
from datetime import date, timedelta

import pytest
from django.utils import timezone
from freezegun import freeze_time

from services.registry import TOOLS
from services.schema import StepSchemas

META_COPY_VALID = {
    "brand": "Glow Naturals",
    "productService": "Vitamin C serum",
    "targetAudience": "Women 25-40",
    "productDescription": "A lightweight serum that brightens skin in two weeks.",
    "productBenefits": "Brighter skin, fewer dark spots, no sticky feel.",
}
META_CREATIVE_VALID = {
    "niche": "Cosmetics&Skincare",
    "productName": "Glow Serum",
    "productDescription": "A lightweight vitamin C serum.",
    "productBenefits": "Brighter skin",
    "visualTheme": "Fresh and summery",
}
SOCIAL_COPY_VALID = {
    "productName": "Glow Serum",
    "productDescription": "A lightweight vitamin C serum.",
    "copyTheme": "Summer launch",
}
SOCIAL_CREATIVE_VALID = {"productImageUpload": "/files/products/1/serum.png"}
SPY_VALID = {"searchTerm": "nike", "adsStartedBefore": "2025-01-31"}
FULL_VALID = {
    "scrape": {"step": "scrape", "type": "Product", "websiteUrl": "https://example.com/serum"},
    "copy": {"step": "copy", "scrapeId": 7},
    "creative": {"step": "creative", "scrapeId": "7", "productImageUrl": "https://cdn.example.com/p.png"},
}


def schema(slug):
    return TOOLS[slug].schema


def errors_for(slug, inputs):
    return schema(slug).validate(inputs)[1]


def options_of(slug, name, step=None):
    s = schema(slug).steps[step] if step else schema(slug)
    return [o.value for o in s.field(name).options]


# --- every tool: the documented required fields filled, everything else from the defaults ---------
ONE_STEP_VALID = {
    "meta-copy": META_COPY_VALID,
    "meta-creative": META_CREATIVE_VALID,
    "social-media-copy": SOCIAL_COPY_VALID,
    "social-media-creative": SOCIAL_CREATIVE_VALID,
    "spy-master": SPY_VALID,
}


def test_every_one_step_tool_has_valid_inputs_here():
    assert set(ONE_STEP_VALID) == {slug for slug, tool in TOOLS.items() if not tool.steps}


@pytest.mark.parametrize(("slug", "inputs"), ONE_STEP_VALID.items(), ids=list(ONE_STEP_VALID))
def test_defaults_with_the_required_fields_are_valid(slug, inputs):
    cleaned, errors = schema(slug).validate(inputs)
    assert errors == {}
    for name, value in schema(slug).defaults().items():
        assert cleaned[name] == value


@pytest.mark.parametrize("step", ["scrape", "copy", "creative"])
def test_each_meta_ads_full_step_is_valid_with_its_required_fields(step):
    cleaned, errors = schema("meta-ads-full").validate(FULL_VALID[step])
    assert errors == {}
    assert cleaned["step"] == step


def test_the_documented_defaults():
    assert schema("meta-copy").defaults() == {
        "language": "English",
        "copyLength": "medium",
        "copyStructure": "AIDA",
        "versions": 3,
    }
    assert schema("meta-creative").defaults() == {
        "language": "English",
        "primaryColor": "#59F7FF",
        "secondaryColor": "#FF6B9D",
        "visualComposition": "Bold and Dynamic",
        "creativeType": "Product Focus",
    }
    full = schema("meta-ads-full").steps
    assert full["copy"].defaults() == {"language": "English", "length": "Medium", "versions": 3}
    assert full["creative"].defaults() == {"creativeLanguage": "English"}
    assert schema("social-media-copy").defaults() == {
        "platform": "Instagram",
        "copyLength": "Middle",
        "language": "English",
    }
    assert schema("social-media-creative").defaults() == {
        "format": "1024x1024",
        "headlineOptions": "AI Generated",
        "subHeadlineOptions": "AI Generated",
    }
    assert schema("spy-master").defaults() == {
        "country": "ALL",
        "adType": "ALL",
        "language": "en",
        "adsAmount": "10",
        "platforms": "FACEBOOK",
        "mediaType": "ALL",
    }


# --- option lists --------------------------------------------------------------------------------
def test_the_option_lists_have_the_documented_lengths():
    assert len(options_of("meta-copy", "niche")) == 41
    assert len(set(options_of("meta-copy", "niche"))) == 41
    assert len(options_of("meta-copy", "language")) == 14
    assert len(options_of("meta-creative", "language")) == 29
    assert len(options_of("social-media-copy", "language")) == 29
    assert len(options_of("meta-ads-full", "language", step="copy")) == 29
    assert len(options_of("meta-ads-full", "creativeLanguage", step="creative")) == 29
    assert len(options_of("spy-master", "country")) == 31
    assert len(options_of("spy-master", "language")) == 21
    assert len(options_of("spy-master", "adType")) == 5
    assert options_of("spy-master", "adsAmount") == ["10", "20", "30", "40", "50"]
    assert len(options_of("spy-master", "platforms")) == 7
    assert options_of("spy-master", "mediaType") == ["ALL", "VIDEO", "IMAGE", "MEME", "NONE"]
    assert options_of("meta-copy", "copyLength") == ["short", "medium", "long"]
    assert options_of("meta-ads-full", "length", step="copy") == ["Short", "Medium", "Long"]
    assert options_of("meta-ads-full", "type", step="scrape") == [
        "Product",
        "Service",
        "Multiple Products",
        "Brand",
    ]
    assert options_of("social-media-copy", "copyLength") == ["Short", "Middle", "Long"]
    assert options_of("social-media-copy", "platform") == ["Facebook", "Instagram", "TikTok", "LinkedIn"]
    assert options_of("social-media-creative", "format") == ["1024x1024", "1024x1536", "1536x1024"]
    assert options_of("social-media-creative", "headlineOptions") == ["AI Generated", "No Headline", "Custom"]
    assert options_of("social-media-creative", "subHeadlineOptions") == [
        "AI Generated",
        "No Sub-Headline",
        "Custom",
    ]
    assert len(options_of("meta-creative", "visualComposition")) == 5
    assert len(options_of("meta-creative", "creativeType")) == 6


def test_copy_structures_are_shown_with_their_expansions():
    labels = [o.label for o in schema("meta-copy").field("copyStructure").options]
    assert labels == [
        "AIDA (Attention, Interest, Desire, Action)",
        "PAS (Problem, Agitate, Solution)",
        "FAB (Features, Advantages, Benefits)",
        "PPPP (Picture, Promise, Prove, Push)",
        "Generic",
    ]


def test_scrape_types_are_radio_cards_with_descriptions():
    field = schema("meta-ads-full").steps["scrape"].field("type")
    assert field.type == "radio"
    assert all(o.description for o in field.options)


@pytest.mark.parametrize("spelling", ["Technolgy&Gaming", "Technology&Gaming", "Technology & Gaming"])
def test_technology_and_gaming_is_stored_in_one_spelling(spelling):
    cleaned, errors = schema("meta-copy").validate({**META_COPY_VALID, "niche": spelling})
    assert errors == {}
    assert cleaned["niche"] == "Technology & Gaming"


def test_a_niche_written_with_spaced_ampersand_is_normalised():
    cleaned, _ = schema("meta-copy").validate({**META_COPY_VALID, "niche": "Body & Health"})
    assert cleaned["niche"] == "Body&Health"


def test_a_value_outside_the_list_is_refused():
    assert errors_for("meta-copy", {**META_COPY_VALID, "niche": "Weapons"}) == {
        "niche": ["Please select a niche"]
    }
    assert errors_for("meta-copy", {**META_COPY_VALID, "language": "Klingon"}) == {
        "language": ["Please select a language"]
    }
    assert errors_for("spy-master", {**SPY_VALID, "adsAmount": "15"}) == {
        "adsAmount": ["Please select a number of ads"]
    }
    assert errors_for("spy-master", {**SPY_VALID, "platforms": ["FACEBOOK", "INSTAGRAM"]}) == {
        "platforms": ["Please select a platform"]
    }


# --- documented messages ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("brand", "G", "Brand name must be at least 2 characters"),
        ("brand", "G" * 251, "Brand name must not exceed 250 characters"),
        ("productService", "x", "Product/service must be at least 2 characters"),
        ("targetAudience", "x", "Target audience must be at least 2 characters"),
        ("productDescription", "too short", "Product description must be at least 10 characters"),
        ("productBenefits", "short", "Product benefits must be at least 10 characters"),
        ("offer", "x" * 251, "Offer must not exceed 250 characters"),
        ("mustInclude", "x" * 251, "Must include must not exceed 250 characters"),
        ("mustAvoid", "x" * 251, "Must avoid must not exceed 250 characters"),
        ("versions", 6, "Versions must be a whole number from 1 to 5"),
        ("versions", 0, "Versions must be a whole number from 1 to 5"),
        ("versions", "three", "Versions must be a whole number from 1 to 5"),
        ("copyStructure", "XYZ", "Please select a copy structure"),
    ],
)
def test_meta_copy_messages(name, value, message):
    assert errors_for("meta-copy", {**META_COPY_VALID, name: value}) == {name: [message]}


def test_meta_copy_counts_characters_after_trimming():
    assert errors_for("meta-copy", {**META_COPY_VALID, "brand": "  G  "}) == {
        "brand": ["Brand name must be at least 2 characters"]
    }
    cleaned, _ = schema("meta-copy").validate({**META_COPY_VALID, "brand": "  Glow  "})
    assert cleaned["brand"] == "Glow"


def test_versions_given_as_text_are_cleaned_to_a_number():
    cleaned, errors = schema("meta-copy").validate({**META_COPY_VALID, "versions": "5"})
    assert errors == {}
    assert cleaned["versions"] == 5


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("niche", "", "Please select a niche"),
        ("productName", "G", "Product name must be at least 2 characters"),
        ("productDescription", "short", "Product description must be at least 10 characters"),
        ("productBenefits", "abc", "Product benefits must be at least 5 characters"),
        ("audience", "x" * 251, "Audience must not exceed 250 characters"),
        ("logoUrl", "not a url", "Please enter a valid URL"),
        ("productImageUrl", "javascript:alert(1)", "Please enter a valid URL"),
        ("primaryColor", "", "Primary color is required"),
        ("secondaryColor", "", "Secondary color is required"),
        ("primaryColor", "#12345G", "Primary color must be a hex code (#RRGGBB) or a colour name"),
        ("visualTheme", "fun", "Visual theme must be at least 5 characters"),
        ("visualComposition", "Messy", "Please select a visual composition"),
        ("creativeType", "Meme", "Please select a creative type"),
    ],
)
def test_meta_creative_messages(name, value, message):
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, name: value}) == {name: [message]}


@pytest.mark.parametrize(
    "value", ["#59F7FF", "#fff", "navy", "light blue", "Sky-Blue", "REBECCAPURPLE", "dark slate grey"]
)
def test_colour_fields_accept_a_hex_code_or_a_colour_name(value):
    cleaned, errors = schema("meta-creative").validate({**META_CREATIVE_VALID, "primaryColor": value})
    assert errors == {}
    assert cleaned["primaryColor"] == value


@pytest.mark.parametrize(
    "value", ["notacolour", "bluish", "light", "transparent", "currentcolor", "Canvas", "#ff00ff80"]
)
def test_colour_fields_refuse_words_that_are_not_colour_names(value):
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "primaryColor": value}) == {
        "primaryColor": ["Primary color must be a hex code (#RRGGBB) or a colour name"]
    }
    assert errors_for("social-media-creative", {**SOCIAL_CREATIVE_VALID, "headlineColor": value}) == {
        "headlineColor": ["Headline color must be a hex code (#RRGGBB) or a colour name"]
    }


def test_an_image_field_accepts_an_upload_path_or_a_pasted_url():
    for value in [
        "/files/logos/1/logo.png",
        "/files/products/1/p.png",
        "/files/user-uploads/1/u.png",
        "https://cdn.example.com/logo.png",
        "",
    ]:
        assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": value}) == {}
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": "//evil.example/x.png"}) == {
        "logoUrl": ["Please enter a valid URL"]
    }


@pytest.mark.parametrize(
    "path",
    [
        "/etc/passwd",
        "/dashboard",
        "/files/logos/1",
        "/files/secrets/1/logo.png",
        "/files/logos/alice/logo.png",
        "/files/logos/1/.htaccess",
        "/files/generation-history/1/meta_creative_1.png",
    ],
)
def test_an_image_field_refuses_any_other_site_path(path):
    # Whether an upload path names the user's own stored file is start_generation's check.
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": path}) == {
        "logoUrl": ["Please enter a valid URL"]
    }


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:99999/",
        "https://example.com:65536/shop",
        "https://example.com:http/",
        "http://[::1/",
        "https://user:secret@example.com/",
        "https://@example.com/",
    ],
)
def test_a_url_no_request_can_be_made_to_gets_the_fields_message(url):
    # The scrape would fail in the job (and count against the hour's scrapes) — refused up front.
    assert errors_for("meta-ads-full", {**FULL_VALID["scrape"], "websiteUrl": url}) == {
        "websiteUrl": ["Please enter a valid URL"]
    }
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": url}) == {
        "logoUrl": ["Please enter a valid URL"]
    }


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/admin/",
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/",
        "http://2130706433/",  # 127.0.0.1 in one number
        "http://0x7f.1/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://localhost:8000/",
        "http://shop.localhost/",
    ],
)
def test_an_address_no_fetch_may_reach_is_refused_when_submitted(url):
    """Refused up front, so it costs nothing and does not count against the hour's scrapes."""
    message = ["This address is not allowed."]
    assert errors_for("meta-ads-full", {**FULL_VALID["scrape"], "websiteUrl": url}) == {"websiteUrl": message}
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": url}) == {"logoUrl": message}


@pytest.mark.parametrize(
    "url",
    ["https://example.com:65535/shop", "http://[2606:4700:4700::1111]:8080/", "https://münchen.example/"],
)
def test_urls_with_a_port_in_range_or_an_international_name_are_valid(url):
    assert errors_for("meta-ads-full", {**FULL_VALID["scrape"], "websiteUrl": url}) == {}


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("rosasbakery.co.uk", "https://rosasbakery.co.uk"),
        ("  www.rosasbakery.co.uk/menu?day=sat  ", "https://www.rosasbakery.co.uk/menu?day=sat"),
        ("shop.example.com:8443/#top", "https://shop.example.com:8443/#top"),
        ("münchen.example", "https://münchen.example"),
        ("8.8.8.8/status", "https://8.8.8.8/status"),
    ],
)
def test_a_website_typed_without_its_scheme_is_read_and_stored_as_https(typed, stored):
    # As the profile's website field reads it: what a small business owner naturally types.
    cleaned, errors = schema("meta-ads-full").validate({**FULL_VALID["scrape"], "websiteUrl": typed})
    assert errors == {}
    assert cleaned["websiteUrl"] == stored


def test_a_pasted_image_url_without_its_scheme_is_read_and_stored_as_https():
    cleaned, errors = schema("meta-creative").validate(
        {**META_CREATIVE_VALID, "logoUrl": "cdn.example.com/logo.png"}
    )
    assert errors == {}
    assert cleaned["logoUrl"] == "https://cdn.example.com/logo.png"
    creative = {"step": "creative", "scrapeId": 7, "productImageUrl": "cdn.example.com/p.png"}
    cleaned, errors = schema("meta-ads-full").validate(creative)
    assert errors == {}
    assert cleaned["productImageUrl"] == "https://cdn.example.com/p.png"


@pytest.mark.parametrize(
    "typed",
    [
        "not a url",
        "http://",
        "https://",
        "example",
        "logo.png",  # a file name, not a site
        "rosas bakery.co.uk",
        "alex@agency.test",
        "mailto:alex@agency.test",
        "javascript:alert(1)",
        "ftp://example.com/logo.png",
        "example.com:http/",
        "example.com.",
    ],
)
def test_what_is_not_an_address_with_or_without_a_scheme_is_still_refused(typed):
    assert errors_for("meta-ads-full", {**FULL_VALID["scrape"], "websiteUrl": typed}) == {
        "websiteUrl": ["Please enter a valid URL"]
    }
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": typed}) == {
        "logoUrl": ["Please enter a valid URL"]
    }


@pytest.mark.parametrize(
    "typed", ["127.0.0.1:8000/admin/", "169.254.169.254/latest/meta-data/", "10.0.0.1", "shop.localhost"]
)
def test_a_private_address_typed_without_its_scheme_is_refused_too(typed):
    message = ["This address is not allowed."]
    assert errors_for("meta-ads-full", {**FULL_VALID["scrape"], "websiteUrl": typed}) == {
        "websiteUrl": message
    }
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": typed}) == {"logoUrl": message}


def test_meta_ads_full_scrape_messages():
    assert errors_for("meta-ads-full", {"step": "scrape"}) == {
        "type": ["Please select a type"],
        "websiteUrl": ["Please enter a valid URL"],
    }
    assert errors_for("meta-ads-full", {**FULL_VALID["scrape"], "websiteUrl": "example"}) == {
        "websiteUrl": ["Please enter a valid URL"]
    }
    assert errors_for("meta-ads-full", {**FULL_VALID["scrape"], "type": "Shop"}) == {
        "type": ["Please select a type"]
    }


@pytest.mark.parametrize(
    "scrape_id",
    [
        None,
        "",
        "abc",
        0,
        -3,
        1.5,
        True,
        [7],
        {"id": 7},
        float("inf"),
        float("-inf"),
        float("nan"),
        "9" * 5000,
    ],
)
def test_copy_and_creative_need_a_scrape(scrape_id):
    for step in ("copy", "creative"):
        assert errors_for("meta-ads-full", {**FULL_VALID[step], "scrapeId": scrape_id}) == {
            "scrapeId": ["Please scrape the website first"]
        }


def test_the_full_creative_needs_a_product_image_by_upload_or_url():
    base = {"step": "creative", "scrapeId": 7}
    assert errors_for("meta-ads-full", base) == {
        "productImage": ["Please provide a product image (upload or URL)"]
    }
    assert errors_for("meta-ads-full", {**base, "productImage": "/files/products/1/p.png"}) == {}
    assert errors_for("meta-ads-full", {**base, "productImageUrl": "https://cdn.example.com/p.png"}) == {}
    assert errors_for("meta-ads-full", {**base, "productImageUrl": "nope"}) == {
        "productImageUrl": ["Please enter a valid URL"]
    }
    assert errors_for(
        "meta-ads-full", {**base, "productImage": "/files/products/1/p.png", "logoUrl": "nope"}
    ) == {"logoUrl": ["Please enter a valid URL"]}


def test_meta_ads_full_copy_lists_and_versions():
    base = FULL_VALID["copy"]
    assert errors_for("meta-ads-full", {**base, "length": "Middle"}) == {"length": ["Please select a length"]}
    assert errors_for("meta-ads-full", {**base, "versions": 9}) == {
        "versions": ["Versions must be a whole number from 1 to 5"]
    }


@pytest.mark.parametrize("versions", [float("inf"), float("-inf"), float("nan"), 2.5, "1e400", [3]])
def test_a_number_that_is_no_whole_number_gets_the_fields_message(versions):
    assert errors_for("meta-copy", {**META_COPY_VALID, "versions": versions}) == {
        "versions": ["Versions must be a whole number from 1 to 5"]
    }


def test_an_unknown_step_is_refused():
    assert errors_for("meta-ads-full", {"step": "publish"}) == {
        "step": ["Please choose scrape, copy or creative"]
    }
    assert errors_for("meta-ads-full", {}) == {"step": ["Please choose scrape, copy or creative"]}


@pytest.mark.parametrize("step", [["scrape"], {"a": 1}, ["copy", "creative"], 1, 1.5, True, "\ud800"])
def test_a_step_that_is_no_string_gets_the_steps_message(step):
    assert errors_for("meta-ads-full", {"step": step}) == {"step": ["Please choose scrape, copy or creative"]}


@pytest.mark.parametrize("value", [["AIDA"], {"AIDA": 1}, True, 3, float("inf")])
def test_a_choice_that_is_no_string_gets_the_fields_choice_message(value):
    assert errors_for("meta-copy", {**META_COPY_VALID, "copyStructure": value}) == {
        "copyStructure": [schema("meta-copy").field("copyStructure").messages["choice"]]
    }


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("productName", "G", "Product name must be at least 2 characters"),
        ("productName", "G" * 251, "Product name must not exceed 250 characters"),
        ("productDescription", "short", "Product description must be at least 10 characters"),
        ("productDescription", "x" * 251, "Product description must not exceed 250 characters"),
        ("audience", "x" * 251, "Audience must not exceed 250 characters"),
        ("copyTheme", "fun", "Copy theme must be at least 5 characters"),
        ("copyTheme", "x" * 251, "Copy theme must not exceed 250 characters"),
        ("toneOfVoice", "x" * 251, "Tone of voice must not exceed 250 characters"),
        ("mustInclude", "x" * 251, "Must include must not exceed 250 characters"),
        ("mustAvoid", "x" * 251, "Must avoid must not exceed 250 characters"),
        ("platform", "MySpace", "Please select a platform"),
        ("copyLength", "Medium", "Please select a copy length"),
    ],
)
def test_social_media_copy_messages(name, value, message):
    assert errors_for("social-media-copy", {**SOCIAL_COPY_VALID, name: value}) == {name: [message]}


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("productImageUpload", "", "Product image is required"),
        ("format", "800x600", "Please select a format"),
        ("format", "", "Please select a format"),
        ("headlineOptions", "", "Please select a headline option"),
        ("logoImageUrl", "ftp://example.com/logo.png", "Please enter a valid URL"),
        ("productImageUrl", "not a url", "Please enter a valid URL"),
        ("colorPrimaryTheme", "x" * 251, "Color primary theme must not exceed 250 characters"),
        ("colorSecondaryTheme", "x" * 251, "Color secondary theme must not exceed 250 characters"),
        ("headlineColor", "x" * 251, "Headline color must not exceed 250 characters"),
        ("subHeadlineColor", "x" * 251, "Sub-headline color must not exceed 250 characters"),
        ("visualTheme", "x" * 251, "Visual theme must not exceed 250 characters"),
        ("visualComposition", "x" * 251, "Visual composition must not exceed 250 characters"),
        ("mustInclude", "x" * 251, "Must include must not exceed 250 characters"),
    ],
)
def test_social_media_creative_messages(name, value, message):
    assert errors_for("social-media-creative", {**SOCIAL_CREATIVE_VALID, name: value}) == {name: [message]}


def test_a_pasted_product_image_url_satisfies_the_social_creative():
    assert errors_for("social-media-creative", {"productImageUrl": "https://cdn.example.com/p.png"}) == {}


def test_custom_headlines_are_validated_only_when_custom_is_chosen():
    long = "x" * 251
    hidden = {**SOCIAL_CREATIVE_VALID, "customHeadline": long, "customSubHeadline": long}
    cleaned, errors = schema("social-media-creative").validate(hidden)
    assert errors == {}
    # Still in the request the engines get, empty (the documented request lists them).
    assert (cleaned["customHeadline"], cleaned["customSubHeadline"]) == ("", "")

    shown = {**hidden, "headlineOptions": "Custom", "subHeadlineOptions": "Custom"}
    assert errors_for("social-media-creative", shown) == {
        "customHeadline": ["Custom headline must not exceed 250 characters"],
        "customSubHeadline": ["Custom sub-headline must not exceed 250 characters"],
    }
    cleaned, errors = schema("social-media-creative").validate(
        {**shown, "customHeadline": "Summer Sale", "customSubHeadline": "Up to 50% off"}
    )
    assert errors == {}
    assert cleaned["customHeadline"] == "Summer Sale"
    assert errors_for("social-media-creative", {**SOCIAL_CREATIVE_VALID, "headlineOptions": "Custom"}) == {
        "customHeadline": ["Custom headline is required"]
    }


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("searchTerm", "", "Search term is required"),
        ("searchTerm", "   ", "Search term is required"),
        ("adsStartedBefore", "", "Date is required"),
        ("adsStartedBefore", "31/01/2025", "Please enter a valid date"),
        ("country", "XX", "Please select a country"),
        ("adType", "SPORTS ADS", "Please select an ad type"),
        ("language", "English", "Please select a language"),
        ("mediaType", "GIF", "Please select a media type"),
    ],
)
def test_spy_messages(name, value, message):
    assert errors_for("spy-master", {**SPY_VALID, name: value}) == {name: [message]}


@pytest.mark.parametrize(
    "value", ["2025-W01-1", "20250101", 20250101, "2025-1-31", "２０２５-01-31", "2025-02-30", "yesterday"]
)
def test_the_spy_date_must_be_a_real_day_written_yyyy_mm_dd(value):
    assert errors_for("spy-master", {**SPY_VALID, "adsStartedBefore": value}) == {
        "adsStartedBefore": ["Please enter a valid date"]
    }


@pytest.mark.parametrize(
    "value",
    ["0001-01-01", "1999-12-31", (timezone.localdate() + timedelta(days=367)).isoformat(), "9999-12-31"],
)
def test_a_real_day_outside_2000_to_a_year_ahead_is_told_the_range(value):
    latest = timezone.localdate() + timedelta(days=366)
    assert errors_for("spy-master", {**SPY_VALID, "adsStartedBefore": value}) == {
        "adsStartedBefore": [f"Please choose a date from 1 January 2000 to {latest.day} {latest:%B %Y}"]
    }


def test_the_date_field_sends_its_range_as_the_inputs_min_and_max():
    props = schema("spy-master").field("adsStartedBefore").as_props()
    latest = timezone.localdate() + timedelta(days=366)
    assert props["min"] == "2000-01-01"
    assert props["max"] == latest.isoformat()
    assert props["messages"] == {
        "required": "Date is required",
        "invalid": "Please enter a valid date",
        "range": f"Please choose a date from 1 January 2000 to {latest.day} {latest:%B %Y}",
    }


@freeze_time("2026-06-01 12:00:00")  # 01:00 on 1 June in one zone, 02:00 on 2 June in the other
def test_the_date_range_is_read_when_the_props_are_made_not_once(settings):
    # The same instant is a day apart in these two zones (25 hours apart: at some hours of the
    # day, two): a maximum fixed at import would not move.
    field = schema("spy-master").field("adsStartedBefore")
    settings.TIME_ZONE = "Pacific/Pago_Pago"  # UTC-11
    west = date.fromisoformat(field.as_props()["max"])
    settings.TIME_ZONE = "Pacific/Kiritimati"  # UTC+14
    east = date.fromisoformat(field.as_props()["max"])
    assert east - west == timedelta(days=1)


@pytest.mark.parametrize(
    "value", ["2000-01-01", "2025-01-31", (timezone.localdate() + timedelta(days=366)).isoformat()]
)
def test_the_spy_date_range_includes_its_ends(value):
    assert errors_for("spy-master", {**SPY_VALID, "adsStartedBefore": value}) == {}


def test_unknown_inputs_are_dropped_and_non_dict_input_is_refused_cleanly():
    cleaned, errors = schema("spy-master").validate({**SPY_VALID, "isAdmin": True})
    assert errors == {}
    assert "isAdmin" not in cleaned
    _, errors = schema("spy-master").validate(["not", "a", "dict"])
    assert set(errors) == {"searchTerm", "adsStartedBefore"}


def test_a_text_field_given_an_object_is_refused():
    assert errors_for("spy-master", {**SPY_VALID, "searchTerm": {"$ne": ""}}) == {
        "searchTerm": ["Search term is required"]
    }


# --- props -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", list(TOOLS))
def test_every_tool_gives_the_islands_json_props(slug):
    tool = TOOLS[slug]
    props = json.loads(json.dumps(tool.as_props()))
    assert props["slug"] == slug
    assert props["cost"] == tool.cost
    schemas = [step["schema"] for step in props["steps"].values()] if "steps" in props else [props["schema"]]
    for schema_props in schemas:
        for section in schema_props["sections"]:
            assert section["title"]
            for field in section["fields"]:
                assert {"name", "label", "type", "required", "messages", "default"} <= set(field)
                if field["required"]:
                    assert field["messages"]["required"]


def test_meta_copy_props_carry_sections_labels_and_overlay():
    props = TOOLS["meta-copy"].as_props()
    assert [s["title"] for s in props["schema"]["sections"]] == [
        "Basic Information",
        "Copy Settings",
        "Additional Instructions",
    ]
    brand = props["schema"]["sections"][0]["fields"][1]
    assert brand == {
        "name": "brand",
        "label": "Brand Name",
        "type": "text",
        "required": True,
        "minLength": 2,
        "maxLength": 250,
        "default": "",
        "placeholder": "e.g. Glow Naturals",
        "help": "",
        "counter": True,
        "messages": {
            "maxLength": "Brand name must not exceed 250 characters",
            "minLength": "Brand name must be at least 2 characters",
            "required": "Brand name must be at least 2 characters",
        },
    }
    assert props["submitLabel"] == "Generate Meta Copy"
    assert [step["seconds"] for step in props["overlay"]["steps"]] == [3, 15, 45, 15]


def test_section_titles_follow_the_screens():
    def titles(slug):
        return [s.title for s in schema(slug).sections]

    assert titles("meta-creative") == [
        "Basic Information",
        "Product Details",
        "Brand Assets",
        "Creative Settings",
        "Content Guidelines",
    ]
    assert titles("social-media-copy") == [
        "Basic Information",
        "Product Details",
        "Content Settings",
        "Content Guidelines",
    ]
    assert titles("social-media-creative") == [
        "Basic Information",
        "Media Assets",
        "Creative Settings",
        "Design & Colors",
        "Visual Customization",
        "Content Guidelines",
    ]
    assert titles("spy-master") == ["Search Configuration", "Analysis Settings"]


def test_social_creative_props_show_custom_headlines_only_for_custom():
    fields = {
        f["name"]: f
        for section in TOOLS["social-media-creative"].as_props()["schema"]["sections"]
        for f in section["fields"]
    }
    assert fields["customHeadline"]["showIf"] == {"field": "headlineOptions", "equals": "Custom"}
    assert fields["customSubHeadline"]["showIf"] == {"field": "subHeadlineOptions", "equals": "Custom"}
    assert fields["productImageUpload"]["upload"] == {"bucket": "products", "urlField": "productImageUrl"}
    assert fields["productImageUrl"]["pairedWith"] == "productImageUpload"
    assert fields["colorPrimaryTheme"]["pickerDefault"] == "#EC4899"
    assert fields["headlineColor"]["pickerDefault"] == "#666666"


def test_an_emptied_colour_field_opens_its_picker_at_the_documented_default():
    fields = {
        f["name"]: f
        for section in TOOLS["meta-creative"].as_props()["schema"]["sections"]
        for f in section["fields"]
    }
    assert (fields["primaryColor"]["pickerDefault"], fields["secondaryColor"]["pickerDefault"]) == (
        "#59F7FF",
        "#FF6B9D",
    )


def test_meta_ads_full_props_price_each_step():
    props = TOOLS["meta-ads-full"].as_props()
    assert isinstance(TOOLS["meta-ads-full"].schema, StepSchemas)
    assert {name: step["cost"] for name, step in props["steps"].items()} == {
        "scrape": 0,
        "copy": 50,
        "creative": 50,
    }
    assert props["steps"]["scrape"]["submitLabel"] == "Scrape Site"
    assert props["steps"]["creative"]["submitLabel"] == "Generate Meta Creative"
    assert TOOLS["meta-ads-full"].cost_for("scrape") == 0
    assert TOOLS["meta-ads-full"].cost_for("copy") == 50
    assert TOOLS["spy-master"].cost_for() == 50


def test_the_spy_overlay_uses_the_documented_messages():
    overlay = TOOLS["spy-master"].as_props()["overlay"]
    assert overlay["title"] == "Analyzing Competitor Strategy"
    assert overlay["hint"] == "This analysis may take up to 5 minutes..."
    assert [(s["message"], s["seconds"]) for s in overlay["steps"]] == [
        ("Initializing spy analysis...", 5),
        ("Searching competitor ads database...", 60),
        ("Analyzing ad performance data...", 120),
        ("Extracting strategic insights...", 90),
        ("Finalizing competitor intelligence...", 25),
    ]
    assert TOOLS["spy-master"].busy_label == "Analyzing..."
    assert TOOLS["meta-creative"].busy_label == "Generating Creative..."


def test_the_users_own_file_url_on_a_local_install_is_not_refused_as_a_private_address():
    """It is read from storage, not fetched (the owner check comes when the run starts)."""
    url = "http://127.0.0.1:8000/files/products/1/ab12.png"
    assert errors_for("meta-creative", {**META_CREATIVE_VALID, "logoUrl": url}) == {}
