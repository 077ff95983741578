"""The API answers JSON whatever the request's Accept header asks for (config.negotiation)."""

import pytest
from django.urls import reverse

from services.tests.generation_inputs import META_COPY_INPUTS


@pytest.mark.parametrize(
    "accept", ["text/html", "application/xml;q=1", "image/png, */*;q=0.1", "", "nonsense"]
)
def test_any_accept_header_gets_json(alice_client, accept):
    response = alice_client.get(reverse("credits:api"), HTTP_ACCEPT=accept)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"credits": 100}


def test_a_start_asking_for_html_gets_its_json_answer(alice_client):
    response = alice_client.post(
        reverse("services:api-generations"),
        {"tool": "meta-copy", "inputs": META_COPY_INPUTS, "idempotency_key": "k"},
        content_type="application/json",
        HTTP_ACCEPT="text/html",
    )
    assert response.status_code == 202 and response.json()["status"] == "queued"
