import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse

PNG_NAME = "a1b2c3.png"


@pytest.fixture
def alices_logo(alice):
    path = default_storage.save(f"logos/{alice.pk}/{PNG_NAME}", ContentFile(b"\x89PNG fake bytes"))
    yield path
    default_storage.delete(path)


def file_url(user, name=PNG_NAME, area="logos"):
    return reverse("history:file", kwargs={"area": area, "user_id": user.pk, "name": name})


def test_the_owner_gets_the_file_with_safe_headers(alice_client, alice, alices_logo):
    response = alice_client.get(file_url(alice))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"\x89PNG fake bytes"
    assert response["Content-Type"] == "image/png"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Disposition"] == f'inline; filename="{PNG_NAME}"'
    assert "sandbox" in response["Content-Security-Policy"]
    assert response["Cache-Control"] == "private, max-age=3600"


def test_download_1_asks_the_browser_to_save_it(alice_client, alice, alices_logo):
    response = alice_client.get(file_url(alice), {"download": "1"})
    assert response["Content-Disposition"] == f'attachment; filename="{PNG_NAME}"'


def test_text_results_are_served_as_utf8_text(alice_client, alice):
    path = default_storage.save(
        f"generation-history/{alice.pk}/meta_copy_1.txt", ContentFile("Héllo".encode())
    )
    response = alice_client.get(file_url(alice, name=path.rsplit("/", 1)[1], area="generation-history"))
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert b"".join(response.streaming_content).decode() == "Héllo"
    default_storage.delete(path)


def test_another_user_gets_404(bob_client, alice, alices_logo):
    assert bob_client.get(file_url(alice)).status_code == 404


def test_an_anonymous_visitor_gets_404(client, alice, alices_logo):
    assert client.get(file_url(alice)).status_code == 404


def test_a_missing_file_is_404(alice_client, alice):
    assert alice_client.get(file_url(alice, name="nothing.png")).status_code == 404


@pytest.mark.parametrize("area", ["media", "..", "generation_history"])
def test_an_unknown_area_is_404(alice_client, alice, area):
    assert alice_client.get(f"/files/{area}/{alice.pk}/{PNG_NAME}").status_code == 404


@pytest.mark.parametrize("name", [".htaccess", "a..png", "%2e%2e", "x%2Fy.png"])
def test_unsafe_names_are_404(alice_client, alice, name):
    assert alice_client.get(f"/files/logos/{alice.pk}/{name}").status_code == 404


def test_an_unexpected_file_type_is_sent_as_an_opaque_download(alice_client, alice):
    path = default_storage.save(f"logos/{alice.pk}/page.html", ContentFile(b"<script>alert(1)</script>"))
    response = alice_client.get(file_url(alice, name="page.html"))
    assert response["Content-Type"] == "application/octet-stream"
    assert response["Content-Disposition"].startswith("attachment")
    default_storage.delete(path)


def test_only_get_and_head_are_allowed(alice_client, alice, alices_logo):
    assert alice_client.post(file_url(alice)).status_code == 405
