import importlib

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def seed_plans_if_missing(sender, using="default", apps=None, **kwargs):
    """Put the six documented plans back when the plan table is empty — after `flush` (which
    test runs and `manage.py flush` do) as after a fresh migrate. Staff edits are never
    overwritten: a table with any plan in it is left alone."""
    from django.apps import apps as global_apps

    registry = apps or global_apps
    try:
        plan_model = registry.get_model("billing", "Plan")
    except LookupError:  # migrating backwards, before the table exists
        return
    if plan_model.objects.using(using).exists():
        return
    importlib.import_module("billing.migrations.0002_seed_plans").seed(registry, None)


class BillingConfig(AppConfig):
    name = "billing"

    def ready(self):
        from billing import checks  # noqa: F401 (registers the configuration checks)

        post_migrate.connect(seed_plans_if_missing, sender=self)
