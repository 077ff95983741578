"""python manage.py grant_credits <email> <amount> --reason "…"

A positive amount is a grant; a negative one is a correction (an "adjustment" entry),
refused if it would take the balance below zero.
"""

import uuid

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from credits.actions import TEXT_LIMIT, CreditError, KeyUsedElsewhere, grant_staff_credits
from credits.models import balance_of

# Under a prefix of its own, so a key typed here can never be one the app uses for its own
# grants ("signup:<id>", "free-monthly:…", "stripe-invoice:…").
KEY_PREFIX = "command:"
KEY_MAX = TEXT_LIMIT - len(KEY_PREFIX)


class Command(BaseCommand):
    help = "Grant credits to a user (a negative amount removes credits, never below zero)."

    def add_arguments(self, parser):
        parser.add_argument("email", help="The account's e-mail address.")
        parser.add_argument("amount", type=int, help="Credits to add; negative to remove (a correction).")
        parser.add_argument("--reason", required=True, help="Shown to the user on their usage page.")
        parser.add_argument(
            "--idempotency-key",
            default="",
            help="Makes a scripted retry safe: a key used before grants nothing. Spaces around it are"
            " ignored; blank or left out: a new key.",
        )

    def handle(self, *, email, amount, reason, idempotency_key, **options):
        # A script passing "$KEY" with KEY unset, or padded, means no key / that key: a stored
        # "   " would answer every later blank key "Already applied" and grant nothing.
        idempotency_key = idempotency_key.strip()
        if not email.strip():
            raise CommandError("Give the account's e-mail address.")
        user = get_user_model().objects.filter(email__iexact=email.strip()).first()
        if user is None:
            raise CommandError(f"No account with the e-mail address {email}.")
        if amount == 0:
            raise CommandError("The amount must not be zero.")
        if len(idempotency_key) > KEY_MAX:
            raise CommandError(f"The idempotency key must be at most {KEY_MAX} characters.")
        try:
            entry = grant_staff_credits(
                user=user,
                amount=amount,
                reason=reason.strip(),
                idempotency_key=f"{KEY_PREFIX}{idempotency_key or uuid.uuid4()}",
            )
        except KeyUsedElsewhere as error:
            raise CommandError(
                f"{user.email}: this idempotency key was already used for a different grant; nothing granted."
            ) from error
        except CreditError as error:
            raise CommandError(f"{user.email}: {error}") from error
        if entry.replayed:
            self.stdout.write(
                f"Already applied with this key on {entry.created_at:%Y-%m-%d %H:%M} UTC: nothing granted now. "
                f"{user.email} has {balance_of(user)} credits."
            )
            return
        self.stdout.write(
            f"{entry.get_kind_display()} of {entry.signed_amount} credits for {user.email}; "
            f"balance now {entry.balance_after}."
        )
        if not user.is_active:
            # Done, as asked (an account may be reopened with its balance), but worth a second look.
            self.stderr.write(f"Note: {user.email} is a closed account; it cannot sign in to use them.")
