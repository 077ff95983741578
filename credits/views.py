from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from credits.models import LedgerEntry, balance_of

USAGE_PAGE_SIZE = 25


class CreditsSerializer(serializers.Serializer):
    credits = serializers.IntegerField(min_value=0)


class CreditsView(APIView):
    """The signed-in user's balance, for the shell's balance island (refreshed every 30 s)."""

    @extend_schema(responses=CreditsSerializer, summary="The signed-in user's credit balance")
    def get(self, request):
        return Response(CreditsSerializer({"credits": balance_of(request.user)}).data)


@login_required
def usage(request):
    """The user's own ledger, newest first: what they spent on which tool, refunds, grants."""
    entries = LedgerEntry.objects.for_user(request.user).newest_first()
    page = Paginator(entries, USAGE_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "credits/usage.html", {"page": page, "balance": balance_of(request.user)})
