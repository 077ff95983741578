import os

from django.core.wsgi import get_wsgi_application

from config.health import refuse_to_serve_misconfigured

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# gunicorn runs no system checks: without this a bad GENERATION_ENGINE (say) would take paid
# generations that no worker runs. The error stops gunicorn's boot with the checks' messages.
refuse_to_serve_misconfigured()
