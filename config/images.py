"""Image verification by content, and re-encoding.

Uploaded files and engine images are trusted by nothing they claim (name, Content-Type,
extension): they are decoded with Pillow, and what we store is a fresh PNG or JPEG built
from the decoded pixels only. Metadata (EXIF, comments, text chunks, ICC profiles) and any
bytes appended to or hidden in the original (polyglots) are therefore never stored.
"""

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

# Web image formats we decode. SVG is not a raster format Pillow reads, so it is refused too.
ACCEPTED_FORMATS = {"PNG", "JPEG", "GIF", "WEBP"}
# The same formats for a file picker's `accept` (the profile's avatar picker; the islands'
# UploadWidget has a copy that a test holds to this one).
ACCEPT_ATTRIBUTE = "image/png,image/jpeg,image/webp,image/gif"
# 25 megapixels (e.g. 5000 × 5000): far above any creative or logo, and a fixed ceiling on the
# memory one decode may take. Larger images — and decompression bombs — are refused unread.
MAX_PIXELS = 25_000_000

NOT_AN_IMAGE = "Only image files are allowed"
TOO_MANY_PIXELS = "The image is too large (at most 25 megapixels)"  # the client adds "Upload failed: "


class InvalidImage(Exception):
    """The bytes are not an acceptable image; the message is user-facing."""

    def __init__(self, message: str = NOT_AN_IMAGE):
        self.message = message
        super().__init__(message)


def image_header(data: bytes) -> tuple[str, tuple[int, int]]:
    """(format, (width, height)) as the image's header states them — no pixel is decoded, so
    this costs the same for a 25-megapixel image as for an icon. Checks made on it (the format,
    an expected size) can refuse a wrong upload before the expensive decode. Raises InvalidImage
    when the bytes do not even start like an image."""
    try:
        with warnings.catch_warnings():
            # Only the stated size is read here; the caller judges it (decode_image refuses a bomb).
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as probe:
                return probe.format or "", probe.size
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, TypeError, EOFError, IndexError):
        raise InvalidImage(NOT_AN_IMAGE) from None
    except Image.DecompressionBombError:
        raise InvalidImage(TOO_MANY_PIXELS) from None


def reencode_image(data: bytes, *, force_png: bool = False) -> tuple[bytes, str]:
    """Decode `data` and return (fresh image bytes, extension "png" or "jpg").

    JPEG stays JPEG (photos would balloon as PNG) unless `force_png`; everything else becomes
    PNG. Raises InvalidImage for anything that is not a complete, decodable image in an
    accepted format within the pixel limit.
    """
    clean, source_format = decode_image(data)
    out = io.BytesIO()
    if source_format == "JPEG" and not force_png:
        clean.convert("RGB").save(out, format="JPEG", quality=90, optimize=True)
        return out.getvalue(), "jpg"
    clean.save(out, format="PNG", optimize=False)
    return out.getvalue(), "png"


def decode_image(data: bytes) -> tuple[Image.Image, str]:
    """The pixels of `data`'s first frame as a brand-new image (RGB, or RGBA when it has
    transparency; the orientation EXIF described applied; no metadata), and its source format.
    Raises InvalidImage, with the user-facing reason, for anything that is not a complete,
    decodable image in an accepted format within the pixel limit."""
    with warnings.catch_warnings():
        # Pillow warns (rather than raises) for images between its two bomb thresholds.
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            return _decode(data)
        except InvalidImage:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise InvalidImage(TOO_MANY_PIXELS) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, TypeError, EOFError, IndexError):
            raise InvalidImage(NOT_AN_IMAGE) from None


def _decode(data: bytes) -> tuple[Image.Image, str]:
    with Image.open(io.BytesIO(data)) as probe:
        source_format = probe.format
        if source_format not in ACCEPTED_FORMATS:
            raise InvalidImage(NOT_AN_IMAGE)
        # The header's size, checked before a single pixel is decoded.
        if probe.width * probe.height > MAX_PIXELS or probe.width < 1 or probe.height < 1:
            raise InvalidImage(TOO_MANY_PIXELS)
        probe.verify()  # structural checks (CRCs, truncation) without decoding

    # verify() leaves the image unusable; open again and decode every pixel of the first frame.
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        image = ImageOps.exif_transpose(image)  # keep the orientation EXIF described, then drop EXIF
        mode = "RGBA" if _has_alpha(image) else "RGB"
        pixels = image.convert(mode)
        # A brand-new image from raw pixels: no info dict, so no metadata can be carried over.
        return Image.frombytes(mode, pixels.size, pixels.tobytes()), source_format


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
