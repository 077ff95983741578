"""Writes to file storage: user uploads, the stored copy of each generation's result, and the
text-overlay editor's saved versions of a creative."""

import json
import logging
import secrets
import time

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from accounts.avatars import AVATAR_MAX_BYTES  # 'user-uploads' holds avatars
from config.images import NOT_AN_IMAGE, InvalidImage, image_header, reencode_image
from config.storage import delete_files, read_file
from history.models import CreativeVersion, Generation
from history.storage import (
    GENERATION_HISTORY,
    UPLOAD_AREAS,
    USER_UPLOADS,
    StoredPath,
    save_file,
)
from history.versions import original_path

logger = logging.getLogger(__name__)

MB = 1024 * 1024
UPLOAD_MAX_BYTES = 5 * MB


class UploadRejected(Exception):
    """The upload is refused; `message` is the documented, user-facing text."""

    def __init__(self, message: str, *, field: str = "file"):
        self.message = message
        self.field = field
        super().__init__(message)


def upload_limit(area: str) -> int:
    return AVATAR_MAX_BYTES if area == USER_UPLOADS else UPLOAD_MAX_BYTES


def size_message(limit: int) -> str:
    return f"File size must be less than {limit // MB}MB"


def store_upload(*, user, area: str, upload: UploadedFile | None) -> StoredPath:
    """Verify an uploaded image by decoding it, re-encode it, and store it under the user's id.

    The original bytes are never stored — only the re-encoded pixels — and the original file
    name is ignored (the stored name is random). Raises UploadRejected (a bad upload) or
    config.storage.StorageFailed (the storage refused the write).
    """
    if area not in UPLOAD_AREAS:
        raise UploadRejected(f"Bucket must be one of: {', '.join(UPLOAD_AREAS)}", field="bucket")
    if upload is None:
        raise UploadRejected("No file provided")
    limit = upload_limit(area)
    if upload.size is None or upload.size > limit:
        raise UploadRejected(size_message(limit))
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise UploadRejected(size_message(limit))
    try:
        image, extension = reencode_image(data)
    except InvalidImage as exc:
        raise UploadRejected(exc.message) from None
    name = f"{secrets.token_hex(16)}.{extension}"
    return save_file(area=area, user_id=user.pk, name=name, content=image)  # may raise StorageFailed


# --- generation results (spec 000 §7 "Storing a result") ------------------------------------


def result_file_name(service_type: str, extension: str) -> str:
    """The documented `{serviceType}_{timestamp}.{png|txt}`; the timestamp is in milliseconds,
    as the original app's Date.now() was."""
    return f"{service_type}_{int(time.time() * 1000)}.{extension}"


def result_text(output: dict) -> str:
    """What a text result's file holds: the social copy, else the variations, else a
    primaryText/headline/description set, else the whole output as JSON."""
    if isinstance(output.get("socialMediaCopy"), str) and output["socialMediaCopy"].strip():
        return output["socialMediaCopy"]
    variations = output.get("variations")
    if isinstance(variations, list) and variations:
        blocks = []
        for number, variation in enumerate(variations, start=1):
            if isinstance(variation, dict):
                blocks.append(_copy_block(f"Variation {number}", variation))
        if blocks:
            return "\n\n".join(blocks)
    if any(key in output for key in ("primaryText", "headline", "description")):
        return _copy_block("", output)
    return json.dumps(output, indent=2, ensure_ascii=False)


def _copy_block(title: str, copy: dict) -> str:
    lines = [title] if title else []
    lines += [
        f"Headline: {copy.get('headline', '')}",
        f"Description: {copy.get('description', '')}",
        f"Primary text: {copy.get('primaryText', '')}",
    ]
    return "\n".join(lines)


def store_result_image(*, generation: Generation, image: bytes) -> StoredPath:
    """Store a generated image as PNG. Raises InvalidImage if the bytes are not an image;
    storage errors propagate (the caller decides what a missing image means)."""
    png, _ = reencode_image(image, force_png=True)
    return save_file(
        area=GENERATION_HISTORY,
        user_id=generation.user_id,
        name=result_file_name(generation.service_type, "png"),
        content=png,
    )


def store_result_text(*, generation: Generation, output: dict) -> StoredPath | None:
    """Store a text result. A failed store does not fail the generation (spec 000 §8): it is
    logged and the generation simply has no file."""
    try:
        return save_file(
            area=GENERATION_HISTORY,
            user_id=generation.user_id,
            name=result_file_name(generation.service_type, "txt"),
            content=result_text(output).encode("utf-8"),
        )
    except Exception:
        logger.exception("Storing the result of generation %s failed", generation.pk)
        return None


# --- creative versions (the text-overlay editor's saves) ------------------------------------

