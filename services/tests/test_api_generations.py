"""POST /api/generations/: validate → spend → record → enqueue, with every refusal a clear 4xx."""

import pytest
from django.test import Client
from django.urls import reverse

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.tests.generation_inputs import (
    META_COPY_INPUTS,
    SCRAPE_INPUTS,
    SOCIAL_COPY_INPUTS,
    finished_scrape,
)

URL = reverse("services:api-generations")


def post(client, body, **kwargs):
    return client.post(URL, body, content_type="application/json", **kwargs)


def meta_copy(key="key-1", **inputs):
    return {"tool": "meta-copy", "inputs": {**META_COPY_INPUTS, **inputs}, "idempotency_key": key}


def test_it_starts_a_generation_and_answers_202_with_it(alice_client, alice):
    response = post(alice_client, meta_copy())
    assert response.status_code == 202
    body = response.json()
    generation = Generation.objects.get()
    assert body == {
        "id": generation.pk,
        "tool": "meta-copy",
        "step": "",
        "status": "queued",
        "output": {},
        "error": None,
        "credits_used": 20,
        "created_at": body["created_at"],
        "balance": 80,
        "reused": False,
    }
    assert generation.user == alice and generation.service_type == "meta_copy"
    assert generation.input_data["brand"] == "Glow Naturals"
    assert generation.deadline_at > generation.created_at


def test_it_spends_the_tools_cost_with_the_generation_as_reference(alice_client, alice):
    generation_id = post(alice_client, meta_copy()).json()["id"]
    spend = LedgerEntry.objects.get(user=alice, kind="spend")
    assert spend.amount == -20
    assert spend.reference == f"generation:{generation_id}"
    assert balance_of(alice) == 80


