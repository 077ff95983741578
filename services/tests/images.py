"""Small real images for engine tests."""

import base64
import io

from PIL import Image


def make_png(width: int = 64, height: int = 48, color: str = "#FF6B9D") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), color).save(out, format="PNG")
    return out.getvalue()


def make_b64_png(width: int = 320, height: int = 256, color: str = "#FF6B9D") -> str:
    # An engine's answer: by default just big enough to be a creative (images.MIN_CREATIVE_SIDE).
    return base64.b64encode(make_png(width, height, color)).decode()


def image_size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        return image.size


def pixel(png: bytes, xy: tuple[int, int]) -> tuple:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB").getpixel(xy)
