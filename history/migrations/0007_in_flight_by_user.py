from django.conf import settings
from django.db import migrations, models

# A user owns a small share of all generations. PostgreSQL's statistics can say otherwise — taken
# while one account's history filled a young table — and the plans it then prepares once per
# connection for every user (the one-statement start's limit counts, services.limit_counts) read
# by date across all users instead of the user's own index entries. Fixed here, the estimate
# holds at every ANALYZE: about a hundred generations a user.
USERS_SHARE = "ALTER TABLE history_generation ALTER COLUMN user_id SET (n_distinct = -0.01)"
USERS_SHARE_RESET = "ALTER TABLE history_generation ALTER COLUMN user_id RESET (n_distinct)"


def postgresql_only(statement):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("history", "0006_fewer_indexes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="generation",
            name="generation_in_flight",
        ),
        migrations.AddIndex(
            model_name="generation",
            index=models.Index(
                condition=models.Q(("status__in", ["queued", "running"])),
                fields=["user", "id"],
                name="generation_user_in_flight",
            ),
        ),
        migrations.RunPython(postgresql_only(USERS_SHARE), postgresql_only(USERS_SHARE_RESET)),
    ]
