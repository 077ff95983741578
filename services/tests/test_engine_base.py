"""services/engines/base.py: which engine runs a tool."""

from django.conf import settings

from services.engines.base import engine_setting_name
from services.registry import TOOLS


def test_each_tool_has_its_engine_override_setting():
    # config/settings.py lists the overrides by hand; a tool added to the registry without one
    # could not be moved to another engine.
    assert engine_setting_name(TOOLS["meta-ads-full"]) == "GENERATION_ENGINE_META_ADS_FULL"
    for tool in TOOLS.values():
        assert hasattr(settings, engine_setting_name(tool)), tool.slug
