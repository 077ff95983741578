"""The main path end to end, with the default demo engine: the island's POST, the job run on commit
(the immediate backend stands in for the worker), the poll, the stored file, the history entry."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from credits.models import balance_of
from services.tests.generation_inputs import (
    META_COPY_INPUTS,
    META_CREATIVE_INPUTS,
    SOCIAL_COPY_INPUTS,
    SPY_INPUTS,
)
from services.tests.images import make_png

PAGE = b"""<html><head><title>Glow Naturals</title></head><body><main><h1>Glow Naturals</h1>
<p>Vitamin C serums for brighter skin, made in small batches with natural ingredients.</p></main></body></html>"""


@pytest.fixture
def run_jobs_on_commit(django_capture_on_commit_callbacks):
    """POST, then run what the commit would have enqueued (here: the job itself, inline)."""

    def post(client, body):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("services:api-generations"), body, content_type="application/json")
        assert response.status_code == 202, response.content
        return client.get(reverse("services:api-generation", args=[response.json()["id"]])).json()

    return post


def upload_product(client) -> str:
    file = SimpleUploadedFile("product.png", make_png(120, 90), content_type="image/png")
    return client.post(reverse("services:api-uploads"), {"bucket": "products", "file": file}).json()["url"]


@pytest.mark.parametrize(
    ("tool", "inputs", "output_key"),
    [
        ("meta-copy", META_COPY_INPUTS, "variations"),
        ("social-media-copy", SOCIAL_COPY_INPUTS, "socialMediaCopy"),
        ("spy-master", SPY_INPUTS, "generalAnalysis"),
    ],
)
def test_a_text_tool_runs_to_success_and_lands_in_history(
    alice_client, alice, run_jobs_on_commit, tool, inputs, output_key
):
    generation = run_jobs_on_commit(alice_client, {"tool": tool, "inputs": inputs, "idempotency_key": "k"})
    assert generation["status"] == "success", generation["error"]
    assert generation["output"][output_key]
    assert generation["output"]["engine"] == "demo"

    (item,) = alice_client.get(reverse("history:api-history"), {"service_type": tool}).json()["results"]
    assert item["id"] == generation["id"] and item["status"] == "success"
    assert item["file_url"].endswith(".txt")
    assert alice_client.get(item["file_url"]).status_code == 200


@pytest.mark.parametrize(
    ("tool", "image_field", "extra"),
    [
        ("meta-creative", "productImageUrl", META_CREATIVE_INPUTS),
        ("social-media-creative", "productImageUpload", {}),
    ],
)
def test_a_creative_is_composed_from_the_users_upload_and_stored_privately(
    alice_client, bob_client, run_jobs_on_commit, tool, image_field, extra
):
    inputs = {**extra, image_field: upload_product(alice_client)}
    generation = run_jobs_on_commit(alice_client, {"tool": tool, "inputs": inputs, "idempotency_key": "k"})
    assert generation["status"] == "success", generation["error"]
    image_url = generation["output"]["image"]
    assert image_url.startswith("/files/generation-history/") and image_url.endswith(".png")
    assert alice_client.get(image_url)["Content-Type"] == "image/png"
    assert bob_client.get(image_url).status_code == 404


def test_meta_ads_full_scrapes_for_free_then_builds_copy_on_it(
    alice_client, alice, run_jobs_on_commit, make_server
):
    site = make_server()
    site.route("GET", "/", body=PAGE, headers={"Content-Type": "text/html; charset=utf-8"})

    scrape = run_jobs_on_commit(
        alice_client,
        {
            "tool": "meta-ads-full",
            "inputs": {"step": "scrape", "type": "Product", "websiteUrl": site.url("/")},
        },
    )
    assert scrape["status"] == "success", scrape["error"]
    assert scrape["credits_used"] == 0 and balance_of(alice) == 100

    copy = run_jobs_on_commit(
        alice_client,
        {"tool": "meta-ads-full", "inputs": {"step": "copy", "scrapeId": scrape["id"], "versions": 2}},
    )
    assert copy["status"] == "success", copy["error"]
    assert len(copy["output"]["variations"]) == 2
    assert copy["balance"] == 50
