from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from history.models import Generation

URL = reverse("history:api-history")


def test_anonymous_visitors_are_refused(client, db):
    assert client.get(URL).status_code == 403


def test_it_lists_only_the_users_own_generations_newest_first(alice_client, alice, bob, make_generation):
    now = timezone.now()
    older = make_generation(alice, created_at=now - timedelta(hours=1))
    newer = make_generation(alice, created_at=now)
    make_generation(bob)
    response = alice_client.get(URL)
    assert response.status_code == 200
    assert [item["id"] for item in response.json()["results"]] == [newer.pk, older.pk]


def test_items_carry_the_documented_fields_and_no_output(alice_client, alice, make_generation):
    make_generation(
        alice,
        output_data={"socialMediaCopy": "Hello"},
        file=f"generation-history/{alice.pk}/meta_copy_1.txt",
    )
    (item,) = alice_client.get(URL).json()["results"]
    assert set(item) == {
        "id",
        "created_at",
        "service_type",
        "tool",
        "step",
        "step_display",
        "status",
        "credits_used",
        "file_url",
    }
    assert item["file_url"] == f"/files/generation-history/{alice.pk}/meta_copy_1.txt"
    assert item["service_type"] == "meta_copy"


def test_a_meta_ads_full_step_is_named_as_the_generation_model_labels_it(
    alice_client, alice, make_generation
):
    make_generation(alice, tool="meta-ads-full", service_type="meta_ads_full", step=Generation.Step.SCRAPE)
    (item,) = alice_client.get(URL).json()["results"]
    assert (item["step"], item["step_display"]) == ("scrape", "Website analysis")


def test_in_progress_and_failed_generations_are_listed_with_their_status(
    alice_client, alice, make_generation
):
    for status in Generation.Status:
        make_generation(alice, status=status)
    statuses = {item["status"] for item in alice_client.get(URL).json()["results"]}
    assert statuses == {"queued", "running", "success", "failed"}


def test_the_service_type_filter_matches_both_spellings(alice_client, alice, make_generation):
    social = make_generation(alice, tool="social-media-copy", service_type="social_media_copy")
    make_generation(alice, tool="meta-copy", service_type="meta_copy")
    for spelling in ("social-media-copy", "social_media_copy"):
        results = alice_client.get(URL, {"service_type": spelling}).json()["results"]
        assert [item["id"] for item in results] == [social.pk]


def test_the_limit_defaults_to_50_and_is_honoured(alice_client, alice, make_generation):
    Generation.objects.bulk_create(
        Generation(user=alice, tool="meta-copy", service_type="meta_copy", idempotency_key=f"k{i}")
        for i in range(55)
    )
    assert len(alice_client.get(URL).json()["results"]) == 50
    assert len(alice_client.get(URL, {"limit": 10}).json()["results"]) == 10


def test_offset_pages_through_older_generations(alice_client, alice, make_generation):
    now = timezone.now()
    ids = [make_generation(alice, created_at=now - timedelta(minutes=n)).pk for n in range(5)]  # newest first
    first = alice_client.get(URL, {"limit": 2}).json()["results"]
    second = alice_client.get(URL, {"limit": 2, "offset": 2}).json()["results"]
    last = alice_client.get(URL, {"limit": 2, "offset": 4}).json()["results"]
    assert [item["id"] for item in first + second + last] == ids
    assert alice_client.get(URL, {"offset": 5}).json()["results"] == []


def test_a_bad_offset_is_a_400_with_field_errors(alice_client):
    for offset in ("-1", "x", "100001"):
        response = alice_client.get(URL, {"offset": offset})
        assert response.status_code == 400, offset
        assert "offset" in response.json()["errors"]


def test_a_bad_limit_is_a_400_with_field_errors(alice_client):
    for limit in ("0", "101", "ten", "1e9", "-5"):
        response = alice_client.get(URL, {"limit": limit})
        assert response.status_code == 400, limit
        assert "limit" in response.json()["errors"]


def test_an_overlong_service_type_is_a_400(alice_client):
    response = alice_client.get(URL, {"service_type": "x" * 5000})
    assert response.status_code == 400
    assert "service_type" in response.json()["errors"]


def test_detail_includes_input_and_output(alice_client, alice, make_generation):
    generation = make_generation(alice, input_data={"brand": "Glow"}, output_data={"variations": []})
    response = alice_client.get(reverse("history:api-history-item", args=[generation.pk]))
    assert response.status_code == 200
    body = response.json()
    assert body["input_data"] == {"brand": "Glow"}
    assert body["output_data"] == {"variations": []}
    assert body["status"] == "success"


def test_detail_of_another_users_generation_is_404(alice_client, bob, make_generation):
    generation = make_generation(bob)
    assert alice_client.get(reverse("history:api-history-item", args=[generation.pk])).status_code == 404


def test_detail_of_a_missing_generation_is_404(alice_client):
    assert alice_client.get(reverse("history:api-history-item", args=[999999])).status_code == 404


def test_detail_refuses_anonymous_visitors(client, alice, make_generation):
    generation = make_generation(alice)
    assert client.get(reverse("history:api-history-item", args=[generation.pk])).status_code == 403
