"""The registry is the one place that says what each tool (and step) runs, stores and says."""

from dataclasses import replace

import pytest
from django.urls import reverse, set_script_prefix
from django.utils.module_loading import import_string

from services.engines.base import ENGINES, EngineError, run_operation
from services.engines.demo import DemoEngine
from services.registry import TOOLS, UnknownStep, fallback_error_for, timeout_error_for


def test_each_tool_and_step_names_its_documented_operation():
    operations = {
        (slug, step): tool.operation_for(step)
        for slug, tool in TOOLS.items()
        for step in (tool.steps or [""])
    }
    assert operations == {
        ("meta-copy", ""): "meta_copy",
        ("meta-creative", ""): "meta_creative",
        ("meta-ads-full", "scrape"): "scrape",
        ("meta-ads-full", "copy"): "meta_copy_full",
        ("meta-ads-full", "creative"): "meta_creative_full",
        ("social-media-copy", ""): "social_media_copy",
        ("social-media-creative", ""): "social_media_creative",
        ("spy-master", ""): "spy",
    }


@pytest.mark.parametrize("engine_path", sorted(ENGINES.values()))
def test_every_engine_has_a_method_for_every_operation_the_registry_names(engine_path):
    engine = import_string(engine_path)
    for tool in TOOLS.values():
        for step in tool.steps or [""]:
            assert callable(getattr(engine, tool.operation_for(step), None)), (engine_path, tool.slug, step)


def test_a_single_step_tool_ignores_the_step_as_its_price_does():
    assert TOOLS["meta-copy"].operation_for("copy") == "meta_copy"


def test_an_unknown_step_of_a_multi_step_tool_is_a_clear_error():
    with pytest.raises(UnknownStep, match="meta-ads-full has no step 'publish'"):
        TOOLS["meta-ads-full"].operation_for("publish")
    with pytest.raises(UnknownStep, match="meta-ads-full has no step 'publish'"):
        TOOLS["meta-ads-full"].cost_for("publish")


def test_an_engine_asked_for_an_unknown_step_fails_with_an_engine_error():
    with pytest.raises(EngineError, match="The demo engine has no call for meta-ads-full publish"):
        run_operation(DemoEngine(), tool=TOOLS["meta-ads-full"], step="publish", inputs={}, assets=None)


@pytest.mark.parametrize(
    "change",
    [{"operation": ""}, {"steps": TOOLS["meta-ads-full"].steps}],
    ids=["neither", "both"],
)
def test_a_tool_must_name_an_operation_or_steps_but_not_both(change):
    with pytest.raises(ValueError, match="needs an operation, or steps"):
        replace(TOOLS["meta-copy"], **change)


def test_each_tool_and_step_says_whether_its_run_makes_an_image():
    results = {
        (slug, step): tool.result_for(step) for slug, tool in TOOLS.items() for step in (tool.steps or [""])
    }
    assert results == {
        ("meta-copy", ""): "text",
        ("meta-creative", ""): "image",
        ("meta-ads-full", "scrape"): "text",
        ("meta-ads-full", "copy"): "text",
        ("meta-ads-full", "creative"): "image",
        ("social-media-copy", ""): "text",
        ("social-media-creative", ""): "image",
        ("spy-master", ""): "text",
    }


def test_each_tool_and_step_fails_with_its_documented_fallback_card_text():
    texts = {
        (slug, step): fallback_error_for(slug, step)
        for slug, tool in TOOLS.items()
        for step in (tool.steps or [""])
    }
    assert texts == {
        ("meta-copy", ""): "An error occurred while generating your META copy. Please try again.",
        ("meta-creative", ""): "An error occurred while generating your Meta creative. Please try again.",
        ("meta-ads-full", "scrape"): "An error occurred while scraping the website. Please try again.",
        ("meta-ads-full", "copy"): "An error occurred while generating your META copy. Please try again.",
        (
            "meta-ads-full",
            "creative",
        ): "An error occurred while generating your META creative. Please try again.",
        (
            "social-media-copy",
            "",
        ): "An error occurred while generating your social media copy. Please try again.",
        (
            "social-media-creative",
            "",
        ): "An error occurred while generating your social media content. Please try again.",
        ("spy-master", ""): "An error occurred while running the spy analysis. Please try again.",
    }


def test_spy_times_out_with_its_documented_text_and_the_others_with_their_fallback_text():
    assert timeout_error_for("spy-master") == (
        "Analysis timed out after 10 minutes. The server may be taking too long or there might be a "
        "network issue. Please try again."
    )
    assert timeout_error_for("meta-ads-full", "creative") == fallback_error_for("meta-ads-full", "creative")
    assert timeout_error_for("meta-copy") == fallback_error_for("meta-copy")


@pytest.mark.parametrize(
    ("slug", "step"), [("no-such-tool", ""), ("meta-ads-full", "publish"), ("meta-ads-full", "")]
)
def test_a_generation_of_a_tool_or_step_no_longer_registered_fails_with_the_generic_text(slug, step):
    assert fallback_error_for(slug, step) == "An error occurred. Please try again."
    assert timeout_error_for(slug, step) == "An error occurred. Please try again."


def test_the_islands_get_each_tools_outcome_texts_in_their_props():
    assert TOOLS["spy-master"].as_props()["texts"] == {
        "success": "Spy analysis complete!",
        "failureTitle": "Analysis Failed",
        "failureToast": "",
        "fallback": "An error occurred while running the spy analysis. Please try again.",
        "networkPrefix": False,
    }
    assert TOOLS["meta-ads-full"].as_props()["steps"]["creative"]["texts"] == {
        "success": "Meta Creative generated successfully!",
        "failureTitle": "Creative Generation Failed",
        "failureToast": "Failed to generate Meta Creative. Please try again.",
        "fallback": "An error occurred while generating your META creative. Please try again.",
        "networkPrefix": False,
    }


@pytest.mark.parametrize("slug", list(TOOLS))
def test_a_tools_path_is_its_page_route(slug):
    assert TOOLS[slug].path == reverse("services:tool", args=[slug]) == f"/services/{slug}"


def test_a_tools_path_follows_the_script_prefix_the_site_is_served_under():
    set_script_prefix("/adsmith/")
    try:
        assert TOOLS["spy-master"].path == "/adsmith/services/spy-master"
    finally:
        set_script_prefix("/")
    assert TOOLS["spy-master"].path == "/services/spy-master"


def test_a_tool_needs_its_outcome_texts():
    with pytest.raises(ValueError, match="needs its outcome texts"):
        replace(TOOLS["meta-copy"], outcome=None)


def test_a_misspelt_result_kind_is_refused():
    with pytest.raises(ValueError, match="result must be 'text' or 'image', not 'png'"):
        replace(TOOLS["meta-creative"], result="png")
    with pytest.raises(ValueError, match="result must be 'text' or 'image', not 'png'"):
        replace(TOOLS["meta-ads-full"].steps["creative"], result="png")
