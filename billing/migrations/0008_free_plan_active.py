from django.db import migrations


def activate_the_free_plan(apps, schema_editor):
    """The plan list let staff untick Active on the Free plan, which hid free accounts' own plan
    on /billing and the pricing; it stays active from now on (Plan.clean), so turn it back on."""
    apps.get_model("billing", "Plan").objects.filter(id="free").update(is_active=True)


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0007_plan_and_customer_validators"),
    ]

    operations = [
        migrations.RunPython(activate_the_free_plan, migrations.RunPython.noop),
    ]
