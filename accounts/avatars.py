"""Avatar images: verified by decoding (never by name or declared type), re-encoded as PNG,
kept under `user-uploads/{user_id}/` in the default storage (spec/README decision 5)."""

import io
import re
import uuid

from django.core.files.base import ContentFile
from django.urls import reverse
from PIL import Image

from config.images import InvalidImage, decode_image

AVATAR_MAX_BYTES = 2 * 1024 * 1024  # documented: avatar 2 MB
AVATAR_MAX_SIDE = 512  # shown at most ~128 px; 512 keeps it sharp on dense screens

NO_FILE = "No file provided"
TOO_LARGE = "File size must be less than 2MB"

_AVATAR_FILE = re.compile(r"^avatar-[0-9a-f]{32}\.png$")


class AvatarError(Exception):
    """A user-facing reason the upload was refused."""


def avatar_dir(user) -> str:
    return f"user-uploads/{user.pk}"


def is_own_avatar_name(user, name: str) -> bool:
    folder, _, filename = name.rpartition("/")
    return folder == avatar_dir(user) and _AVATAR_FILE.match(filename) is not None


def is_avatar_filename(filename: str) -> bool:
    return _AVATAR_FILE.match(filename) is not None


def avatar_url_for(user, name: str) -> str:
    """The owner-checked URL of one of the user's avatar files ('' when there is none)."""
    if not name or not is_own_avatar_name(user, name):
        return ""
    return reverse("accounts:avatar", kwargs={"user_id": user.pk, "filename": name.rpartition("/")[2]})


def reencode_avatar(upload) -> ContentFile:
    """Decode the upload (config.images: by content, within the pixel limit) and return a
    fresh PNG of it, square-bounded to AVATAR_MAX_SIDE."""
    if upload is None:
        raise AvatarError(NO_FILE)
    if upload.size > AVATAR_MAX_BYTES:
        raise AvatarError(TOO_LARGE)
    try:
        image, _ = decode_image(upload.read())
    except InvalidImage as exc:
        raise AvatarError(exc.message) from None
    image.thumbnail((AVATAR_MAX_SIDE, AVATAR_MAX_SIDE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return ContentFile(out.getvalue(), name=f"avatar-{uuid.uuid4().hex}.png")
