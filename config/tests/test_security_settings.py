"""Production settings and the security headers every response carries."""

import importlib
import os
import secrets
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.urls import clear_url_caches, reverse

from config.pytest_plugin import PASSWORD

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
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_check_deploy_with_no_warnings(tmp_path):
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", env=production_env(DATA_DIR=str(tmp_path))
    )
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


def test_what_depends_on_the_signed_in_user_is_never_kept_by_shared_caches(alice_client, client, alice):
    for path in ("/dashboard", "/profile", "/api/credits/", "/api/history/", "/"):
        response = alice_client.get(path)
        assert response.status_code == 200, path
        assert "private" in response["Cache-Control"], path
    assert "private" in client.get("/api/credits/")["Cache-Control"]  # the refusal, too
    assert not client.get("/healthz").has_header("Cache-Control")  # the same for everyone


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
    assert client.get("/healthz").status_code == 200  # a load balancer's plain-HTTP probe
    response = client.get("/signin", secure=True)
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")
    cookie = response.cookies.get("csrftoken")
    assert cookie is not None and cookie["secure"]


# --- the admin ------------------------------------------------------------------------------------


@contextmanager
def admin_at(prefix: str):
    """The URLconf rebuilt with ADMIN_URL set to `prefix` (urls.py reads it at import)."""
    import config.urls

    try:
        with override_settings(ADMIN_URL=prefix):
            importlib.reload(config.urls)
            clear_url_caches()
            yield
    finally:
        importlib.reload(config.urls)
        clear_url_caches()


@pytest.mark.django_db
def test_the_admin_lives_under_the_admin_url_setting(staff):
    client = Client()
    client.force_login(staff)
    with admin_at("back-office-7f3a/"):
        assert reverse("admin:index") == "/back-office-7f3a/"
        assert client.get("/back-office-7f3a/").status_code == 200
        assert client.get("/admin/").status_code == 404


def admin_sign_in(client: Client, email: str, password: str):
    return client.post(
        reverse("admin:login"), {"username": email, "password": password, "next": reverse("admin:index")}
    )


@pytest.mark.django_db
def test_the_admin_sign_in_works_for_staff(staff):
    client = Client()
    response = admin_sign_in(client, staff.email, PASSWORD)
    assert response.status_code == 302 and response["Location"] == reverse("admin:index")
    assert client.get(reverse("admin:index")).status_code == 200


@pytest.mark.django_db
def test_the_admin_carries_the_product_name(staff, settings):
    client = Client()
    client.force_login(staff)
    page = client.get(reverse("admin:index")).content.decode()
    assert (
        f"{settings.PRODUCT_NAME} administration" in page
        and f"| {settings.PRODUCT_NAME} staff</title>" in page
    )
    assert "Django administration" not in page and "Django site admin" not in page


@pytest.mark.django_db
def test_the_admin_sign_in_stops_after_repeated_failures_even_with_the_right_password(staff):
    client = Client()
    for _ in range(5):  # ACCOUNT_RATE_LIMITS["login_failed"]: 5 per 5 minutes per address
        response = admin_sign_in(client, staff.email, "wrong-password")
        assert response.status_code == 200 and "Please enter the correct" in response.content.decode()
    response = admin_sign_in(client, staff.email, PASSWORD)
    assert response.status_code == 200
    assert "Too many failed login attempts" in response.content.decode()
    assert client.get(reverse("admin:index")).status_code == 302  # still signed out


@pytest.mark.django_db
def test_failures_on_the_sign_in_page_count_against_the_admin_sign_in_too(staff):
    client = Client()
    for _ in range(5):
        client.post(reverse("accounts:signin"), {"email": staff.email, "password": "wrong-password"})
    response = admin_sign_in(Client(), staff.email, PASSWORD)
    assert "Too many failed login attempts" in response.content.decode()


def test_the_admin_url_setting_takes_a_path_written_with_or_without_slashes(tmp_path):
    show = ("shell", "-c", "from django.conf import settings; print(settings.ADMIN_URL)")
    written = manage(*show, env=production_env(DATA_DIR=str(tmp_path), ADMIN_URL="/staff-area"))
    assert written.stdout.splitlines()[-1] == "staff-area/", written.stderr
    refused = manage("check", env=production_env(DATA_DIR=str(tmp_path), ADMIN_URL="/"))
    assert refused.returncode != 0
    assert "ADMIN_URL must name a path" in refused.stderr


def test_a_request_for_another_host_is_logged_in_one_line_without_a_traceback(client, caplog):
    response = client.get("/", HTTP_HOST="unknown.example")
    assert response.status_code == 400
    [record] = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert "unknown.example" in record.getMessage()
    assert record.exc_info is None


def test_debug_logging_does_not_print_outbound_urls_which_may_carry_tokens(tmp_path):
    show = (
        "shell",
        "-c",
        "import logging; print(logging.getLevelName(logging.getLogger('urllib3.connectionpool').getEffectiveLevel()))",
    )
    result = manage(*show, env=production_env(DATA_DIR=str(tmp_path), LOG_LEVEL="DEBUG"))
    assert result.stdout.splitlines()[-1] == "INFO", result.stderr
