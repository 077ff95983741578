"""Helpers for the creative-version tests: a successful creative generation whose original
PNG is really in storage, and PNG bytes of any size."""

import io
import itertools

from PIL import Image

from history.models import Generation
from history.storage import GENERATION_HISTORY, save_file

_keys = itertools.count(1)


def png_bytes(width: int, height: int, color=(30, 60, 90), **save_options) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), color).save(out, format="PNG", **save_options)
    return out.getvalue()


def make_creative(user, *, width: int = 64, height: int = 48) -> Generation:
    stored = save_file(
        area=GENERATION_HISTORY,
        user_id=user.pk,
        name=f"meta_creative_{next(_keys)}.png",
        content=png_bytes(width, height),
    )
    return Generation.objects.create(
        user=user,
        tool="meta-creative",
        service_type="meta_creative",
        status=Generation.Status.SUCCESS,
        idempotency_key=f"creative-{next(_keys)}",
        credits_used=80,
        file=stored.path,
        bucket_path=stored.bucket_path,
        output_data={"image": stored.url, "engine": "demo"},
    )


def layers(**element) -> dict:
    base = {
        "id": "t1",
        "text": "Your Text Here",
        "x": 50,
        "y": 50,
        "fontSize": 32,
        "fontFamily": "Arial",
        "color": "#FFFFFF",
        "fontWeight": "bold",
        "fontStyle": "normal",
        "textAlign": "center",
        "rotation": 0,
        "opacity": 1,
    }
    return {"version": 1, "elements": [{**base, **element}]}
