from django.urls import path

from history import api, views

app_name = "history"
urlpatterns = [
    path("api/history/", api.HistoryView.as_view(), name="api-history"),
    path("api/history/<int:pk>/", api.HistoryItemView.as_view(), name="api-history-item"),
    path("files/<str:area>/<int:user_id>/<str:name>", views.download_file, name="file"),
]
