from django.urls import path

from history import api, converters, pages, views  # noqa: F401 (converters registers <dbid:>)

app_name = "history"
urlpatterns = [
    path("history", pages.index, name="index"),
    path("api/history/", api.HistoryView.as_view(), name="api-history"),
    path("api/history/<dbid:pk>/", api.HistoryItemView.as_view(), name="api-history-item"),
    path("files/<str:area>/<dbid:user_id>/<str:name>", views.download_file, name="file"),
    # The text-overlay editor's saved versions of a creative.
    path("api/generations/<dbid:pk>/versions/", api.VersionsView.as_view(), name="api-generation-versions"),
    path(
        "api/generations/<dbid:pk>/versions/latest/",
        api.LatestVersionView.as_view(),
        name="api-generation-version-latest",
    ),
]
