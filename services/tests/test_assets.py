"""Assets.read: engines get the bytes of the user's own files from storage, and nothing else."""

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from services.assets import Assets


@pytest.fixture
def alices_product(alice):
    path = default_storage.save(f"products/{alice.pk}/abc123.png", ContentFile(b"product bytes"))
    yield path
    default_storage.delete(path)


def test_it_reads_the_users_file_by_its_site_relative_url(alice, alices_product):
    assert Assets(alice).read(f"/files/{alices_product}") == b"product bytes"


def test_it_reads_the_users_file_by_an_absolute_url_on_any_host(alice, alices_product):
    assert Assets(alice).read(f"https://app.example.com/files/{alices_product}") == b"product bytes"


def test_it_reads_the_users_file_by_its_storage_path(alice, alices_product):
    assert Assets(alice).read(alices_product) == b"product bytes"


def test_another_users_file_is_none(bob, alices_product):
    assert Assets(bob).read(f"/files/{alices_product}") is None
    assert Assets(bob).read(alices_product) is None


@pytest.mark.parametrize(
    "reference",
    [
        "https://cdn.example.com/product.png",
        "http://127.0.0.1/files/products/999999/abc123.png",
        "/files/products/{pk}/missing.png",
        "/files/media/{pk}/abc123.png",
        "/files/products/{pk}/../../secrets.png",
        "products/{pk}/../../../etc/passwd",
        "/etc/passwd",
        "file:///etc/passwd",
        "data:image/png;base64,AAAA",
        "",
        None,
        42,
    ],
)
def test_anything_else_is_none(alice, alices_product, reference):
    if isinstance(reference, str):
        reference = reference.replace("{pk}", str(alice.pk))
    assert Assets(alice).read(reference) is None
