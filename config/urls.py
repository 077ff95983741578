from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from config import health, views
from config.admin_login import RateLimitedAdminAuthenticationForm

# The admin's sign-in shares allauth's failed-login rate limits (config/admin_login.py).
admin.site.login_form = RateLimitedAdminAuthenticationForm
# The brand is a setting (spec README), in the staff area too.
admin.site.site_header = f"{settings.PRODUCT_NAME} administration"
admin.site.site_title = f"{settings.PRODUCT_NAME} staff"
# No sidebar of every model beside each page: with a list's filters it left the list under half
# of a laptop's screen, and the users', ledger's and generations' lists scrolled sideways. The
# index and the breadcrumbs lead everywhere it did.
admin.site.enable_nav_sidebar = False

urlpatterns = [
    path("", views.landing, name="landing"),
    path("dashboard", views.dashboard, name="dashboard"),
    path("healthz", health.healthz, name="healthz"),
    # Pages name their icon; what does not (the admin, a browser's own request) asks here.
    path("favicon.ico", views.favicon, name="favicon"),
    path("services", RedirectView.as_view(pattern_name="dashboard"), name="services-index"),
    # The tools' pages and API before the rest: Django tries the patterns in order, and these
    # serve the busiest requests.
    path("", include("services.urls")),
    path("", include("accounts.urls")),
    path("", include("credits.urls")),
    path("", include("history.urls")),
    path("", include("billing.urls")),
    path("accounts/", include("allauth.urls")),
    path(settings.ADMIN_URL, admin.site.urls),
]

handler400 = "config.views.bad_request"
handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"
