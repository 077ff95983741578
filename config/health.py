from django.db import connection
from django.http import HttpResponse


def healthz(request):
    """Liveness + database check for load balancers; also the benchmarks' baseline view."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok", content_type="text/plain")
