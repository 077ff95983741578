import pytest
from django.contrib.messages import get_messages


def toasts(response) -> list[str]:
    """The Django messages a response carried (base.html renders them as toasts)."""
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def strong_password():
    return "Str0ngPassw0rd"


def image_bytes(size=(64, 48), color=(79, 70, 229), fmt="PNG") -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()
