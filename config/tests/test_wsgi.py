"""The web process refuses to start on a configuration Error (config/wsgi.py, config/health.py):
gunicorn runs no system checks, and would otherwise charge for generations no worker can run."""

import subprocess
import sys

import pytest
from django.core import checks
from django.core.exceptions import ImproperlyConfigured

from billing.checks import check_stripe_keys, check_stripe_links
from config.health import SERVING_CHECKS, refuse_to_serve_misconfigured
from config.tests.test_security_settings import BASE_DIR, production_env
from services.checks import check_generation_engines


def load_the_web_application(env) -> subprocess.CompletedProcess:
    """What gunicorn does before it serves (in its master, with the Procfile's --preload): import
    config.wsgi."""
    return subprocess.run(
        [sys.executable, "-c", "import config.wsgi"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_production_web_process_with_an_unknown_engine_refuses_to_start(tmp_path):
    result = load_the_web_application(production_env(DATA_DIR=str(tmp_path), GENERATION_ENGINE="opneai"))
    assert result.returncode != 0
    last_lines = result.stderr.strip().splitlines()[-3:]
    assert last_lines == [
        "django.core.exceptions.ImproperlyConfigured: Not serving: the configuration has errors "
        "(`manage.py check` lists them too).",
        "services.E001: GENERATION_ENGINE is 'opneai', which is not a generation engine (used by meta-copy, "
        "meta-creative, meta-ads-full, social-media-copy, social-media-creative, spy-master).",
        "    HINT: Use one of: demo, webhook, openai.",
    ], result.stderr


def test_a_production_web_process_with_a_good_configuration_starts(tmp_path):
    result = load_the_web_application(production_env(DATA_DIR=str(tmp_path), GENERATION_ENGINE="demo"))
    assert result.returncode == 0, result.stderr


def test_the_refusal_lists_every_error(settings):
    settings.GENERATION_ENGINE = "webhook"
    settings.WEBHOOK_BASE_URL = ""
    settings.STRIPE_SECRET_KEY = "sk_live_x"
    settings.STRIPE_WEBHOOK_SECRET = ""
    with pytest.raises(ImproperlyConfigured) as refused:
        refuse_to_serve_misconfigured()
    message = str(refused.value)
    assert "services.E003: The webhook generation engine is configured but WEBHOOK_BASE_URL" in message
    assert "billing.E002: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not" in message


def test_with_debug_on_the_problems_are_warnings_and_the_app_starts(settings):
    settings.DEBUG = True
    settings.GENERATION_ENGINE = "opneai"
    refuse_to_serve_misconfigured()


def test_a_silenced_check_does_not_stop_the_app(settings):
    settings.GENERATION_ENGINE = "opneai"
    settings.SILENCED_SYSTEM_CHECKS = ["services.E001"]
    refuse_to_serve_misconfigured()


def test_the_good_default_configuration_starts():
    refuse_to_serve_misconfigured()


def test_only_the_settings_checks_run_and_they_query_nothing(django_assert_num_queries, db):
    # The full check suite takes seconds and queries the database; these only read settings.
    tagged = {check for check in checks.registry.registry.get_checks() if SERVING_CHECKS in check.tags}
    assert tagged == {check_generation_engines, check_stripe_keys, check_stripe_links}
    with django_assert_num_queries(0):
        refuse_to_serve_misconfigured()
