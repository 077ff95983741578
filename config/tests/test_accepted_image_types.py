"""The image formats the pickers offer are the ones uploads accept (config.images)."""

import re
from pathlib import Path

from django.urls import reverse

from config.images import ACCEPT_ATTRIBUTE, ACCEPTED_FORMATS

ROOT = Path(__file__).resolve().parents[2]


def test_the_accept_attribute_names_exactly_the_accepted_formats():
    assert {kind.removeprefix("image/").upper() for kind in ACCEPT_ATTRIBUTE.split(",")} == ACCEPTED_FORMATS


def test_the_islands_upload_picker_offers_the_same_types():
    source = (ROOT / "frontend/components/UploadWidget.jsx").read_text()
    [types] = re.findall(r'ACCEPTED_IMAGE_TYPES = "([^"]+)"', source)
    assert types == ACCEPT_ATTRIBUTE


def test_the_avatar_picker_offers_the_same_types(alice_client):
    html = alice_client.get(reverse("accounts:profile")).content.decode()
    assert f'accept="{ACCEPT_ATTRIBUTE}" data-avatar-input' in html
