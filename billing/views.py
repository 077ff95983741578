import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from billing import reads, stripe_client
from billing.actions import NoBillingAccount, apply_stripe_event, cancel_subscription, open_customer_portal
from billing.models import Plan, StripeCustomer, Subscription
from billing.stripe_client import InvalidWebhook, StripeUnavailable
from config.api_errors import BadRequestMixin
from credits.models import balance_of

log = logging.getLogger(__name__)

SIGN_IN_TO_CANCEL = "Please sign in to cancel subscription"


@login_required
@require_safe
def billing_page(request):
    # One StripeReads for the page: once the subscriptions failed, the history is not asked.
    stripe_reads = reads.StripeReads()
    subscriptions, subscription_error = reads.open_subscriptions(request.user, stripe_reads=stripe_reads)
    invoices, invoices_error, invoices_recorded = reads.invoice_rows(request.user, stripe_reads=stripe_reads)
    # Cancelling, the customer portal and plan changes are Stripe API calls; without a key the
    # page shows what the webhooks recorded and offers none of them.
    stripe_api = stripe_client.is_configured()
    return render(
        request,
        "billing/billing.html",
        {
            "balance": balance_of(request.user),
            "subscriptions": subscriptions,
            "live_subscriptions": sum(subscription.is_live for subscription in subscriptions),
            "subscription_error": subscription_error,
            "invoices": invoices,
            "invoices_error": invoices_error,
            "invoices_recorded": invoices_recorded,
            "plans": list(Plan.objects.filter(is_active=True)),
            "on_billing_page": True,
            "billing_actions_available": stripe_api,
            "can_manage_billing": stripe_api and StripeCustomer.objects.filter(user=request.user).exists(),
        },
    )


@login_required
@require_POST
def customer_portal(request):
    """'Manage billing' (optional `subscription`) and 'Change plan' (`subscription` and `plan`):
    off to Stripe's customer portal, or back to the billing page with the reason it did not open."""
    try:
        url = open_customer_portal(
            user=request.user,
            subscription_id=request.POST.get("subscription", ""),
            plan_id=request.POST.get("plan", ""),
            return_url=request.build_absolute_uri(reverse("billing:index")),
        )
    except Subscription.DoesNotExist:
        raise Http404("No such subscription") from None
    except (NoBillingAccount, StripeUnavailable) as exc:
        messages.error(request, exc.message)
        return redirect("billing:index")
    return redirect(url)


class _SubscriptionOut(serializers.Serializer):
    subscription = serializers.JSONField(
        allow_null=True,
        help_text="id, status, cancel_at_period_end, "
        "current_period_end (unix seconds), items.data[0].price.id, plan",
    )


class _InvoicesOut(serializers.Serializer):
    invoices = serializers.ListField(
        child=serializers.JSONField(),
        help_text="id, number, created, amount_paid, currency, status, invoice_pdf",
    )


SUBSCRIPTION_ID_REQUIRED = "subscriptionId is required"


class _CancelIn(serializers.Serializer):
    subscriptionId = serializers.CharField()  # camelCase: the documented body field


class BillingActionsView(BadRequestMixin, APIView):
    """The documented billing function: GET ?action=get-subscription | get-invoices,
    POST ?action=cancel-subscription {subscriptionId}. Errors have the JSON API's shapes
    (docs/CONTRACTS.md): a bad body or a missing subscriptionId is 400 `{"errors": …}`; an unknown
    action, subscription or a Stripe failure (502, never a 500) is `{"detail": …}`."""

    def permission_denied(self, request, message=None, code=None):
        if request.user is None or not request.user.is_authenticated:
            raise NotAuthenticated(SIGN_IN_TO_CANCEL if request.method == "POST" else "Please sign in")
        super().permission_denied(request, message, code)

    @extend_schema(
        parameters=[
            OpenApiParameter("action", str, enum=["get-subscription", "get-invoices"], required=True)
        ],
        responses={200: PolymorphicProxySerializer("BillingRead", [_SubscriptionOut, _InvoicesOut], None)},
    )
    def get(self, request):
        action = request.query_params.get("action")
        if action == "get-subscription":
            subscription, error = reads.current_subscription(request.user)
            if error:
                return Response({"detail": error}, status=status.HTTP_502_BAD_GATEWAY)
            return Response({"subscription": subscription.as_stripe_dict() if subscription else None})
        if action == "get-invoices":
            invoices, error = reads.invoices_json(request.user)
            if error:
                return Response({"detail": error}, status=status.HTTP_502_BAD_GATEWAY)
            return Response({"invoices": invoices})
        return Response({"detail": "Unknown action"}, status=status.HTTP_400_BAD_REQUEST)

    @extend_schema(
        parameters=[OpenApiParameter("action", str, enum=["cancel-subscription"], required=True)],
        request=_CancelIn,
        responses={200: _SubscriptionOut},
    )
    def post(self, request):
        if request.query_params.get("action") != "cancel-subscription":
            return Response({"detail": "Unknown action"}, status=status.HTTP_400_BAD_REQUEST)
        body = _CancelIn(data=request.data if isinstance(request.data, dict) else {})
        if not body.is_valid() or not isinstance(request.data.get("subscriptionId"), str):
            return Response(
                {"errors": {"subscriptionId": [SUBSCRIPTION_ID_REQUIRED]}}, status=status.HTTP_400_BAD_REQUEST
            )
        try:
            subscription = cancel_subscription(
                user=request.user, subscription_id=body.validated_data["subscriptionId"]
            )
        except Subscription.DoesNotExist:
            return Response({"detail": "Subscription not found"}, status=status.HTTP_404_NOT_FOUND)
        except StripeUnavailable:
            return Response({"detail": "Failed to cancel subscription"}, status=status.HTTP_502_BAD_GATEWAY)
        return Response({"subscription": subscription.as_stripe_dict()})


@csrf_exempt  # Stripe cannot send our CSRF token; the signature check takes its place.
@require_POST
def stripe_webhook(request):
    try:
        event = stripe_client.verify_webhook(request.body, request.headers.get("Stripe-Signature"))
    except InvalidWebhook as exc:
        log.warning("Refused a Stripe webhook: %s", exc)
        return HttpResponseBadRequest(exc.answer)
    try:
        apply_stripe_event(event=event)
    except Exception:
        # Already logged and stored on the event; a 500 makes Stripe deliver it again later.
        return HttpResponse("Event not processed", status=500)
    return HttpResponse("ok")
