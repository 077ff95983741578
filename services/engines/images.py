"""Images going into and coming out of engines.

In: the user's logo and product image are named by our own upload URL (read from storage through
`assets`, never fetched over HTTP) or by a URL they pasted (fetched through config.outbound with
the public-address check). Out: whatever an engine's reply holds — a data URL, bare base64 or an
http URL — becomes verified PNG bytes, or the caller's documented "no image" error.
"""

import base64
import binascii
import logging

from config import outbound
from config.images import InvalidImage, image_header, reencode_image
from services.engines.base import EngineError
from services.engines.replies import excerpt

logger = logging.getLogger(__name__)

IMAGE_MAX_BYTES = 15 * 1024 * 1024
IMAGE_FETCH_TIMEOUT = 30.0
IMAGE_FETCH_FAILED = "Failed to fetch image from URL ({what}): {reason}"
# The smallest side an engine's image may have and still be sold as a creative. The tools offer
# 1024-pixel formats; an engine answering a 1×1 dot or a thumbnail is broken, and the customer
# would pay for a picture they cannot use (or edit: the text editor works in % of the image).
# 256 leaves room for engines that answer at a smaller size than asked, and refuses no aspect ratio.
MIN_CREATIVE_SIDE = 256
IMAGE_TOO_SMALL = (
    f"The generated image is too small (at least {MIN_CREATIVE_SIDE} × {MIN_CREATIVE_SIDE} pixels)"
)


def png_from_reference(reference: str, *, no_image_message: str) -> bytes:
    """A reply's image (data URL, bare base64 or http(s) URL) → PNG bytes, decoded and re-encoded."""
    reference = (reference or "").strip()
    if reference.startswith("http://") or reference.startswith("https://"):
        try:
            raw = outbound.fetch(
                reference, timeout=IMAGE_FETCH_TIMEOUT, max_bytes=IMAGE_MAX_BYTES, user_supplied=True
            )
        except outbound.OutboundError as exc:
            logger.info("Could not fetch the generated image: %s", exc.message)
            raise EngineError(no_image_message, retryable=exc.kind in ("timeout", "connection")) from None
        if not raw.ok:
            raise EngineError(no_image_message)
        data = raw.content
    else:
        data = decode_base64_image(reference)
        if data is None:
            raise EngineError(no_image_message)
    return png_bytes(data, no_image_message=no_image_message)


def decode_base64_image(reference: str) -> bytes | None:
    """`data:image/…;base64,…` or bare base64 → bytes; None when it is not base64 at all."""
    payload = reference.split(",", 1)[1] if reference.startswith("data:") and "," in reference else reference
    payload = "".join(payload.split())  # line-wrapped base64
    if not payload:
        return None
    try:
        return base64.b64decode(payload + "=" * (-len(payload) % 4), validate=True)
    except (binascii.Error, ValueError):
        try:
            return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        except (binascii.Error, ValueError):
            return None


def png_bytes(data: bytes, *, no_image_message: str) -> bytes:
    """An engine's image as verified PNG bytes: no image at all is the caller's documented message,
    one too small to be a creative is IMAGE_TOO_SMALL (both fail the run, which is refunded)."""
    try:
        png, _extension = reencode_image(data, force_png=True)
        _format, (width, height) = image_header(png)
    except InvalidImage:
        raise EngineError(no_image_message) from None
    if min(width, height) < MIN_CREATIVE_SIDE:
        logger.info("An engine answered a %d×%d image; refused as too small", width, height)
        raise EngineError(IMAGE_TOO_SMALL)
    return png


def read_input_image(inputs: dict, assets, *fields: str, what: str) -> bytes | None:
    """The bytes of a user's logo or product image: the first of `fields` (an upload field, then
    its URL field) that is filled in. None when they are empty or name nothing readable.

    Our own upload URL is read from storage; a pasted URL is fetched with the public-address check.
    The result is verified by decoding. A pasted URL that gives no image fails the run with the
    reason, as a scrape does — the address, the server's answer, the size or the content — and
    names the image (`what`: "logo", "product image"), as a form may have both.
    """
    reference = next((value.strip() for field in fields if (value := inputs.get(field) or "").strip()), "")
    if not reference:
        return None
    data = assets.read(reference)
    if data is None and (reference.startswith("http://") or reference.startswith("https://")):
        data = _fetch_pasted_image(reference, what=what)
    if data is None:
        return None
    try:
        return reencode_image(data, force_png=True)[0]
    except InvalidImage as exc:
        raise EngineError(_fetch_failed(what, exc.message)) from None


def _fetch_pasted_image(url: str, *, what: str) -> bytes:
    try:
        response = outbound.fetch(
            url, timeout=IMAGE_FETCH_TIMEOUT, max_bytes=IMAGE_MAX_BYTES, user_supplied=True
        )
    except outbound.UnresolvableHost:
        raise EngineError(
            _fetch_failed(what, "Could not resolve the image's address"), retryable=True
        ) from None
    except outbound.OutboundError as exc:
        reason = exc.message
        if exc.kind == "too_large":
            reason = f"The image is larger than {IMAGE_MAX_BYTES // (1024 * 1024)} MB"
        raise EngineError(
            _fetch_failed(what, reason), retryable=exc.kind in ("timeout", "connection")
        ) from None
    if not response.ok:
        raise EngineError(
            _fetch_failed(what, f"The server answered {response.status} {excerpt(response.reason)}".strip()),
            retryable=response.status >= 500,
        )
    return response.content


def _fetch_failed(what: str, reason: str) -> str:
    """The documented message, naming the image, with the reason as one sentence."""
    reason = reason.strip()
    return IMAGE_FETCH_FAILED.format(
        what=what, reason=reason if reason.endswith((".", "!", "?")) else f"{reason}."
    )


def image_for_webhook(reference: str, assets) -> str:
    """What a webhook body carries for an image field: our own upload as a PNG data URL (the
    automation service cannot read our private files), a pasted URL unchanged, empty as ""."""
    reference = (reference or "").strip()
    if not reference:
        return ""
    data = assets.read(reference)
    if data is None:
        return reference
    try:
        png = reencode_image(data, force_png=True)[0]
    except InvalidImage:
        return ""
    return "data:image/png;base64," + base64.b64encode(png).decode()
