import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse


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
def staff_client(staff):
    client = Client()
    client.force_login(staff)
    return client


def change_in_admin(staff_client, user, **changes):
    """Post the admin's change form for `user` as staff would after editing some fields (the rest
    as the form shows them; Active stays ticked unless `is_active=""` unticks it)."""
    url = reverse("admin:accounts_user_change", args=[user.pk])
    page = staff_client.get(url)
    data = {
        field: value for field, value in page.context["adminform"].form.initial.items() if value is not None
    }
    data.pop("password", None)
    data.update({"groups": [], "user_permissions": [], "is_active": "on", **changes})
    return staff_client.post(url, data)


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