def test_the_job_is_enqueued_only_when_the_transaction_commits(
    alice_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        post(alice_client, meta_copy())
    assert len(callbacks) == 1


def test_the_same_idempotency_key_twice_gives_the_same_generation_and_one_debit(alice_client, alice):
    first = post(alice_client, meta_copy(key="same"))
    second = post(alice_client, meta_copy(key="same"))
    assert second.status_code == 202
    assert first.json()["id"] == second.json()["id"]
    assert Generation.objects.count() == 1
    assert LedgerEntry.objects.filter(user=alice, kind="spend").count() == 1
    assert balance_of(alice) == 80


def test_the_answered_balance_is_the_one_left_after_this_request(alice_client, alice):
    assert post(alice_client, meta_copy(key="a")).json()["balance"] == 80
    assert post(alice_client, meta_copy(key="b")).json()["balance"] == 60
    # A repeat answers with the balance as it is now, not as the first request left it.
    assert post(alice_client, meta_copy(key="a")).json()["balance"] == 60


# The money path's statements: session, user, generation insert, balance UPDATE … RETURNING,
# ledger insert, both limit counts in one, and the savepoint of start_generation (nested in the
# test's transaction here; the spend joins it without one of its own). Not here: the task insert,
# which waits for a commit. A new statement on this path should be a decision, not an accident
# (it was 19 before they were cut).
PAID_REQUEST_QUERIES = 8


def test_a_paid_request_stays_within_its_query_budget(alice_client, alice, django_assert_max_num_queries):
    with django_assert_max_num_queries(PAID_REQUEST_QUERIES):
        assert post(alice_client, meta_copy()).status_code == 202


def test_an_idempotency_key_reused_for_another_tool_is_refused(alice_client, alice):
    post(alice_client, meta_copy(key="same"))
    response = post(
        alice_client, {"tool": "social-media-copy", "inputs": SOCIAL_COPY_INPUTS, "idempotency_key": "same"}
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": {"idempotency_key": ["This idempotency key was already used for another tool."]}
    }
    assert balance_of(alice) == 80


def test_another_users_idempotency_key_does_not_collide(alice_client, bob_client):
    assert (
        post(alice_client, meta_copy(key="same")).json()["id"]
        != post(bob_client, meta_copy(key="same")).json()["id"]
    )


def test_without_an_idempotency_key_each_request_is_a_new_generation(alice_client):
    body = {"tool": "social-media-copy", "inputs": SOCIAL_COPY_INPUTS}
    assert post(alice_client, body).json()["id"] != post(alice_client, body).json()["id"]


def test_invalid_inputs_get_400_with_the_documented_messages_and_nothing_is_written(alice_client, alice):
    response = post(alice_client, meta_copy(brand="G", productDescription="short"))
    assert response.status_code == 400
    assert response.json() == {
        "errors": {
            "brand": ["Brand name must be at least 2 characters"],
            "productDescription": ["Product description must be at least 10 characters"],
        }
    }
    assert not Generation.objects.exists()
    assert balance_of(alice) == 100


def test_insufficient_credits_is_402_with_the_documented_message_and_nothing_written(alice_client, alice):
    for key in ("a", "b", "c", "d", "e"):
        assert post(alice_client, meta_copy(key=key)).status_code == 202
    response = post(alice_client, meta_copy(key="f"))
    assert response.status_code == 402
    assert response.json() == {"detail": "Insufficient credits. This service requires 20 credits."}
    assert Generation.objects.count() == 5
    assert LedgerEntry.objects.filter(user=alice, kind="spend").count() == 5
    assert balance_of(alice) == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"tool": "no-such-tool", "inputs": {}}, "tool"),
        ({"inputs": META_COPY_INPUTS}, "tool"),
        ({"tool": ["meta-copy"], "inputs": {}}, "tool"),
        ({"tool": "meta-copy", "inputs": ["brand"]}, "inputs"),
        ({"tool": "meta-copy", "inputs": "brand=Glow"}, "inputs"),
        ({"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": "k" * 101}, "idempotency_key"),
        ({"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": 12}, None),
        ({"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": {"a": 1}}, "idempotency_key"),
        ([1, 2, 3], "non_field_errors"),
        ("just a string", "non_field_errors"),
        (None, "tool"),
        ({"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": "a\x00b"}, "idempotency_key"),
        ({"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": "a\ud800"}, "idempotency_key"),
    ],
)
def test_malformed_requests_get_400_never_500(alice_client, body, field):
    response = post(alice_client, body)
    if field is None:  # a number is a usable key; DRF's CharField accepts it as text
        assert response.status_code == 202
        return
    assert response.status_code == 400
    assert field in response.json()["errors"]


@pytest.mark.parametrize(
    "inputs",
    [
        {"brand": "B" * 100_000},
        {"brand": {"nested": "object"}},
        {"brand": ["a", "list"]},
        {"brand": True},
        {"versions": "three"},
        {"versions": 3.5},
        {"versions": 10**40},
        {"versions": None, "copyStructure": "NOPE"},
        {"language": "Klingon"},
        {"brand": "Glow\x00 Naturals"},
        {"brand": "Glow \ud800 Naturals"},
    ],
)
def test_wrong_types_and_huge_values_are_field_errors(alice_client, inputs):
    response = post(alice_client, meta_copy(**inputs))
    assert response.status_code == 400, response.content
    assert set(response.json()["errors"]) <= set(META_COPY_INPUTS) | {"versions", "copyStructure", "language"}


def test_bad_json_is_400(alice_client):
    response = alice_client.post(URL, '{"tool": "meta-copy", "inputs": {', content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"non_field_errors": ["The request body is not valid JSON."]}}


@pytest.mark.parametrize(
    "nested",
    ["[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, "[" * 100_000 + "]" * 100_000],
    ids=["arrays", "objects", "100000-arrays"],
)
def test_json_nested_deeper_than_python_recurses_is_400_not_500(alice_client, nested):
    body = '{"tool": "meta-copy", "inputs": {"brand": ' + nested + "}}"
    response = alice_client.post(URL, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"non_field_errors": ["The request body is not valid JSON."]}}


