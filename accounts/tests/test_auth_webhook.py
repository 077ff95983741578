"""After sign-up the server POSTs {userId, event: 'signed_up'} to AUTH_WEBHOOK_URL, on commit
and in the background; a failure is logged, never shown. A local HTTP server receives it."""

import contextlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.contrib.auth import get_user_model

from accounts.tasks import AUTH_WEBHOOK_MAX_RESPONSE_BYTES


class Receiver(BaseHTTPRequestHandler):
    received: list

    def do_POST(self):
        length = int(self.headers["Content-Length"])
        self.received.append(
            {
                "path": self.path,
                "type": self.headers["Content-Type"],
                "body": json.loads(self.rfile.read(length)),
            }
        )
        self.send_response(self.server.reply_status)
        for name, value in self.server.reply_headers.items():
            self.send_header(name, value)
        self.end_headers()
        # The client may hang up once past its size limit, as it should.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(self.server.reply_body)

    def log_message(self, *args):
        pass


@pytest.fixture
def webhook_server():
    received: list = []
    handler = type("Handler", (Receiver,), {"received": received})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.reply_status = 200
    server.reply_headers = {}
    server.reply_body = b""
    server.received = received
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


SIGN_UP = {
    "name": "Carol Baker",
    "email": "carol@example.com",
    "password1": "Str0ngPassw0rd",
    "accept_terms": "on",
}


def test_sign_up_posts_the_documented_body_once_committed(
    client, db, settings, webhook_server, django_capture_on_commit_callbacks
):
    settings.AUTH_WEBHOOK_URL = f"http://127.0.0.1:{webhook_server.server_port}/api/auth-webhook"
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post("/signup", SIGN_UP)
        assert webhook_server.received == []  # nothing leaves before the account is committed
    for callback in callbacks:
        callback()
    user = get_user_model().objects.get(email="carol@example.com")
    assert webhook_server.received == [
        {
            "path": "/api/auth-webhook",
            "type": "application/json",
            "body": {"userId": str(user.pk), "event": "signed_up"},
        }
    ]


def test_nothing_is_sent_without_a_webhook_url(client, db, settings, django_capture_on_commit_callbacks):
    settings.AUTH_WEBHOOK_URL = ""
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        client.post("/signup", SIGN_UP)
    assert callbacks == []


def test_a_failing_webhook_is_logged_and_the_sign_up_still_succeeds(
    client, db, settings, webhook_server, django_capture_on_commit_callbacks, caplog
):
    webhook_server.reply_status = 500
    settings.AUTH_WEBHOOK_URL = f"http://127.0.0.1:{webhook_server.server_port}/hook"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/signup", SIGN_UP)
    assert response["Location"] == "/dashboard"
    assert len(webhook_server.received) == 1
    assert "auth webhook signed_up" in caplog.text and "500" in caplog.text


def test_an_unreachable_webhook_is_logged_too(
    client, db, settings, django_capture_on_commit_callbacks, caplog
):
    settings.AUTH_WEBHOOK_URL = "http://127.0.0.1:9/closed"  # the discard port: nothing listens
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/signup", SIGN_UP)
    assert response["Location"] == "/dashboard"
    assert "auth webhook signed_up" in caplog.text


def test_a_webhook_that_keeps_redirecting_is_given_up_after_five_redirects(
    client, db, settings, webhook_server, django_capture_on_commit_callbacks, caplog
):
    # The operator's URL is trusted, but it is still called through the outbound wrapper: the
    # same redirect limit as the engines, not an HTTP library's own (30 for requests).
    webhook_server.reply_status = 307  # 307 repeats the POST, body and all
    webhook_server.reply_headers = {"Location": "/hook"}
    settings.AUTH_WEBHOOK_URL = f"http://127.0.0.1:{webhook_server.server_port}/hook"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/signup", SIGN_UP)
    assert response["Location"] == "/dashboard"
    assert len(webhook_server.received) == 1 + 5
    assert "auth webhook signed_up" in caplog.text and "Too many redirects" in caplog.text


def test_a_webhook_answering_with_an_oversized_body_is_cut_off_and_logged(
    client, db, settings, webhook_server, django_capture_on_commit_callbacks, caplog
):
    webhook_server.reply_body = b"x" * (AUTH_WEBHOOK_MAX_RESPONSE_BYTES + 1)
    settings.AUTH_WEBHOOK_URL = f"http://127.0.0.1:{webhook_server.server_port}/hook"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/signup", SIGN_UP)
    assert response["Location"] == "/dashboard"
    assert len(webhook_server.received) == 1
    assert "auth webhook signed_up" in caplog.text and "too large" in caplog.text
