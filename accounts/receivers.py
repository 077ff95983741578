"""allauth's sign-up hook: tells the auth webhook (AUTH_WEBHOOK_URL) about a new account.

STYLE.md §7 keeps domain logic out of signals; there are three receivers, each where no call
shared by every path exists: this one (only allauth knows that a sign-up finished), the sign-up
credit grant on the user model's post_save (credits/signals.py) and the plan seeding after
migrate and flush (billing/apps.py)."""

from allauth.account.signals import user_signed_up
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from accounts.tasks import send_auth_webhook


@receiver(user_signed_up, dispatch_uid="accounts.auth_webhook")
def announce_sign_up(sender, request, user, **kwargs):
    # Only once the account is committed, and off the request: the webhook may be slow.
    if settings.AUTH_WEBHOOK_URL:
        transaction.on_commit(lambda: send_auth_webhook.enqueue(user_id=str(user.pk), event="signed_up"))
