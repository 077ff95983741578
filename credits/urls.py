from django.urls import path

from credits import views

app_name = "credits"
urlpatterns = [
    path("api/credits/", views.CreditsView.as_view(), name="api"),
    path("usage", views.usage, name="usage"),
]
