"""Every tool in the registry is wired into each place outside it that must name it. A tool added
to the registry alone fails here, instead of silently (an engine override ignored, a blank island,
an empty icon, an INSERT refused by the service-type choices)."""

from pathlib import Path

import pytest
from django.conf import settings

from config.icons import FILLED_ICONS, STROKE_ICONS
from history.models import ServiceType
from services.engines.base import engine_setting_name
from services.engines.webhook import DEFAULT_PATHS
from services.registry import TOOLS

ISLANDS = Path(settings.BASE_DIR) / "frontend" / "islands"
tools = pytest.mark.parametrize("tool", TOOLS.values(), ids=list(TOOLS))


@tools
def test_the_tool_has_its_engine_override_setting(tool):
    # config/settings.py lists the tools whose GENERATION_ENGINE_<SLUG> it reads.
    assert hasattr(settings, engine_setting_name(tool))


@pytest.mark.parametrize("name", DEFAULT_PATHS)
def test_each_webhook_call_has_its_path_setting(name):
    assert hasattr(settings, f"WEBHOOK_PATH_{name}")


@tools
def test_the_tool_page_has_its_island(tool):
    # services/templates/services/tool.html mounts the island named by the slug.
    assert (ISLANDS / f"{tool.slug}.jsx").is_file()


@tools
def test_the_tool_has_its_icon(tool):
    # The sidebar and the cards ask for the slug; an unknown name draws an empty icon.
    assert tool.slug in STROKE_ICONS or tool.slug in FILLED_ICONS


@tools
def test_the_tool_service_type_is_a_history_choice_with_its_card_title(tool):
    assert ServiceType(tool.service_type).label == tool.card_title
