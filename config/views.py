"""Project-level pages that compose several apps: the landing page, the dashboard, 404."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render


def landing(request):
    return render(request, "landing.html")


@login_required
def dashboard(request):
    return render(request, "dashboard.html")


def page_not_found(request, exception=None):
    return render(request, "404.html", status=404)
