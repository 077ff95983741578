from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_save


class CreditsConfig(AppConfig):
    name = "credits"

    def ready(self):
        from credits.signals import grant_credits_to_new_user

        post_save.connect(
            grant_credits_to_new_user, sender=settings.AUTH_USER_MODEL, dispatch_uid="credits-signup-grant"
        )
