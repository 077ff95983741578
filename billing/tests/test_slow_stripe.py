"""A slow or failing Stripe must not take the site down: the billing page and the billing API's
reads wait one short timeout at most, ask nothing more once a read has failed, and for a minute
after a timeout, lost connection or 5xx ask Stripe nothing at all — showing the stored copies
with the usual messages. Actions the user started still wait and retry.

Stripe is a local HTTP server here that answers the recorded payloads, or fails, or hangs (past
the read timeout, lowered for the tests). The tests count the calls it received; none times
anything."""

import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.utils import timezone
from freezegun import freeze_time

from billing.models import Subscription
from billing.stripe_client import PAGE_READ_PAUSE_SECONDS
from billing.tests.stripe_fixtures import SECOND_SUBSCRIPTION, SUBSCRIPTION, fixture, second_purchase

pytestmark = pytest.mark.django_db

API = "/billing/api/"
SUBSCRIPTION_MISSING = "Could not load your subscription from Stripe. Please try again."
HISTORY_MISSING = "Could not load your billing history from Stripe. Please try again."
READ_SUBSCRIPTION = f"GET /v1/subscriptions/{SUBSCRIPTION}"
READ_SECOND_SUBSCRIPTION = f"GET /v1/subscriptions/{SECOND_SUBSCRIPTION}"
LIST_INVOICES = "GET /v1/invoices"
CANCEL = f"POST /v1/subscriptions/{SUBSCRIPTION}"


