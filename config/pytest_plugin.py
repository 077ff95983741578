"""Project-wide pytest fixtures and hooks (loaded with `-p config.pytest_plugin`).

- Personas: `alice`, `bob` (ordinary users), `staff` — and `alice_client`, `bob_client`.
- Browser tests: any test using a Playwright fixture (`page`, `browser`, … — directly or through
  another fixture) is marked `browser`; Chromium is Debian's, launched with the flags this closed
  network needs.
- `postgres` tests are skipped on SQLite.
- `screenshot`: browser tests' screenshots into test-artifacts/, only with ADSMITH_SCREENSHOTS=1.
"""

import os
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PASSWORD = "Sup3rSecret!"


# pytest-playwright's fixtures that start Playwright or a browser. `item.fixturenames` is the
# whole closure, so a test reaches this set through `signed_in_page` or a fixture of its own too;
# `playwright` is under all of them (even `browser_context_args`).
PLAYWRIGHT_FIXTURES = frozenset(
    {
        "playwright",
        "browser_type",
        "launch_browser",
        "browser",
        "browser_context_args",
        "new_context",
        "context",
        "page",
    }
)


def drives_a_browser(item) -> bool:
    return not PLAYWRIGHT_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_collection_modifyitems(config, items):
    for item in items:
        if drives_a_browser(item):
            item.add_marker(pytest.mark.browser)


def pytest_runtest_setup(item):
    if item.get_closest_marker("postgres") and not os.environ.get("DATABASE_URL"):
        pytest.skip("needs PostgreSQL (DATABASE_URL)")


def pytest_configure(config):
    # Registered now, after pytest-playwright, so its browser fixtures override the plugin's.
    config.pluginmanager.import_plugin("config.pytest_browser")


@pytest.fixture(autouse=True)
def _render_caches_start_empty():
    from config.render_cache import RenderCache

    RenderCache.clear_all()


@pytest.fixture
def make_user(db):
    from django.contrib.auth import get_user_model

    def make(email, *, name="", password=PASSWORD, **extra):
        return get_user_model().objects.create_user(email=email, password=password, name=name, **extra)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice@example.com", name="Alice Smith")


@pytest.fixture
def bob(make_user):
    return make_user("bob@example.com", name="Bob Jones")


@pytest.fixture
def staff(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser(
        email="staff@example.com", password=PASSWORD, name="Sam Staff"
    )


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob):
    from django.test import Client

    c = Client()
    c.force_login(bob)
    return c


def sign_in_browser(page, live_server, user) -> None:
    """Signs the Playwright page's browser in as `user`: a session from `force_login`, handed to
    the browser as its cookie. Driving the sign-in form cost every browser test seconds, and
    accounts/tests/test_auth_browser.py drives it for real."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.value, "url": live_server.url}]
    )


@pytest.fixture
def signed_in_page(page, live_server, alice):
    """A Playwright page signed in as alice (sign_in_browser), on her dashboard."""
    sign_in_browser(page, live_server, alice)
    page.goto(f"{live_server.url}/dashboard")
    assert page.url == f"{live_server.url}/dashboard", f"alice's session cookie was refused ({page.url})"
    return page


# Where browser tests leave what they showed, for a person to look at (gitignored).
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
TOGGLE_DARK = "(dark) => document.documentElement.classList.toggle('dark', dark)"


class Screenshots:
    """Saves what a browser test shows into test-artifacts/ — only when ADSMITH_SCREENSHOTS=1.
    Nothing asserts on these PNGs; writing about a hundred of them, most full-page, cost every
    run time for pictures only a person reads. A `check` at each size runs either way."""

    def __init__(self, *, enabled: bool):
        self.enabled = enabled

    @classmethod
    def from_environment(cls) -> "Screenshots":
        return cls(enabled=os.environ.get("ADSMITH_SCREENSHOTS") == "1")

    def __call__(self, target, name: str, *, full_page: bool = False) -> None:
        """test-artifacts/<name>.png of a page, or of one element (a locator)."""
        if not self.enabled:
            return
        ARTIFACTS.mkdir(exist_ok=True)
        options = {"full_page": True} if full_page else {}
        target.screenshot(path=str(ARTIFACTS / f"{name}.png"), **options)

    def png(self, name: str, data: bytes) -> None:
        """test-artifacts/<name>.png holding an image made elsewhere (an exported creative)."""
        if self.enabled:
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / f"{name}.png").write_bytes(data)

    def themes(self, page, name: str, *, target=None, full_page: bool = True) -> None:
        """<name>-light and <name>-dark of the page (or of `target`, an element), then light again."""
        if not self.enabled:
            return
        for theme in ("light", "dark"):
            page.evaluate(TOGGLE_DARK, theme == "dark")
            self(target or page, f"{name}-{theme}", full_page=full_page)
        page.evaluate(TOGGLE_DARK, False)

    def sizes(self, page, name: str, sizes, *, check=None, prepare=None, full_page: bool = True) -> None:
        """At each (width, height) of `sizes`: `check(width, height)` — assertions, run whether
        or not screenshots are on — then, when they are, `prepare()` (a reload, say) and
        <name>-<width>-light/-dark. The viewport is put back as it was."""
        if not (self.enabled or check):
            return
        viewport = page.viewport_size
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            if check:
                check(width, height)
            if self.enabled:
                if prepare:
                    prepare()
                self.themes(page, f"{name}-{width}", full_page=full_page)
        page.set_viewport_size(viewport)


@pytest.fixture(scope="session")
def screenshot():
    """`screenshot(page, name)`, `screenshot.themes(...)`, `screenshot.sizes(...)`: see Screenshots.
    An environment variable, not an option, because pytest-playwright owns `--screenshot`."""
    return Screenshots.from_environment()


S3_TEST_BUCKET = "adsmith-test"


@pytest.fixture(scope="module")
def moto_endpoint():
    """moto's S3 server over real HTTP, one per test module."""
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


@pytest.fixture
def s3(settings, moto_endpoint):
    """The default storage on an empty bucket of moto's S3 server; yields a boto3 client of it."""
    import boto3

    client = boto3.client(
        "s3",
        endpoint_url=moto_endpoint,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        region_name="us-east-1",
    )
    client.create_bucket(Bucket=S3_TEST_BUCKET)
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": S3_TEST_BUCKET,
                "endpoint_url": moto_endpoint,
                "access_key": "testing",
                "secret_key": "testing",
                "region_name": "us-east-1",
                "addressing_style": "path",
                "signature_version": "s3v4",
                "querystring_auth": True,
                "default_acl": None,
                "file_overwrite": True,
            },
        },
    }
    yield client
    for item in client.list_objects_v2(Bucket=S3_TEST_BUCKET).get("Contents", []):
        client.delete_object(Bucket=S3_TEST_BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=S3_TEST_BUCKET)
