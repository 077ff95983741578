from django.db import migrations
from django.db.models import F
from django.db.models.functions import Lower


def drop_addresses_staff_replaced(apps, schema_editor):
    """Before accounts.actions.change_email_by_staff, an address staff changed in the admin stayed
    on record as the account's primary allauth address: it still signed in, received password
    resets and could not register again. allauth keeps the primary address equal to the account's
    own, so a primary one that differs is exactly such a leftover. Remove it, and make the address
    staff set the primary one, confirmed, as the admin now does (unless another account confirmed
    it first: then it stays unconfirmed)."""
    EmailAddress = apps.get_model("account", "EmailAddress")
    leftovers = (
        EmailAddress.objects.filter(primary=True)
        .alias(address=Lower("email"), current=Lower("user__email"))
        .exclude(address=F("current"))
        .select_related("user")
    )
    for leftover in list(leftovers):
        user = leftover.user
        leftover.delete()
        email = user.email.lower()
        current = EmailAddress.objects.filter(user=user, email__iexact=email).first() or EmailAddress(
            user=user, email=email
        )
        confirmed_elsewhere = EmailAddress.objects.filter(email__iexact=email, verified=True).exclude(user=user)
        current.primary = True
        current.verified = current.verified or not confirmed_elsewhere.exists()
        current.save()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_user_sessions_ended_at"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [
        migrations.RunPython(drop_addresses_staff_replaced, migrations.RunPython.noop),
    ]
