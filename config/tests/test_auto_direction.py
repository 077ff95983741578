"""Inputs a user writes free text in carry dir="auto" (Hebrew or Arabic lines up from the right
as it is typed); e-mail, URL and password inputs stay left to right. The shared form field partial
adds it through the `auto_direction` filter, on the form's own widgets only."""

import re

import pytest
from django.urls import reverse

from accounts.forms import ProfileForm

pytestmark = pytest.mark.django_db


def control(html: str, name: str) -> str:
    """The opening tag of the input or textarea named `name`."""
    match = re.search(rf'<(?:input|textarea)\b[^>]*\bname="{name}"[^>]*>', html)
    assert match, name
    return match.group(0)


def test_the_profile_forms_free_text_fields_follow_their_texts_direction(alice_client):
    html = alice_client.get(reverse("accounts:profile")).content.decode()
    for name in ("name", "company", "bio"):
        assert 'dir="auto"' in control(html, name)
    for name in ("email", "website"):
        assert "dir=" not in control(html, name)


def test_sign_up_gives_the_name_its_direction_and_keeps_email_and_password_left_to_right(client):
    html = client.get(reverse("accounts:signup")).content.decode()
    assert 'dir="auto"' in control(html, "name")
    for name in ("email", "password1"):
        assert "dir=" not in control(html, name)


def test_the_direction_is_set_on_one_forms_widgets_not_on_the_form_class(alice_client):
    alice_client.get(reverse("accounts:profile"))
    assert "dir" not in ProfileForm.base_fields["bio"].widget.attrs
