"""python manage.py grant_free_credits

Tops every Free account's balance up to the Free plan's credits for the month it is in, once a
month (billing.actions.grant_free_monthly_credits). The reaper's loop does this every hour with
the rest of the housekeeping; this command is for cron when the reaper is not looping, or for
staff who want it now. Running it again grants nothing more. Verbosity 0 prints nothing.
"""

from django.core.management.base import BaseCommand
from django.utils import timezone

from billing.actions import grant_free_monthly_credits
from credits.actions import SIGNUP_CREDITS


class Command(BaseCommand):
    help = (
        f"Top Free accounts up to {SIGNUP_CREDITS} credits, once per month since sign-up"
        " (paid subscribers and inactive accounts are skipped)."
    )

    def handle(self, *, verbosity: int, **options) -> None:
        granted = grant_free_monthly_credits(now=timezone.now())
        if verbosity >= 1:
            self.stdout.write(
                f"Free monthly credits: {granted} account(s) topped up to {SIGNUP_CREDITS} credits."
            )
