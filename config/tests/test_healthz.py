"""/healthz for load balancers: ok while the database answers, a plain 503 (one warning line, no
traceback) while it does not."""

import json

from config.tests.test_security_settings import manage, production_env

PROBE = (
    "from django.test import Client; import json; "
    "r = Client().get('/healthz', HTTP_HOST='adsmith.example.com', secure=True); "
    "print(json.dumps([r.status_code, r.content.decode(), r['Content-Type']]))"
)


def test_it_says_ok_while_the_database_answers(client, db):
    response = client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")


def test_an_unreachable_database_is_a_503_and_a_warning_not_a_500(tmp_path):
    # Nothing listens on port 9: the connection is refused as for a database that is down.
    result = manage(
        "shell",
        "-c",
        PROBE,
        env=production_env(DATA_DIR=str(tmp_path), DATABASE_URL="postgres://app@127.0.0.1:9/adsmith"),
    )
    assert result.returncode == 0, result.stderr
    status, body, content_type = json.loads(result.stdout.strip().splitlines()[-1])
    assert (status, body, content_type) == (503, "database unreachable", "text/plain")
    assert "Health check failed: the database is unreachable" in result.stderr
    assert "Traceback" not in result.stderr