@pytest.mark.parametrize("step", ["copy", "creative"])
@pytest.mark.parametrize("number", ["1e400", "-1e400"])
def test_a_scrape_id_beyond_the_float_range_is_the_fields_error(alice_client, step, number):
    # Python's json reads 1e400 as infinity: a number no integer can hold.
    body = '{"tool": "meta-ads-full", "inputs": {"step": "' + step + '", "scrapeId": ' + number + "}}"
    response = alice_client.post(URL, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"]["scrapeId"] == ["Please scrape the website first"]


@pytest.mark.parametrize("step", [["scrape"], {"a": 1}])
def test_a_meta_ads_full_step_given_as_a_list_or_object_is_the_steps_error(alice_client, step):
    response = post(alice_client, {"tool": "meta-ads-full", "inputs": {"step": step}})
    assert response.status_code == 400
    assert response.json() == {"errors": {"step": ["Please choose scrape, copy or creative"]}}


def test_a_lone_surrogate_echoed_in_a_choice_error_is_answered_as_escaped_json(alice_client):
    response = alice_client.post(URL, '{"tool": "\\ud800", "inputs": {}}', content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"tool": ['"\ud800" is not a valid choice.']}}
    assert response.content.isascii()


def test_text_outside_ascii_comes_back_unchanged(alice_client):
    generation_id = post(alice_client, meta_copy(brand="Café Ünïcode ✨")).json()["id"]
    detail = alice_client.get(reverse("history:api-history-item", args=[generation_id]))
    assert detail.json()["input_data"]["brand"] == "Café Ünïcode ✨"


def test_an_unsupported_content_type_is_400(alice_client):
    response = alice_client.post(URL, "tool=meta-copy", content_type="text/plain")
    assert response.status_code == 400


def test_anonymous_visitors_are_refused_with_the_documented_sign_in_text(client, db):
    response = post(client, meta_copy())
    assert response.status_code == 403
    assert response.json() == {"detail": "Please sign in to use this service"}


def test_it_needs_the_csrf_token(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert post(client, meta_copy()).status_code == 403
    assert not Generation.objects.exists()


def test_only_post_is_allowed(alice_client):
    assert alice_client.get(URL).status_code == 405


# --- Meta Ads Full: a website analysed within the day ------------------------------------------


def scrape(key: str, **extra):
    return {"tool": "meta-ads-full", "inputs": SCRAPE_INPUTS, "idempotency_key": key, **extra}


def test_a_website_analysed_today_answers_with_that_analysis_marked_reused(alice_client, alice):
    earlier = finished_scrape(alice, url=SCRAPE_INPUTS["websiteUrl"])
    response = post(alice_client, scrape("again"))
    assert response.status_code == 202
    body = response.json()
    assert (body["id"], body["status"], body["reused"]) == (earlier.pk, "success", True)
    assert body["output"]["report"] == "Glow Naturals sells vitamin C serums."
    assert Generation.objects.count() == 1  # no engine call, nothing queued


def test_fresh_analyses_the_website_again(alice_client, alice):
    earlier = finished_scrape(alice, url=SCRAPE_INPUTS["websiteUrl"])
    response = post(alice_client, scrape("fresh", fresh=True))
    assert response.status_code == 202
    body = response.json()
    assert body["id"] != earlier.pk
    assert (body["status"], body["reused"]) == ("queued", False)
    # The flag is the request's, not an input: the engine is sent the same body as ever.
    assert Generation.objects.get(pk=body["id"]).input_data == {**SCRAPE_INPUTS}


def test_a_fresh_analysis_still_counts_against_the_scrape_limit(alice_client, alice, settings):
    settings.SCRAPES_PER_HOUR = 1
    finished_scrape(alice, url=SCRAPE_INPUTS["websiteUrl"])
    assert post(alice_client, scrape("reused")).status_code == 202  # reusing costs nothing
    refused = post(alice_client, scrape("fresh", fresh=True))
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith("You have scraped too many websites in the last hour.")


def test_fresh_must_be_a_boolean(alice_client):
    response = post(alice_client, scrape("bad", fresh="soon"))
    assert response.status_code == 400
    assert response.json() == {"errors": {"fresh": ["Must be a valid boolean."]}}
