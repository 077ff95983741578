from django.urls import path

from billing import views
from config.decorators import get_redirects_to

app_name = "billing"
urlpatterns = [
    path("billing", views.billing_page, name="index"),
    path("billing/api/", views.BillingActionsView.as_view(), name="api"),
    # POST-only ('Manage billing'); opened with GET it leads to the billing page.
    path("billing/portal/", get_redirects_to("billing:index")(views.customer_portal), name="portal"),
    path("billing/stripe/webhook/", views.stripe_webhook, name="stripe-webhook"),
]