# A 1536 × 1024 RGBA PNG of a busy photo is about 6 MB; this leaves room without letting one
# request hold arbitrary amounts of memory.
VERSION_MAX_BYTES = 20 * MB
# Older versions are deleted (rows and files) beyond this many per generation: reopening only
# ever needs the newest, and storage should not grow with every click on Apply.
VERSIONS_KEPT = 10

NOT_A_PNG = "The edited image must be a PNG file"
NOT_EDITABLE = "This generation has no image to edit"
NO_FILE = "No file provided"
# A version is "the creative with custom text": one with no text to see would be the original
# under another name, badge and all. Taking the text off is remove_creative_text instead.
NO_VISIBLE_TEXT = "Add text to apply"

# What the editor's JavaScript trims (String.prototype.trim, ECMAScript WhiteSpace and
# LineTerminator), so the server refuses exactly the texts the editor treats as empty.
_JS_WHITESPACE = (
    " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


class VersionRejected(Exception):
    """The version is refused; `message` is user-facing, `field` the form field it concerns."""

    def __init__(self, message: str, *, field: str = "file"):
        self.message = message
        self.field = field
        super().__init__(message)


def has_visible_text(layers: dict) -> bool:
    """Whether any layer draws something: text that is not all whitespace, not fully transparent."""
    return any(
        element["text"].strip(_JS_WHITESPACE) and element["opacity"] > 0
        for element in layers.get("elements", [])
    )


def save_creative_version(*, generation: Generation, image: bytes, layers: dict) -> CreativeVersion:
    """Store an edited creative as the generation's newest version (the original is kept).

    `layers` (validated by history.layers.parse_layers) must have text to see: without, the
    "version" would be the original (NO_VISIBLE_TEXT; remove_creative_text brings that back).

    The PNG must have exactly the original's pixel size — the editor always renders at natural
    size, so a different size means a wrong or tampered upload — and must decode completely.
    The size is checked from the header first: a wrong upload is refused before the decode,
    which is the expensive part (up to 25 megapixels). What is stored is a fresh PNG of the
    decoded pixels. Raises VersionRejected, or StorageFailed with nothing written (no row, no file).
    """
    if not has_visible_text(layers):
        raise VersionRejected(NO_VISIBLE_TEXT, field="layers")
    width, height = _original_size(generation)
    try:
        source_format, size = image_header(image)
    except InvalidImage:
        raise VersionRejected(NOT_A_PNG) from None
    if source_format != "PNG":
        raise VersionRejected(NOT_A_PNG)
    if size != (width, height):
        raise VersionRejected(f"The image must be {width} × {height} pixels, the size of the original")
    try:
        png, _ = reencode_image(image, force_png=True)
    except InvalidImage as exc:
        raise VersionRejected(NOT_A_PNG if exc.message == NOT_AN_IMAGE else exc.message) from None
    stored = save_file(
        area=GENERATION_HISTORY,
        user_id=generation.user_id,
        name=f"{generation.service_type}_{int(time.time() * 1000)}_text.png",
        content=png,
    )
    try:
        with transaction.atomic():
            version = CreativeVersion.objects.create(generation=generation, file=stored.path, layers=layers)
            stale = list(
                CreativeVersion.objects.filter(generation=generation).order_by("-created_at", "-id")[
                    VERSIONS_KEPT:
                ]
            )
            CreativeVersion.objects.filter(pk__in=[v.pk for v in stale]).delete()
            # Files go only once the rows are gone for good.
            transaction.on_commit(lambda: delete_files([v.file.name for v in stale]))
    except Exception:
        delete_files([stored.path])  # no row points at it: do not leave it behind
        raise
    return version


def remove_creative_text(*, generation: Generation) -> int:
    """Take the custom text off a creative: delete its saved versions, rows first and then their
    files once that is committed, so pages show and download the original again, without the
    'With Custom Text' badge, and the editor reopens on it with no layers. Returns how many
    versions went (0 when there were none: asking twice is harmless)."""
    with transaction.atomic():
        # Locked, so a version saved meanwhile is either gone with these or kept whole.
        versions = list(CreativeVersion.objects.filter(generation=generation).select_for_update())
        CreativeVersion.objects.filter(pk__in=[v.pk for v in versions]).delete()
        transaction.on_commit(lambda: delete_files([v.file.name for v in versions]))
    return len(versions)


def _original_size(generation: Generation) -> tuple[int, int]:
    stored = original_path(generation)
    data = read_file(stored.path) if stored else None
    try:
        if data is not None:
            return image_header(data)[1]
    except InvalidImage:
        logger.warning("The stored original of generation %s is not an image", generation.pk)
    raise VersionRejected(NOT_EDITABLE, field="non_field_errors")
