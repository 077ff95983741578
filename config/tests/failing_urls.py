"""The site's URLs plus two that always fail, for the 500 handlers' tests (ROOT_URLCONF)."""

from django.urls import path

from config.urls import handler400, handler404, handler500, urlpatterns  # noqa: F401 (Django reads them)


def fail(request):
    raise RuntimeError("a bug")


urlpatterns = [
    path("failing-page", fail),
    path("api/failing/", fail),
    # Shaped like a password-reset link (its key must not reach the log), before the real one.
    path("reset-password/<str:link>", fail),
    *urlpatterns,
]
