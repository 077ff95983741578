import functools
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator, URLValidator
from django.db import connections, models, router

from config.sql import column_converters, converted_row
from credits.actions import MAX_AMOUNT

# Stripe subscription statuses under which the customer keeps the plan. 'past_due' keeps it
# while Stripe retries the card; every other status ('canceled', 'unpaid', 'incomplete', ...)
# means the user is back on Free.
LIVE_STATUSES = ("active", "trialing", "past_due")
# Stripe stopped retrying an 'unpaid' subscription's card but keeps it, with its invoice open,
# until it is paid or cancelled: the user is on Free, yet is still subscribed as far as Stripe
# is concerned, so the pages show it and offer no second checkout beside it.
OPEN_STATUSES = (*LIVE_STATUSES, "unpaid")
# Stripe never moves a subscription out of these, so a late event must not revive it.
TERMINAL_STATUSES = ("canceled", "incomplete_expired")

FREE_PLAN_ID = "free"


def from_unix(seconds: int | None) -> datetime | None:
    """Stripe timestamps are unix seconds (UTC)."""
    return datetime.fromtimestamp(int(seconds), tz=UTC) if seconds else None


PLAN_FEATURES_MESSAGE = 'Enter the features as a list of texts, one per feature, e.g. ["1,000 credits per month", "Priority support"].'


# A plan card's line: the other short texts' limit (spec 000: text fields 250 characters).
PLAN_FEATURE_MAX_LENGTH = 250
PLAN_FEATURES_MAX = 20
PLAN_FEATURE_TOO_LONG_MESSAGE = f"Each feature can be at most {PLAN_FEATURE_MAX_LENGTH} characters long."
PLAN_FEATURES_TOO_MANY_MESSAGE = f"A plan can list at most {PLAN_FEATURES_MAX} features."


def validate_plan_features(value) -> None:
    """A plan's features: a JSON list of non-empty texts (the plan cards list them one by one),
    each a line's worth and not too many of them for a card."""
    if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
        raise ValidationError(PLAN_FEATURES_MESSAGE, code="invalid_features")
    if len(value) > PLAN_FEATURES_MAX:
        raise ValidationError(PLAN_FEATURES_TOO_MANY_MESSAGE, code="too_many_features")
    if any(len(item.strip()) > PLAN_FEATURE_MAX_LENGTH for item in value):
        raise ValidationError(PLAN_FEATURE_TOO_LONG_MESSAGE, code="feature_too_long")


STRIPE_LINK_MESSAGE = (
    "Enter the plan's Stripe Payment Link, an https:// address (e.g. https://buy.stripe.com/…), "
    "or # for contact sales."
)
# Stripe's payment links, live and test, are https; anything else on a Subscribe button is a
# mistake (a javascript: link only trips the CSP), so http is refused in development too.
_https_url = URLValidator(schemes=["https"], message=STRIPE_LINK_MESSAGE, code="invalid_stripe_link")


def validate_stripe_link(value: str) -> None:
    """A plan's Stripe link: '#' (contact sales) or an https URL. Empty (no link) never gets here."""
    if value.strip() != "#":
        _https_url(value.strip())


STRIPE_PRICE_ID_MESSAGE = (
    "Enter the plan's Stripe price id: price_ followed by letters and digits, as shown on the "
    "price's page in Stripe (e.g. price_1PqLbT2eZvKYlo2C)."
)
# As for customer ids: Stripe promises only the prefix and at most 255 characters.
validate_stripe_price_id = RegexValidator(
    r"\Aprice_[A-Za-z0-9]{8,94}\Z", message=STRIPE_PRICE_ID_MESSAGE, code="invalid_price_id"
)

PLAN_PRICE_MESSAGE = "The price cannot be negative. Enter 0 for a free plan."
PLAN_FREE_TIER_MESSAGE = "A plan with a price is not in the Free tier: choose Starter, or set the price to 0."
PLAN_PAID_TIER_MESSAGE = "A plan in the Starter tier is sold: enter its price, or choose the Free tier."
PLAN_PRICE_ID_TAKEN_MESSAGE = (
    "The {plan} plan is already sold under this price id: each plan needs its own Stripe price."
)
FREE_PLAN_ACTIVE_MESSAGE = (
    "The Free plan stays active: it is the plan every account starts on and falls back to."
)
PLAN_CREDITS_MESSAGE = (
    f"A plan can give at most {MAX_AMOUNT:,} credits a month: that is the most one paid invoice can grant."
)
STRIPE_CUSTOMER_ID_MESSAGE = (
    "Enter a Stripe customer id: cus_ followed by letters and digits, as shown on the "
    "customer's page in Stripe (e.g. cus_NffrFeUfNV2Hib)."
)
# Stripe's ids are cus_ and 14 letters or digits today; Stripe only promises at most 255
# characters, so anything that fits the column is taken and only short stubs are refused.
validate_stripe_customer_id = RegexValidator(
    r"\Acus_[A-Za-z0-9]{8,251}\Z", message=STRIPE_CUSTOMER_ID_MESSAGE, code="invalid_customer_id"
)


