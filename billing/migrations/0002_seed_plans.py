from django.db import migrations

# The six documented plans (spec 000 §9). Paid plans all carry the tier label 'starter'.
PLANS = [
    {
        "id": "free", "name": "Free", "tier": "free", "price": "0", "credits": 100, "badge": "",
        "description": "Try every AI tool, free forever.",
        "features": ["100 credits per month", "Access to all AI tools", "Basic support"],
    },
    {
        "id": "starter", "name": "Starter", "tier": "starter", "price": "19.99", "credits": 1000,
        "badge": "Great Value",
        "description": "For small businesses getting started with AI marketing.",
        "features": ["1,000 credits per month", "Access to all AI tools", "Priority support", "Export content"],
    },
    {
        "id": "professional", "name": "Basic", "tier": "starter", "price": "49.99", "credits": 3000,
        "badge": "Most Popular",
        "description": "For growing teams that publish every week.",
        "features": [
            "3,000 credits per month", "Access to all AI tools", "Team collaboration (up to 5 seats)",
            "Advanced templates", "Priority support",
        ],
    },
    {
        "id": "business", "name": "Advanced", "tier": "starter", "price": "89.99", "credits": 6000,
        "badge": "",
        "description": "For agencies running many brands.",
        "features": [
            "6,000 credits per month", "Access to all AI tools", "API access", "White-label options",
            "Up to 10 seats",
        ],
    },
    {
        "id": "enterprise", "name": "Pro", "tier": "starter", "price": "149.99", "credits": 10000,
        "badge": "",
        "description": "For large teams with high volume.",
        "features": [
            "10,000 credits per month", "Access to all AI tools", "Dedicated account manager",
            "24/7 priority support", "Unlimited seats",
        ],
    },
    {
        "id": "ultimate", "name": "Ultimate", "tier": "starter", "price": "289.99", "credits": 30000,
        "badge": "Enterprise",
        "description": "For enterprises that need it all.",
        "features": [
            "30,000 credits per month", "Access to all AI tools", "White-label solutions",
            "Custom SLA agreements", "Unlimited seats",
        ],
    },
]


def seed(apps, schema_editor):
    Plan = apps.get_model("billing", "Plan")
    for order, data in enumerate(PLANS):
        Plan.objects.update_or_create(id=data["id"], defaults={**data, "sort_order": order})


def unseed(apps, schema_editor):
    apps.get_model("billing", "Plan").objects.filter(id__in=[p["id"] for p in PLANS]).delete()


class Migration(migrations.Migration):
    dependencies = [("billing", "0001_initial")]
    operations = [migrations.RunPython(seed, unseed)]
