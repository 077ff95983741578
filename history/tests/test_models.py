import pytest
from django.db import IntegrityError

from history.models import Generation, canonical_service_type, service_type_spellings


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [
        ("meta_copy", "meta_copy"),
        ("meta-copy", "meta_copy"),
        ("meta-ads-full", "meta_ads_full"),
        ("meta_ads", "meta_ads_full"),
        ("social_media", "social_media_creative"),
        ("social-media-copy", "social_media_copy"),
        ("Spy-Master", "spy_master"),
    ],
)
def test_every_documented_spelling_has_one_canonical_type(spelling, canonical):
    assert canonical_service_type(spelling) == canonical


def test_a_service_type_is_read_in_all_its_spellings():
    assert service_type_spellings("meta-ads-full") == ["meta-ads-full", "meta_ads", "meta_ads_full"]
    assert service_type_spellings("social_media_copy") == ["social-media-copy", "social_media_copy"]


def test_for_user_returns_only_that_users_generations(alice, bob, make_generation):
    mine = make_generation(alice)
    make_generation(bob)
    assert list(Generation.objects.for_user(alice)) == [mine]


def test_for_user_of_an_anonymous_user_is_empty(alice, make_generation):
    from django.contrib.auth.models import AnonymousUser

    make_generation(alice)
    assert not Generation.objects.for_user(AnonymousUser()).exists()


def test_of_service_type_matches_the_underscore_hyphen_and_legacy_spellings(alice, make_generation):
    canonical = make_generation(alice, tool="meta-ads-full", service_type="meta_ads_full")
    make_generation(alice, tool="meta-copy", service_type="meta_copy")
    for spelling in ("meta-ads-full", "meta_ads_full", "meta_ads"):
        assert list(Generation.objects.of_service_type(spelling)) == [canonical]


def test_only_canonical_service_types_are_written(alice, make_generation):
    with pytest.raises(IntegrityError):
        make_generation(alice, service_type="meta-copy")


def test_status_must_be_one_of_the_four(alice, make_generation):
    with pytest.raises(IntegrityError):
        make_generation(alice, status="done")


def test_an_idempotency_key_is_unique_per_user(alice, bob, make_generation):
    make_generation(alice, idempotency_key="same")
    make_generation(bob, idempotency_key="same")  # another user may use the same key
    with pytest.raises(IntegrityError):
        make_generation(alice, idempotency_key="same")


def test_file_url_is_the_owner_checked_download_url(alice, make_generation):
    generation = make_generation(alice, file=f"generation-history/{alice.pk}/meta_copy_1700000000000.txt")
    assert generation.file_url == f"/files/generation-history/{alice.pk}/meta_copy_1700000000000.txt"
    assert make_generation(alice).file_url is None