class PlanQuerySet(models.QuerySet):
    def for_price_id(self, price_id: str) -> "Plan | None":
        """The plan sold under a Stripe price id, using the same environment overrides as
        `Plan.price_id`. Six rows at most, so matching in Python keeps the override rule in one place."""
        if not price_id:
            return None
        return next((plan for plan in self if plan.price_id == price_id), None)

    def current_for(self, user) -> "Plan | None":
        """The plan the user is on: their newest live subscription's plan, else Free (also when
        the subscription's price matches no plan) — with `standing`, how they hold it. Every
        signed-in page asks, so it is one query written in SQL: built with the ORM, it cost
        about 2 ms of Python, five times what the database spends on it."""
        using = router.db_for_read(Plan)
        sql, attnames, converters = _current_plan_query(using)
        connection = connections[using]
        with connection.cursor() as cursor:
            cursor.execute(sql, [user.pk, *OPEN_STATUSES, "unpaid", "unpaid", FREE_PLAN_ID])
            row = cursor.fetchone()
        if row is None:
            return None
        values = converted_row(row, converters, connection)
        plan = Plan.from_db(using, attnames, values[: len(attnames)])
        subscription_id, status, cancel_at_period_end, current_period_end = values[len(attnames) :]
        if subscription_id:
            plan.standing = PlanStanding(
                subscription_id, status, bool(cancel_at_period_end), current_period_end
            )
        return plan


class SubscriptionStatus:
    """What a subscription's Stripe status says, for anything with `status` and
    `cancel_at_period_end`: a Subscription row, or the PlanStanding read with a plan."""

    @property
    def is_live(self) -> bool:
        return self.status in LIVE_STATUSES

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def is_past_due(self) -> bool:
        return self.status == "past_due"

    @property
    def is_unpaid(self) -> bool:
        return self.status == "unpaid"

    @property
    def is_ending(self) -> bool:
        """Set to cancel at the period end: the plan stays until `current_period_end`."""
        return self.is_live and self.cancel_at_period_end

    @property
    def payment_failed(self) -> bool:
        """Stripe could not take the last payment: still retrying ('past_due'), or given up
        with the invoice left open ('unpaid', the user is on Free meanwhile)."""
        return self.status in ("past_due", "unpaid")


@dataclass(frozen=True)
class PlanStanding(SubscriptionStatus):
    """How a user holds their plan (read with it by Plan.objects.current_for): the subscription
    that decides it — or, with none live, an unpaid one whose invoice Stripe holds open."""

    subscription_id: str
    status: str
    cancel_at_period_end: bool
    current_period_end: datetime | None


# The standing's columns, read from the subscription that decides it.
_STANDING_FIELDS = ("subscription_id", "status", "cancel_at_period_end", "current_period_end")


