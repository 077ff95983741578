from django.db import migrations, models


def copy_numbers_from_stored_events(apps, schema_editor):
    """Invoices recorded before the number was kept: it is in their stored invoice.paid event."""
    PaidInvoice = apps.get_model("billing", "PaidInvoice")
    StripeEvent = apps.get_model("billing", "StripeEvent")
    waiting = set(PaidInvoice.objects.filter(number="").values_list("invoice_id", flat=True))
    if not waiting:
        return
    numbers = {}
    for payload in (
        StripeEvent.objects.filter(type="invoice.paid").values_list("payload", flat=True).iterator()
    ):
        invoice = ((payload or {}).get("data") or {}).get("object") or {}
        if invoice.get("id") in waiting and isinstance(invoice.get("number"), str):
            numbers[invoice["id"]] = invoice["number"][:255]
    for invoice_id, number in numbers.items():
        PaidInvoice.objects.filter(invoice_id=invoice_id).update(number=number)


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0003_stripe_sync"),
    ]

    operations = [
        migrations.AddField(
            model_name="paidinvoice",
            name="number",
            field=models.CharField(
                blank=True, help_text="The number on the invoice Stripe sends.", max_length=255
            ),
        ),
        migrations.RunPython(copy_numbers_from_stored_events, migrations.RunPython.noop, elidable=True),
    ]
