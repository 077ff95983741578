from django.urls import path

from billing import views

app_name = "billing"
urlpatterns = [
    path("billing", views.billing_page, name="index"),
    path("billing/api/", views.BillingActionsView.as_view(), name="api"),
    path("billing/portal/", views.customer_portal, name="portal"),
    path("billing/stripe/webhook/", views.stripe_webhook, name="stripe-webhook"),
]