@functools.cache
def _current_plan_query(using: str) -> tuple[str, list[str], list]:
    """SQL for Plan.objects.current_for: the plan row and the standing's columns; the plan's
    attribute names; each column's converters (as the ORM applies them: SQLite returns
    datetimes as text, for instance). The deciding subscription is the newest live one, else
    the newest unpaid one; its plan is the user's unless it is unpaid (or sells no plan): Free."""
    connection = connections[using]
    quote = connection.ops.quote_name
    plan_cols = [field.get_col(Plan._meta.db_table) for field in Plan._meta.concrete_fields]
    standing_cols = [
        Subscription._meta.get_field(name).get_col(Subscription._meta.db_table) for name in _STANDING_FIELDS
    ]
    standing = ", ".join(quote(col.target.column) for col in standing_cols)
    statuses = ", ".join(["%s"] * len(OPEN_STATUSES))
    # Only names from the models' metadata are formatted in; every value is a parameter.
    sql = (
        f"SELECT {', '.join('p.' + quote(col.target.column) for col in plan_cols)}, "  # noqa: S608
        f"{', '.join('s.' + quote(col.target.column) for col in standing_cols)} "
        f"FROM {quote(Plan._meta.db_table)} p LEFT JOIN ("
        f"SELECT {standing}, plan_id FROM {quote(Subscription._meta.db_table)} "
        f"WHERE user_id = %s AND status IN ({statuses}) "
        "ORDER BY CASE WHEN status = %s THEN 1 ELSE 0 END, created_at DESC, id DESC LIMIT 1"
        ") s ON 1 = 1 "
        "WHERE p.id = COALESCE(CASE WHEN s.status <> %s THEN s.plan_id END, %s)"
    )
    converters = column_converters(plan_cols + standing_cols, connection)
    return sql, [col.target.attname for col in plan_cols], converters


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
    price = models.DecimalField(
        max_digits=8,
        decimal_places=2,
        default=0,
        validators=[MinValueValidator(0, message=PLAN_PRICE_MESSAGE)],
        help_text="US dollars a month; 0 is free.",
    )
    credits = models.PositiveIntegerField(
        default=0,
        validators=[MaxValueValidator(MAX_AMOUNT, message=PLAN_CREDITS_MESSAGE)],
        help_text="Credits a month: each paid invoice grants them (the Free plan's are the sign-up "
        "credits, and each month a Free account's balance is topped up to them).",
    )
    features = models.JSONField(default=list, blank=True)
    badge = models.CharField(max_length=40, blank=True)
    stripe_link = models.CharField(
        max_length=500,
        blank=True,
        validators=[validate_stripe_link],
        # The admin shows help texts as HTML: no "<PLAN>" in them, it would vanish.
        help_text="Stripe Payment Link URL (https://…); '#' means contact sales. "
        "The plan's STRIPE_LINK_… environment variable (e.g. STRIPE_LINK_STARTER) wins.",
    )
    stripe_price_id = models.CharField(
        max_length=100,
        blank=True,
        db_index=True,
        validators=[validate_stripe_price_id],
        help_text="Stripe price id (price_…). "
        "The plan's STRIPE_PRICE_… environment variable (e.g. STRIPE_PRICE_STARTER) wins.",
    )
    sort_order = models.PositiveSmallIntegerField(default=0)
    is_active = models.BooleanField(default=True)

    objects = PlanQuerySet.as_manager()
    # How the user holds the plan, when Plan.objects.current_for read it (None: no subscription).
    standing: PlanStanding | None = None

    class Meta:
        ordering = ["sort_order", "price"]
        constraints = [
            models.CheckConstraint(condition=models.Q(tier__in=["free", "starter"]), name="plan_tier_valid"),
            models.CheckConstraint(condition=models.Q(price__gte=0), name="plan_price_not_negative"),
        ]

    def __str__(self):
        return self.name

    def clean_fields(self, exclude=None):
        # Django skips the validators of a blank field, and a JSONField counts null and "" as
        # blank (null then fails on save): the features are checked here whatever their value.
        errors = {}
        try:
            super().clean_fields(exclude=exclude)
        except ValidationError as exc:
            errors = exc.update_error_dict(errors)
        if "features" not in (exclude or ()) and "features" not in errors:
            try:
                validate_plan_features(self.features)
            except ValidationError as exc:
                errors["features"] = exc.error_list
        if errors:
            raise ValidationError(errors)

    def clean(self):
        errors = {}
        # The list page edits Active on every row, the Free plan's too (its own page shows it
        # read-only): without its card, free accounts would not see their plan on /billing.
        if self.id == FREE_PLAN_ID and not self.is_active:
            errors["is_active"] = FREE_PLAN_ACTIVE_MESSAGE
        # The tier says how the sidebar and the dashboard speak of the plan ("upgrade"): a plan
        # that costs money is never the free one …
        if self.tier == self.Tier.FREE and self.price and self.price > 0:
            errors["tier"] = PLAN_FREE_TIER_MESSAGE
        # … and a paid one always costs money: at 0 its card would offer nothing to buy.
        if self.tier == self.Tier.STARTER and self.price is not None and self.price == 0:
            errors["price"] = PLAN_PAID_TIER_MESSAGE
        # Invoices and subscriptions find their plan by price id: two plans under one would
        # credit one plan's buyers with the other's credits.
        if self.stripe_price_id and (
            twin := next(
                (plan for plan in Plan.objects.exclude(pk=self.pk) if plan.price_id == self.price_id), None
            )
        ):
            errors["stripe_price_id"] = PLAN_PRICE_ID_TAKEN_MESSAGE.format(plan=twin.name)
        if errors:
            raise ValidationError(errors)

    @property
    def feature_list(self) -> list[str]:
        """The features to show. A value stored before validation existed (or written around
        it) that is not a list of texts shows nothing rather than breaking the pricing."""
        if not isinstance(self.features, list):
            return []
        return [item for item in self.features if isinstance(item, str) and item.strip()]

    @property
    def is_free(self) -> bool:
        return self.price == 0

    @property
    def price_id(self) -> str:
        """The Stripe price id in force: the environment's STRIPE_PRICE_<PLAN> when set, else the row's."""
        return settings.STRIPE_PLAN_PRICE_IDS.get(self.id) or self.stripe_price_id

    @property
    def payment_link(self) -> str:
        """The Stripe Payment Link in force: STRIPE_LINK_<PLAN> when set, else the row's."""
        return settings.STRIPE_PLAN_LINKS.get(self.id) or self.stripe_link

    @property
    def is_contact_sales(self) -> bool:
        return self.payment_link.strip() == "#"

    def checkout_url_for(self, user) -> str:
        """The payment link with the user attached, so the checkout webhook can credit them:
        `client_reference_id=<user id>` and `prefilled_email=<email>`. Empty when the plan
        cannot be bought online (free, no link, or contact sales)."""
        link = self.payment_link.strip()
        if self.is_free or not link or link == "#":
            return ""
        parts = urlsplit(link)
        query = parse_qsl(parts.query, keep_blank_values=True)
        query += [("client_reference_id", str(user.pk)), ("prefilled_email", user.email)]
        return urlunsplit(parts._replace(query=urlencode(query)))


