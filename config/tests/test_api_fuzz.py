"""Fuzzing the JSON API: schemathesis generates requests from the project's OpenAPI schema
(drf-spectacular) and sends them to the app in-process (WSGI), signed in as alice with a CSRF
token — whatever it sends, the answer is never a 5xx.

The schema is generated here, inside the test, and is not served anywhere: the islands get their
URLs from the pages, and an API map is of no use to anyone else.
"""

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from schemathesis.generation import GenerationMode

from credits.actions import grant_credits
from history.tests.creatives import make_creative

# Request handling, not the database: the SQLite pass of .ci/test-suite.sh leaves these out.
pytestmark = pytest.mark.fuzz

# Any 32 letters make a valid CSRF secret; the same value goes in the cookie and the header.
CSRF_TOKEN = "fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz"
EXAMPLES = 15  # per operation and mode: ~10 operations × 2 modes stays well under a minute


@pytest.fixture
def api_schema(db, alice, settings):
    # Requests only record their task (no engine runs), and alice can afford every valid request
    # and start as many as the fuzzer likes: the point is to reach deep into each view.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    settings.GENERATION_MAX_ACTIVE_PER_USER = 10_000
    settings.GENERATIONS_PER_HOUR = 10_000
    settings.UPLOADS_PER_HOUR = 10_000
    grant_credits(user=alice, amount=1_000_000, reason="Fuzzing", idempotency_key="fuzz-grant")

    # Django closes "old" connections at the end of each request; inside this test's transaction
    # that would close the test's own connection (the test client disconnects it the same way).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    schema = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
    schema.app = WSGIHandler()
    yield schema
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def alice_cookies(alice) -> dict[str, str]:
    client = Client()
    client.force_login(alice)
    return {"sessionid": client.cookies["sessionid"].value, "csrftoken": CSRF_TOKEN}


def server_errors(operation, mode: GenerationMode, cookies: dict[str, str], ids: dict) -> list[str]:
    """Requests for one operation that got a 5xx (empty when there were none)."""
    errors = []
    # Valid requests name alice's own creative, so they get past the lookup into the view's
    # validation; invalid ones send whatever ids the fuzzer makes up.
    pinned = {
        name: ids[name]
        for name in ("id",)
        if mode == GenerationMode.POSITIVE and has_path_parameter(operation, name)
    }

    @given(case=operation.as_strategy(generation_mode=mode, path_parameters=pinned or None))
    @fuzz_settings(
        max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    def send(case):
        response = case.call(headers={"X-CSRFToken": CSRF_TOKEN}, cookies=cookies)
        if response.status_code >= 500:
            errors.append(
                f"{case.method} {case.formatted_path} → {response.status_code}: {case.as_curl_command()}"
            )

    send()
    return errors


def has_path_parameter(operation, name: str) -> bool:
    return f"{{{name}}}" in operation.path


@pytest.mark.django_db
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["valid", "invalid"])
def test_no_api_request_gets_a_server_error(mode, api_schema, alice_cookies, alice):
    ids = {"id": make_creative(alice).pk}
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 9, "the schema lost operations"
    errors = [
        error for operation in operations for error in server_errors(operation, mode, alice_cookies, ids)
    ]
    assert errors == []