class FakeStripe(ThreadingHTTPServer):
    """Stripe's API on a local port. `behaviour`: "up" answers the recorded payloads, "hanging"
    answers nothing until the test ends, "failing" answers 500, "refusing" answers 404."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _StripeHandler)
        self.behaviour = "up"
        self.calls: list[str] = []
        self.test_ended = threading.Event()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server_port}"

    def answer(self, method: str, path: str) -> dict:
        if method == "POST" and path == f"/v1/subscriptions/{SUBSCRIPTION}":
            return fixture("subscription_canceling")
        if path == f"/v1/subscriptions/{SUBSCRIPTION}":
            return fixture("subscription")
        if path == f"/v1/subscriptions/{SECOND_SUBSCRIPTION}":
            return second_purchase("customer_subscription_updated_active")["data"]["object"]
        if path == "/v1/invoices":
            return fixture("invoices_list")
        raise AssertionError(f"the page asked Stripe for {method} {path}")


class _StripeHandler(BaseHTTPRequestHandler):
    server: FakeStripe

    def do_GET(self):
        self._respond()

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._respond()

    def _respond(self):
        path = self.path.split("?")[0]
        self.server.calls.append(f"{self.command} {path}")
        behaviour = self.server.behaviour
        if behaviour == "hanging":
            self.server.test_ended.wait(timeout=30)
            return
        if behaviour == "failing":
            self._send(
                500, {"error": {"type": "api_error", "message": "Something went wrong on Stripe's end."}}
            )
        elif behaviour == "refusing":
            self._send(404, fixture("stripe_error_resource_missing"))
        else:
            self._send(200, self.server.answer(self.command, path))

    def _send(self, status: int, body: dict):
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format, *args):
        pass


@pytest.fixture
def stripe(stripe_keys):
    server = FakeStripe()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    stripe_keys.STRIPE_API_BASE = server.origin
    stripe_keys.STRIPE_READ_TIMEOUT_SECONDS = 0.2  # the server hangs far longer
    yield server
    server.test_ended.set()
    server.shutdown()
    server.server_close()
    thread.join()


def shows_the_stored_copies(html: str) -> bool:
    return (
        "Your next billing date is" in html  # the subscription as the webhooks left it
        and "These are the payments recorded here" in html
        and "4F2C1A7B-0001" in html  # the invoice the webhook recorded
    )


def test_a_subscription_read_that_hangs_is_asked_once_and_the_history_not_at_all(
    alice_client, alice_subscribed, stripe
):
    stripe.behaviour = "hanging"

    response = alice_client.get("/billing")
    html = response.content.decode()

    assert response.status_code == 200
    assert stripe.calls == [READ_SUBSCRIPTION]  # no retry, no invoice list
    assert SUBSCRIPTION_MISSING in html and HISTORY_MISSING in html
    assert shows_the_stored_copies(html)


def test_with_two_subscriptions_the_second_is_not_asked_after_the_first_hung(
    alice_client, alice_subscribed_twice, stripe
):
    stripe.behaviour = "hanging"

    response = alice_client.get("/billing")

    assert stripe.calls == [READ_SECOND_SUBSCRIPTION]  # the newest first; then nothing
    assert [s.plan.name for s in response.context["subscriptions"]] == ["Advanced", "Basic"]


def test_within_the_minute_after_stripe_hung_no_visit_asks_it_anything(
    alice_client, alice_subscribed, stripe
):
    stripe.behaviour = "hanging"
    alice_client.get("/billing")

    html = alice_client.get("/billing").content.decode()
    subscription = alice_client.get(f"{API}?action=get-subscription")
    invoices = alice_client.get(f"{API}?action=get-invoices")

    assert stripe.calls == [READ_SUBSCRIPTION]  # the first visit's only
    assert SUBSCRIPTION_MISSING in html and HISTORY_MISSING in html
    assert shows_the_stored_copies(html)
    assert subscription.status_code == 502 and subscription.json() == {"detail": SUBSCRIPTION_MISSING}
    assert invoices.status_code == 502 and invoices.json() == {"detail": HISTORY_MISSING}


def test_a_minute_after_stripe_hung_the_page_asks_it_again(alice_client, alice_subscribed, stripe):
    stripe.behaviour = "hanging"
    alice_client.get("/billing")
    stripe.behaviour = "up"

    with freeze_time(timezone.now() + timedelta(seconds=PAGE_READ_PAUSE_SECONDS - 5)):
        alice_client.get("/billing")
    assert stripe.calls == [READ_SUBSCRIPTION]

    with freeze_time(timezone.now() + timedelta(seconds=PAGE_READ_PAUSE_SECONDS + 5)):
        response = alice_client.get("/billing")
    html = response.content.decode()

    assert stripe.calls == [READ_SUBSCRIPTION, READ_SUBSCRIPTION, LIST_INVOICES]
    assert SUBSCRIPTION_MISSING not in html and HISTORY_MISSING not in html
    assert response.context["invoices_recorded"] is False
    assert "€0.00" in html  # an invoice only Stripe's list has


def test_a_history_read_that_hangs_pauses_the_subscription_reads_of_the_next_visits(
    alice_client, alice_subscribed, stripe
):
    alice_client.get("/billing")  # reads the subscription; it is fresh for a few minutes
    stripe.behaviour = "hanging"
    html = alice_client.get("/billing").content.decode()
    Subscription.objects.update(refreshed_at=None)  # due again, as after the customer portal

    alice_client.get("/billing")

    assert stripe.calls == [READ_SUBSCRIPTION, LIST_INVOICES, LIST_INVOICES]
    assert HISTORY_MISSING in html and SUBSCRIPTION_MISSING not in html


def test_a_server_error_on_a_page_read_is_not_retried_and_pauses_the_next_visits(
    alice_client, alice_subscribed, stripe
):
    stripe.behaviour = "failing"

    first = alice_client.get("/billing").content.decode()
    second = alice_client.get("/billing").content.decode()

    assert stripe.calls == [READ_SUBSCRIPTION]
    assert SUBSCRIPTION_MISSING in first and HISTORY_MISSING in first
    assert SUBSCRIPTION_MISSING in second and shows_the_stored_copies(second)


def test_a_refusal_about_alices_subscription_pauses_nothing(alice_client, alice_subscribed, stripe):
    # A 404 concerns this subscription, not Stripe: the page stops asking, the next visit asks again.
    stripe.behaviour = "refusing"

    html = alice_client.get("/billing").content.decode()
    alice_client.get("/billing")

    assert stripe.calls == [READ_SUBSCRIPTION, READ_SUBSCRIPTION]
    assert SUBSCRIPTION_MISSING in html and HISTORY_MISSING in html


def cancel_subscription(client):
    return client.post(
        f"{API}?action=cancel-subscription",
        data=json.dumps({"subscriptionId": SUBSCRIPTION}),
        content_type="application/json",
    )


def test_cancelling_still_retries_when_stripe_fails(alice_client, alice_subscribed, stripe):
    stripe.behaviour = "failing"

    response = cancel_subscription(alice_client)

    assert response.status_code == 502
    assert response.json() == {"detail": "Failed to cancel subscription"}
    assert stripe.calls == [CANCEL, CANCEL]


def test_cancelling_asks_stripe_even_while_page_reads_are_paused(alice_client, alice_subscribed, stripe):
    stripe.behaviour = "hanging"
    alice_client.get("/billing")
    stripe.behaviour = "up"

    response = cancel_subscription(alice_client)

    assert response.status_code == 200
    assert response.json()["subscription"]["cancel_at_period_end"] is True
    assert stripe.calls == [READ_SUBSCRIPTION, CANCEL]


def test_a_failing_cache_does_not_break_the_page(alice_client, alice_subscribed, stripe, settings, tmp_path):
    # A cache whose every read and write fails (its folder is under a file).
    (tmp_path / "a-file").write_text("")
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "a-file" / "cache"),
        },
    }
    stripe.behaviour = "hanging"

    first = alice_client.get("/billing")
    second = alice_client.get("/billing")

    assert first.status_code == 200 and second.status_code == 200
    assert SUBSCRIPTION_MISSING in first.content.decode()
    assert shows_the_stored_copies(second.content.decode())
    # Without a cache the pause cannot be kept: each visit costs one short timeout, no more.
    assert stripe.calls == [READ_SUBSCRIPTION, READ_SUBSCRIPTION]
