import re

from django.urls import path, register_converter
from django.views.generic import RedirectView

from history import converters  # noqa: F401 (registers <dbid:>)
from services import api, pages
from services.registry import TOOLS


class ToolSlugConverter:
    """Only the registered tools' slugs: a trailing-slash URL naming any other tool is a 404,
    as it is without the slash."""

    regex = "|".join(re.escape(slug) for slug in TOOLS)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ToolSlugConverter, "tool_slug")

app_name = "services"
urlpatterns = [
    path("services/<slug:slug>", pages.tool_page, name="tool"),
    # "/services/meta-copy/" → "/services/meta-copy". Permanent, like Django's own APPEND_SLASH
    # redirect: the address without the slash is the one and only address of a tool page.
    path(
        "services/<tool_slug:slug>/",
        RedirectView.as_view(pattern_name="services:tool", permanent=True, query_string=True),
        name="tool-with-slash",
    ),
    # JSON API (the islands get these URLs in their props, from reverse()).
    path("api/generations/", api.GenerationsView.as_view(), name="api-generations"),
    path("api/generations/active/", api.ActiveGenerationView.as_view(), name="api-generation-active"),
    path("api/generations/<dbid:pk>/", api.GenerationView.as_view(), name="api-generation"),
    path("api/uploads/", api.UploadsView.as_view(), name="api-uploads"),
]
