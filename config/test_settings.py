"""Test overrides. The database comes from DATABASE_URL (PostgreSQL under `make test`)
or falls back to SQLite; everything else is made fast and hermetic here."""

import os
import tempfile

os.environ.setdefault("SECRET_KEY", "test-secret-key-not-for-production")
os.environ.setdefault("HTTPS", "0")
# One media folder per test process. pytest-xdist workers inherit the controller's environment,
# so a worker makes its own folder once (processes it starts inherit that one, as they should).
_worker = os.environ.get("PYTEST_XDIST_WORKER")
if _worker and os.environ.get("ADSMITH_TEST_DATA_OWNER") != _worker:
    os.environ["DATA_DIR"] = tempfile.mkdtemp(prefix=f"adsmith-test-{_worker}-")
    os.environ["ADSMITH_TEST_DATA_OWNER"] = _worker
os.environ.setdefault("DATA_DIR", tempfile.mkdtemp(prefix="adsmith-test-"))

from config.settings import *  # noqa: E402,F403
from config.settings import DATA_DIR, STORAGES  # noqa: E402

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
STORAGES = {
    **STORAGES,
    "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": DATA_DIR / "media"},
    },
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# live_server serves the built assets straight from STATICFILES_DIRS.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Jobs run inline unless a test starts a real db_worker (those tests override TASKS).
TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
GENERATION_ENGINE = "demo"
OUTBOUND_ALLOWED_HOSTS: list[str] = []
