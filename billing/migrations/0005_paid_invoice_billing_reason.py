from django.db import migrations, models


def copy_reasons_from_stored_events(apps, schema_editor):
    """Invoices still waiting for their credits: their reason is in their stored invoice.paid event
    (credited ones are settled and need none)."""
    PaidInvoice = apps.get_model("billing", "PaidInvoice")
    StripeEvent = apps.get_model("billing", "StripeEvent")
    waiting = set(PaidInvoice.objects.filter(credited_at=None).values_list("invoice_id", flat=True))
    if not waiting:
        return
    for payload in (
        StripeEvent.objects.filter(type="invoice.paid").values_list("payload", flat=True).iterator()
    ):
        invoice = ((payload or {}).get("data") or {}).get("object") or {}
        if invoice.get("id") in waiting and isinstance(invoice.get("billing_reason"), str):
            PaidInvoice.objects.filter(invoice_id=invoice["id"]).update(
                billing_reason=invoice["billing_reason"][:40]
            )


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0004_paid_invoice_number"),
    ]

    operations = [
        migrations.AddField(
            model_name="paidinvoice",
            name="billing_reason",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.RunPython(copy_reasons_from_stored_events, migrations.RunPython.noop, elidable=True),
    ]