class StripeCustomerQuerySet(models.QuerySet):
    def customer_ids_for(self, user) -> list[str]:
        return list(self.filter(user=user).values_list("customer_id", flat=True))


class StripeCustomer(models.Model):
    """A Stripe customer that belongs to one of our users. Payment Links create a new Stripe
    customer per checkout, so one user can own several."""

    customer_id = models.CharField(max_length=255, unique=True, validators=[validate_stripe_customer_id])
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stripe_customers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = StripeCustomerQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.customer_id


class SubscriptionQuerySet(models.QuerySet):
    def live(self):
        return self.filter(status__in=LIVE_STATUSES)

    def open_for(self, user) -> list["Subscription"]:
        """Every subscription Stripe still bills or collects for (OPEN_STATUSES): the one that
        decides the plan first, then the other live ones, newest first, then unpaid ones."""
        return sorted(
            self.filter(user=user, status__in=OPEN_STATUSES).select_related("plan"),
            key=Subscription.display_order,
        )

    def current_for(self, user) -> "Subscription | None":
        """The subscription that decides the user's plan: the newest live one."""
        return self.filter(user=user).live().select_related("plan").order_by("-created_at", "-pk").first()

    def user_ids_on_paid_plans(self, user_ids) -> set[int]:
        """Which of these users are on a paid plan, by Plan.objects.current_for's rule for many
        users in one query: the newest live subscription decides, and one that sells no plan
        (or a free one) leaves its user on Free, as does having no live subscription."""
        deciding = {}
        rows = (
            self.filter(user_id__in=user_ids)
            .live()
            .order_by("user_id", "-created_at", "-pk")
            .values_list("user_id", "plan_id", "plan__price")
        )
        for user_id, plan_id, price in rows:
            deciding.setdefault(user_id, (plan_id, price))
        return {user_id for user_id, (plan_id, price) in deciding.items() if plan_id and price > 0}


