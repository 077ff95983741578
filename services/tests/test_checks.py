"""services/checks.py: configuration mistakes stop the app at start-up (an Error with DEBUG off, a
Warning with it on) instead of failing each generation after charging for it."""

import pytest
from django.core import checks

from config.tests.test_security_settings import manage, production_env
from services.checks import check_generation_engines


def problems() -> list[checks.CheckMessage]:
    return check_generation_engines()


def ids() -> list[str]:
    return [message.id for message in problems()]


@pytest.fixture
def openai(settings):
    settings.GENERATION_ENGINE = "openai"
    settings.OPENAI_API_KEY = "sk-live"
    settings.META_ACCESS_TOKEN = "meta-token"
    return settings


def test_the_check_runs_with_every_check():
    assert check_generation_engines in checks.registry.registry.get_checks()


def test_the_default_configuration_has_no_problems():
    assert problems() == []


def test_an_unknown_engine_is_an_error_naming_the_setting(settings):
    settings.GENERATION_ENGINE = "opneai"
    [problem] = problems()
    assert problem.id == "services.E001"
    assert problem.level == checks.ERROR
    assert problem.msg.startswith("GENERATION_ENGINE is 'opneai', which is not a generation engine")
    assert problem.hint == "Use one of: demo, webhook, openai."


def test_with_debug_on_it_is_a_warning(settings):
    settings.DEBUG = True
    settings.GENERATION_ENGINE = "opneai"
    [problem] = problems()
    assert problem.id == "services.W001"
    assert problem.level == checks.WARNING


def test_an_unknown_per_tool_engine_names_the_override_and_the_tool(settings):
    settings.GENERATION_ENGINE_SPY_MASTER = "webhok"
    [problem] = problems()
    assert problem.msg == (
        "GENERATION_ENGINE_SPY_MASTER is 'webhok', which is not a generation engine (used by spy-master)."
    )


def test_the_openai_engine_needs_its_api_key(openai):
    openai.OPENAI_API_KEY = ""
    assert ids() == ["services.E002"]


def test_the_openai_engine_for_one_tool_needs_its_api_key_too(settings):
    settings.GENERATION_ENGINE_META_COPY = "openai"
    settings.OPENAI_API_KEY = ""
    assert ids() == ["services.E002"]


def test_the_webhook_engine_needs_its_base_url(settings):
    settings.GENERATION_ENGINE = "webhook"
    settings.WEBHOOK_BASE_URL = ""
    assert ids() == ["services.E003"]


def test_spy_on_the_openai_engine_needs_a_meta_access_token(openai):
    openai.META_ACCESS_TOKEN = ""
    [problem] = problems()
    assert problem.id == "services.E004"
    assert "META_ACCESS_TOKEN" in problem.msg


def test_spy_on_another_engine_needs_no_meta_access_token(openai):
    openai.META_ACCESS_TOKEN = ""
    openai.GENERATION_ENGINE_SPY_MASTER = "webhook"
    openai.WEBHOOK_BASE_URL = "https://automation.example.com"
    assert problems() == []


def test_a_complete_production_configuration_passes_check_deploy(tmp_path):
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env=production_env(
            DATA_DIR=str(tmp_path),
            GENERATION_ENGINE="openai",
            OPENAI_API_KEY="sk-live",
            META_ACCESS_TOKEN="meta-token",
            GENERATION_ENGINE_SOCIAL_MEDIA_COPY="webhook",
            WEBHOOK_BASE_URL="https://automation.example.com",
            STRIPE_SECRET_KEY="sk_live_x",
            STRIPE_WEBHOOK_SECRET="whsec_x",
        ),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_a_mistake_stops_a_production_start(tmp_path):
    result = manage("check", env=production_env(DATA_DIR=str(tmp_path), GENERATION_ENGINE="opneai"))
    assert result.returncode != 0
    assert "services.E001" in result.stderr


def test_an_override_that_names_no_tool_is_a_warning_naming_it(monkeypatch):
    from services.checks import check_override_names

    monkeypatch.setenv("GENERATION_ENGINE_META_COPY", "demo")  # a real one: fine
    monkeypatch.setenv("GENERATION_ENGINE_META_COPPY", "webhook")
    monkeypatch.setenv("WEBHOOK_PATH_SPY", "spy")

    warnings = check_override_names()

    assert [(w.id, w.msg) for w in warnings] == [
        (
            "services.W001",
            "GENERATION_ENGINE_META_COPPY is set but names no tool or webhook call; it is ignored.",
        ),
        ("services.W001", "WEBHOOK_PATH_SPY is set but names no tool or webhook call; it is ignored."),
    ]
    assert "GENERATION_ENGINE_META_COPY" in warnings[0].hint
    assert "WEBHOOK_PATH_SPY_AGENT" in warnings[1].hint
