"""The full history page (/history): every generation of the signed-in user, filterable by tool,
read through the history API by the same item component the tool pages' panels use."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from history.models import ServiceType, service_type_spellings

# reverse() needs a real id; islands swap this one for "{id}" (frontend/lib/urls.js urlFor).
_ID_SENTINEL = 987654321


def url_template(name: str) -> str:
    """A per-object URL with "{id}" where the object's id goes, e.g. "/api/history/{id}/"."""
    return reverse(name, kwargs={"pk": _ID_SENTINEL}).replace(str(_ID_SENTINEL), "{id}")


def history_urls() -> dict[str, str]:
    return {
        "history": reverse("history:api-history"),
        "historyItem": url_template("history:api-history-item"),
    }


def service_type_labels() -> dict[str, str]:
    """A display name for every stored spelling of a service type (underscore, hyphen, legacy)."""
    return {
        spelling: str(label)
        for value, label in ServiceType.choices
        for spelling in service_type_spellings(value)
    }


@login_required
@require_safe
def index(request):
    props = {
        "urls": history_urls(),
        "types": [{"value": value, "label": str(label)} for value, label in ServiceType.choices],
        "labels": service_type_labels(),
    }
    return render(request, "history/index.html", {"props": props})
