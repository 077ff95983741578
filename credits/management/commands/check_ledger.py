"""python manage.py check_ledger — proves credit invariant 1 (DESIGN.md): every balance
equals the sum of its ledger. Prints each user where it does not; exit status 1 if any."""

from django.core.management.base import BaseCommand, CommandError

from credits.models import ledger_drift


class Command(BaseCommand):
    help = "Report every user whose balance differs from the sum of their ledger entries."

    def handle(self, **options):
        drifted = ledger_drift()
        for row in drifted:
            self.stdout.write(f"{row['email']}: balance {row['balance']} but ledger sum {row['ledger_sum']}")
        if drifted:
            raise CommandError(
                f"{len(drifted)} user{'s' if len(drifted) != 1 else ''} with a balance different "
                "from their ledger.",
                returncode=1,
            )
        self.stdout.write("Ledger consistent")
