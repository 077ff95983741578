"""Is this process fit to serve? /healthz for load balancers, and the start-up refusal of a web
process whose configuration cannot work (config/wsgi.py)."""

import logging

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError, connection
from django.http import HttpResponse

logger = logging.getLogger(__name__)

# The tag of the system checks a web process runs as it starts (services/checks.py,
# billing/checks.py): settings mistakes that `check`, `migrate`, the workers and the reaper already
# refuse, but that gunicorn would otherwise serve with — taking users' credits for generations no
# worker will run, or payments for credits no webhook will grant.
SERVING_CHECKS = "serving"


def healthz(request):
    """Liveness + database check for load balancers; also the benchmarks' baseline view.

    It does not repeat the configuration checks: a web process with a configuration Error never
    starts (refuse_to_serve_misconfigured), and the settings cannot change while it runs.

    An unreachable database is the answer this probe exists for, not a crash: 503 and one
    warning line, where a 500 would put a traceback per probe into the error log alerts watch."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        logger.warning("Health check failed: the database is unreachable (%s)", " ".join(str(exc).split()))
        return HttpResponse("database unreachable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


def settings_problem(message: str, *, hint: str, check_id: str) -> checks.CheckMessage:
    """A SERVING_CHECKS finding (`check_id` like "services.E001"): an Error with DEBUG off, which
    stops start-up; a Warning with DEBUG on (its id's E becomes W), so a developer can still run
    the app with only part of the configuration."""
    if settings.DEBUG:
        app, _, number = check_id.partition(".E")
        return checks.Warning(message, hint=hint, id=f"{app}.W{number}")
    return checks.Error(message, hint=hint, id=check_id)


def refuse_to_serve_misconfigured() -> None:
    """Raise ImproperlyConfigured listing the SERVING_CHECKS Errors (DEBUG off turns the checks'
    problems into Errors). Only these checks run — they read settings; the full suite is slow
    and queries the database — once, as the process loads the application."""
    errors = [
        message
        for message in checks.run_checks(tags=[SERVING_CHECKS])
        if message.is_serious() and not message.is_silenced()
    ]
    if errors:
        raise ImproperlyConfigured(
            "Not serving: the configuration has errors (`manage.py check` lists them too).\n"
            + "\n".join(_described(error) for error in errors)
        )


def _described(message: checks.CheckMessage) -> str:
    return f"{message.id}: {message.msg}" + (f"\n    HINT: {message.hint}" if message.hint else "")
