"""Garbage on every account form gets field errors (or a clean refusal), never a server error."""

import pytest

GARBAGE = [
    "",
    " ",
    "\x00",
    "a" * 5000,
    "😀" * 300,
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u202e\ufeff",
]


@pytest.mark.parametrize("value", GARBAGE)
@pytest.mark.parametrize(
    ("path", "fields"),
    [
        ("/signin", ["email", "password", "remember"]),
        ("/signup", ["name", "email", "password1", "accept_terms"]),
        ("/forgot-password", ["email"]),
    ],
)
def test_public_forms(client, db, path, fields, value):
    response = client.post(path, dict.fromkeys(fields, value))
    assert response.status_code in (200, 302, 429)
    assert "<script>alert(1)</script>" not in response.content.decode()  # echoed values are escaped


@pytest.mark.parametrize("value", GARBAGE)
def test_profile_form(alice_client, value):
    fields = ["name", "email", "company", "website", "bio", "avatar"]
    response = alice_client.post("/profile", dict.fromkeys(fields, value))
    assert response.status_code == 200
    assert response.context["form"].errors


def test_the_reset_form_with_garbage(client, alice):
    import re

    from django.core import mail

    client.post("/forgot-password", {"email": alice.email})
    link = re.search(r"http://testserver(/reset-password/\S+)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]
    for value in GARBAGE:
        assert client.post(form_url, {"password1": value}).status_code == 200


def test_an_avatar_upload_that_is_not_multipart(alice_client):
    response = alice_client.post(
        "/profile/avatar", "file=xyz", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert response.json() == {"error": "No file provided"}
