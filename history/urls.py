from django.urls import path

from history import api, versions, views

app_name = "history"
urlpatterns = [
    path("api/history/", api.HistoryView.as_view(), name="api-history"),
    path("api/history/<int:pk>/", api.HistoryItemView.as_view(), name="api-history-item"),
    path("files/<str:area>/<int:user_id>/<str:name>", views.download_file, name="file"),
    # The text-overlay editor's saved versions of a creative (history/versions.py).
    path(
        "api/generations/<int:pk>/versions/", versions.VersionsView.as_view(), name="api-generation-versions"
    ),
    path(
        "api/generations/<int:pk>/versions/latest/",
        versions.LatestVersionView.as_view(),
        name="api-generation-version-latest",
    ),
]
