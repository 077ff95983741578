"""DATABASE_URL → the PostgreSQL settings: prepared statements on by default, off on request,
and the URL's own options (sslmode…) kept."""

import json

import pytest

from config.tests.test_security_settings import manage, production_env

PRINT_OPTIONS = "from django.conf import settings; import json; print(json.dumps(settings.DATABASES['default']['OPTIONS']))"


def database_options(tmp_path, **env) -> dict:
    result = manage("shell", "-c", PRINT_OPTIONS, env=production_env(DATA_DIR=str(tmp_path), **env))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_postgresql_prepares_repeated_statements_and_keeps_the_urls_options(tmp_path):
    options = database_options(tmp_path, DATABASE_URL="postgres://app@db.example.com/adsmith?sslmode=require")
    assert options == {"sslmode": "require", "server_side_binding": True, "prepare_threshold": 5}


@pytest.mark.parametrize(("value", "threshold"), [("off", None), ("0", 0), ("20", 20)])
def test_the_prepare_threshold_can_be_changed_or_turned_off(tmp_path, value, threshold):
    options = database_options(
        tmp_path, DATABASE_URL="postgres://app@db.example.com/adsmith", DATABASE_PREPARE_THRESHOLD=value
    )
    assert options["prepare_threshold"] == threshold


def test_a_bad_threshold_stops_start_up_with_a_clear_error(tmp_path):
    result = manage(
        "check",
        env=production_env(
            DATA_DIR=str(tmp_path),
            DATABASE_URL="postgres://app@db.example.com/adsmith",
            DATABASE_PREPARE_THRESHOLD="sometimes",
        ),
    )
    assert result.returncode != 0
    assert "DATABASE_PREPARE_THRESHOLD must be an integer" in result.stderr
