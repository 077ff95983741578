from django.urls import path

from history import converters  # noqa: F401 (registers <dbid:>)
from services import api, pages

app_name = "services"
urlpatterns = [
    path("services/<slug:slug>", pages.tool_page, name="tool"),
    # JSON API (the islands get these URLs in their props, from reverse()).
    path("api/generations/", api.GenerationsView.as_view(), name="api-generations"),
    path("api/generations/active/", api.ActiveGenerationView.as_view(), name="api-generation-active"),
    path("api/generations/<dbid:pk>/", api.GenerationView.as_view(), name="api-generation"),
    path("api/uploads/", api.UploadsView.as_view(), name="api-uploads"),
]