class Subscription(SubscriptionStatus, models.Model):
    """Our copy of a Stripe subscription, kept in step by webhook events (and by the answers
    of our own Stripe calls). `synced_at` is the Stripe time of the snapshot last applied:
    an older snapshot arriving late is ignored, so out-of-order events converge."""

    subscription_id = models.CharField(max_length=255, unique=True)
    customer_id = models.CharField(max_length=255, db_index=True)
    # Empty until checkout.session.completed tells us who paid (its events can arrive first).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="subscriptions",
    )
    status = models.CharField(max_length=40, blank=True, help_text="As received from Stripe.")
    price_id = models.CharField(max_length=255, blank=True)
    plan = models.ForeignKey(Plan, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    current_period_end = models.DateTimeField(null=True, blank=True)
    cancel_at_period_end = models.BooleanField(default=False)
    synced_at = models.DateTimeField(null=True, blank=True)
    # When we last re-read it from Stripe ourselves (billing.reads asks at most every few
    # minutes; the webhooks keep it current in between). Empty: read it on the next view.
    refreshed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = SubscriptionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.subscription_id

    def display_order(self) -> tuple:
        """Live before unpaid, then newest first (the newest live one decides the plan)."""
        return (not self.is_live, -self.created_at.timestamp(), -self.pk)

    @property
    def plan_name(self) -> str:
        return self.plan.name if self.plan else "Unknown Plan"

    def as_stripe_dict(self) -> dict:
        """The documented subscription shape (id, status, cancel_at_period_end,
        current_period_end in unix seconds, items.data[0].price.id) plus our plan."""
        return {
            "id": self.subscription_id,
            "status": self.status,
            "cancel_at_period_end": self.cancel_at_period_end,
            "current_period_end": int(self.current_period_end.timestamp())
            if self.current_period_end
            else None,
            "items": {"data": [{"price": {"id": self.price_id}}]},
            "plan": {"id": self.plan_id, "name": self.plan_name},
        }


class PaidInvoiceQuerySet(models.QuerySet):
    def recorded_for(self, user, *, limit: int = 24):
        """The user's paid invoices as we recorded them, newest first: the billing history
        when Stripe cannot be asked."""
        return self.filter(user=user).order_by("-paid_at", "-pk")[:limit]


class PaidInvoice(models.Model):
    """A paid Stripe invoice and whether its credits were settled (`credited_at`): granted, or
    none due — a plan change that charged nothing. An invoice can be paid before checkout tells
    us the user; it then waits here (credited_at empty) and is granted when the customer is linked."""

    invoice_id = models.CharField(max_length=255, unique=True)
    customer_id = models.CharField(max_length=255, db_index=True)
    subscription_id = models.CharField(max_length=255, blank=True)
    price_id = models.CharField(max_length=255, blank=True)
    plan = models.ForeignKey(Plan, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="paid_invoices",
    )
    number = models.CharField(max_length=255, blank=True, help_text="The number on the invoice Stripe sends.")
    # Stripe's reason for the invoice: "subscription_update" for a plan change invoiced at once.
    billing_reason = models.CharField(max_length=40, blank=True)
    amount_paid = models.PositiveIntegerField(default=0, help_text="Minor units (cents).")
    currency = models.CharField(max_length=10, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    credited_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PaidInvoiceQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.invoice_id


class StripeEventQuerySet(models.QuerySet):
    def with_payloads_to_clear(self, *, processed_before: datetime):
        """Events processed before `processed_before` that still hold their payload. (Processing
        comes after receipt, so the indexed received_at narrows the search to the same rows.)"""
        return (
            self.filter(received_at__lt=processed_before, processed_at__lt=processed_before)
            .exclude(payload={})
            .order_by()
        )


class StripeEvent(models.Model):
    """Every webhook event we accepted, for staff to read. The primary key is Stripe's event
    id, inserted in the same transaction as the event's effects: that is what makes each event
    take effect once, however often (or concurrently) Stripe delivers it. So rows are never
    deleted; a processed event's payload is emptied ({}) once it is a month old
    (billing/housekeeping.py, run by manage.py housekeeping)."""

    id = models.CharField(primary_key=True, max_length=255)
    type = models.CharField(max_length=100, db_index=True)
    payload = models.JSONField()
    created = models.DateTimeField(help_text="When Stripe created the event.")
    received_at = models.DateTimeField(auto_now_add=True, db_index=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    objects = StripeEventQuerySet.as_manager()

    class Meta:
        ordering = ["-received_at"]

    def __str__(self):
        return f"{self.type} {self.id}"


class FreeCreditsPeriod(models.Model):
    """The last monthly Free period whose credits a user was settled for — topped up to the
    Free plan's credits, or nothing due as they held that many (billing.actions.
    grant_free_monthly_credits) — and when their next period starts. The hourly run reads only
    users whose next period has begun (or who have no row yet), so a settled user costs it
    nothing, and one who held enough at the period's start is not topped up later in it.
    Paid subscribers get no row while they pay: the period they return to Free in is theirs."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="free_credits_period",
    )
    period = models.PositiveIntegerField(help_text="1 is the first month after sign-up's.")
    next_period_starts_at = models.DateTimeField(db_index=True)
    settled_at = models.DateTimeField()

    def __str__(self):
        return f"{self.user}: period {self.period}"
