"""Bodies the API cannot read get its documented error shapes (config/api_errors.py,
config/parsers.py): `{"errors": {"non_field_errors": […]}}` from the tool views,
`{"detail": …}` elsewhere — never Django's HTML 400 page or a parser's internals."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from history.tests.creatives import layers, make_creative, png_bytes

GENERATIONS = reverse("services:api-generations")
UPLOADS = reverse("services:api-uploads")
CANCEL = reverse("billing:api") + "?action=cancel-subscription"


def non_field_errors(response) -> list[str]:
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    return response.json()["errors"]["non_field_errors"]


def test_a_body_past_the_upload_memory_limit_is_too_large(alice_client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"tool": "meta-copy", "inputs": {"brand": "a" * 2000}})
    response = alice_client.post(GENERATIONS, body, content_type="application/json")
    assert non_field_errors(response) == ["The request body is too large."]


def test_an_upload_with_too_many_form_fields_is_refused_as_such(alice_client, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    fields = {f"field{i}": "x" for i in range(20)}
    response = alice_client.post(UPLOADS, {"bucket": "logos", **fields})
    assert non_field_errors(response) == ["The request has too many form fields."]


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("multipart/form-data", b"--B\r\n"),
        ("multipart/form-data; boundary=B", b"no parts at all"),
        (
            "multipart/form-data; boundary=B",
            b'--B\r\nContent-Disposition: form-data; name="file"; filename="'
            + b"x" * 5000
            + b'.png"\r\n\r\nabc\r\n--B--\r\n',
        ),
    ],
    ids=["no-boundary", "no-parts", "long-filename"],
)
def test_a_malformed_upload_is_not_called_json(alice_client, content_type, body):
    response = alice_client.generic("POST", UPLOADS, body, content_type=content_type)
    assert response.status_code == 400
    assert "JSON" not in response.content.decode()


def test_an_upload_without_a_boundary_says_it_is_not_multipart(alice_client):
    response = alice_client.generic("POST", UPLOADS, b"--B\r\n", content_type="multipart/form-data")
    assert non_field_errors(response) == ["The request body is not valid multipart form data."]


def test_an_editor_version_with_too_many_form_fields_gets_the_errors_shape(alice_client, alice, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    url = reverse("history:api-generation-versions", args=[make_creative(alice).pk])
    data = {
        "file": SimpleUploadedFile("creative.png", png_bytes(64, 48, (200, 0, 0))),
        "layers": json.dumps(layers()),
        **{f"field{i}": "x" for i in range(20)},
    }
    response = alice_client.post(url, data)
    assert non_field_errors(response) == ["The request has too many form fields."]


def test_the_billing_api_answers_bad_json_without_parser_internals(alice_client):
    response = alice_client.post(CANCEL, "{x", content_type="application/json")
    assert response.status_code == 400
    assert non_field_errors(response) == ["The request body is not valid JSON."]


def test_the_billing_api_answers_a_body_too_large_as_json(alice_client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"subscriptionId": "sub_" + "a" * 2000})
    response = alice_client.post(CANCEL, body, content_type="application/json")
    assert response.status_code == 400
    assert non_field_errors(response) == ["The request body is too large."]


@pytest.mark.parametrize(
    "path",
    [
        reverse("services:api-generation", args=[1]),
        reverse("services:api-generation-active") + "?tool=meta-copy",
        "/api/history/",
        "/api/credits/",
    ],
)
def test_a_signed_out_read_says_the_session_ended_not_drfs_credentials_text(client, db, path):
    """A page polling after its user signed out in another tab shows this."""
    response = client.get(path)
    assert response.status_code == 403
    assert response.json() == {"detail": "Your session has ended. Please sign in again."}


def test_an_endpoint_with_its_own_sign_in_text_keeps_it(client, db):
    response = client.post(GENERATIONS, {"tool": "meta-copy"}, content_type="application/json")
    assert response.json() == {"detail": "Please sign in to use this service"}
