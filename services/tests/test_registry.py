"""The registry is the one place that says which engine operation each tool (and step) runs."""

from dataclasses import replace

import pytest
from django.utils.module_loading import import_string

from services.engines.base import ENGINES, EngineError, run_operation
from services.engines.demo import DemoEngine
from services.registry import TOOLS, UnknownStep


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
