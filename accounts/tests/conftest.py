import pytest
from django.contrib.messages import get_messages


def toasts(response) -> list[str]:
    """The Django messages a response carried (base.html renders them as toasts)."""
    return [str(m) for m in get_messages(response.wsgi_request)]


# A real SMTP backend pointed at a port where nothing listens: every send fails.
SMTP_DOWN = {
    "default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {"host": "127.0.0.1", "port": 9, "timeout": 2},
    }
}


@pytest.fixture
def smtp_down(settings):
    settings.MAILERS = SMTP_DOWN
    return settings


@pytest.fixture
def strong_password():
    return "Str0ngPassw0rd"


def image_bytes(size=(64, 48), color=(79, 70, 229), fmt="PNG") -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()
