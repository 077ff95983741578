"""Production settings and the security headers every response carries."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

BASE_DIR = Path(__file__).resolve().parents[2]


def production_env(**overrides):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "HTTPS", "DEBUG", "SECRET_KEY", "DATA_DIR"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="adsmith.example.com",
        EMAIL_HOST="smtp.example.com",
    )
    env.update(overrides)
    return {k: v for k, v in env.items() if v is not None}


def manage(*args, env):
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )


def test_production_settings_pass_check_deploy_with_no_warnings(tmp_path):
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env(DATA_DIR=str(tmp_path)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret_key(tmp_path):
    result = manage("check", env=production_env(SECRET_KEY=None, DATA_DIR=str(tmp_path)))
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_every_page_sends_a_strict_content_security_policy(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    script_src = next(part for part in policy.split(";") if part.strip().startswith("script-src"))
    assert "'nonce-" in script_src
    assert "unsafe-inline" not in script_src and "unsafe-eval" not in script_src
    assert "frame-ancestors 'none'" in policy
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
@override_settings(
    SECURE_SSL_REDIRECT=True,
    SECURE_HSTS_SECONDS=31536000,
    SECURE_HSTS_INCLUDE_SUBDOMAINS=True,
    SESSION_COOKIE_SECURE=True,
    CSRF_COOKIE_SECURE=True,
)
def test_https_settings_redirect_send_hsts_and_mark_cookies_secure(alice):
    client = Client()
    assert client.get("/signin").status_code == 301
    response = client.get("/signin", secure=True)
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")
    cookie = response.cookies.get("csrftoken")
    assert cookie is not None and cookie["secure"]
