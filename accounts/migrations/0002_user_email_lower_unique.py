import django.db.models.functions.text
from django.db import migrations, models


def lowercase_addresses(apps, schema_editor):
    """Addresses staff typed with capitals (the admin did not lowercase them) could not sign in,
    since sign-in looks up the lowercase form; stored in lowercase they can. Two accounts whose
    addresses differ only in case cannot be merged automatically: the migration stops and names
    them, for staff to rename one first."""
    User = apps.get_model("accounts", "User")
    mixed = [(pk, email) for pk, email in User.objects.values_list("pk", "email") if email != email.lower()]
    clashes = [email for pk, email in mixed if User.objects.filter(email__iexact=email).exclude(pk=pk).exists()]
    if clashes:
        raise RuntimeError(
            "These addresses belong to more than one account (differing only in case); "
            f"rename one of each before migrating: {', '.join(sorted(clashes))}"
        )
    for pk, email in mixed:
        User.objects.filter(pk=pk).update(email=email.lower())


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(lowercase_addresses, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("email"),
                name="accounts_user_email_lower_unique",
                violation_error_message="A user is already registered with this email address.",
            ),
        ),
    ]
