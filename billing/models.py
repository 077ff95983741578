from django.db import models


class Plan(models.Model):
    """A monthly plan. Seeded with the six documented plans; staff edit them in the admin.
    The landing pricing and the billing page render the same cards from these rows."""

    class Tier(models.TextChoices):
        FREE = "free", "Free"
        STARTER = "starter", "Starter"

    id = models.SlugField(primary_key=True, max_length=40)
    name = models.CharField(max_length=80)
    tier = models.CharField(max_length=20, choices=Tier.choices, default=Tier.STARTER)
    description = models.CharField(max_length=250, blank=True)
    price = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    credits = models.PositiveIntegerField(default=0)
    features = models.JSONField(default=list, blank=True)
    badge = models.CharField(max_length=40, blank=True)
    stripe_link = models.CharField(
        max_length=500, blank=True, help_text="Stripe Payment Link URL; '#' means contact sales."
    )
    stripe_price_id = models.CharField(max_length=100, blank=True, db_index=True)
    sort_order = models.PositiveSmallIntegerField(default=0)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["sort_order", "price"]
        constraints = [
            models.CheckConstraint(condition=models.Q(tier__in=["free", "starter"]), name="plan_tier_valid"),
            models.CheckConstraint(condition=models.Q(price__gte=0), name="plan_price_not_negative"),
        ]

    def __str__(self):
        return self.name

    @property
    def is_free(self) -> bool:
        return self.price == 0
