"""The credit ledger: one balance row per user and an append-only list of every change.

Only `credits/actions.py` writes to these tables (STYLE.md, "one write path for money").
The database backs the rules the actions follow, so a bug elsewhere fails loudly instead
of losing or minting credits:

- a balance never goes below zero (`credit_balance_not_negative`);
- an idempotency key is used once (`idempotency_key` is unique when set);
- a reference (e.g. "generation:42") is spent at most once and refunded at most once;
- each kind of entry moves the balance in its own direction (`ledger_amount_sign_matches_kind`).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from config.sql import fetch_one


class CreditBalance(models.Model):
    """The current balance. Always equal to the sum of the user's ledger amounts
    (`manage.py check_ledger` proves it)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="credit_balance"
    )
    balance = models.IntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        permissions = [("grant_credits", "Can grant credits (admin action)")]
        constraints = [
            models.CheckConstraint(condition=Q(balance__gte=0), name="credit_balance_not_negative"),
        ]

    def __str__(self):
        return f"{self.user}: {self.balance} credits"


class AppendOnlyError(Exception):
    """Raised on any attempt to edit or delete a ledger entry."""


def balance_of(user) -> int:
    """The user's balance; 0 for a user without a balance row yet (or an anonymous user).

    Read with config.sql.fetch_one: every poll of a running generation, the balance API and the
    tool pages read it, and the ORM spent several times the statement's own cost building it."""
    if user is None or not getattr(user, "pk", None):
        return 0
    row = fetch_one(CreditBalance, "user_id = %s", [user.pk])
    return row.balance if row is not None else 0


class LedgerEntryQuerySet(models.QuerySet):
    def for_user(self, user):
        return self.filter(user_id=user.pk)

    def newest_first(self):
        return self.order_by("-created_at", "-id")

    # Append-only: bulk edits and bulk deletes are refused as well as single ones.
    # (Deleting a user still removes their entries: Django's cascade deletes rows with
    # raw SQL, not through these methods — an account and its money go together.)
    def update(self, **kwargs):
        raise AppendOnlyError("Ledger entries are append-only; write a new entry instead.")

    def delete(self):
        raise AppendOnlyError("Ledger entries are append-only and cannot be deleted.")


class LedgerKind(models.TextChoices):
    GRANT = "grant", "Grant"
    SPEND = "spend", "Spend"
    REFUND = "refund", "Refund"
    PURCHASE = "purchase", "Purchase"
    ADJUSTMENT = "adjustment", "Adjustment"


class LedgerEntry(models.Model):
    """One change to a balance, never edited or deleted. `amount` is signed: grants,
    purchases and refunds add, spends take away, adjustments go either way."""

    Kind = LedgerKind
    # Not stored: True on the earlier entry a credit action answered a repeat with (the same
    # idempotency key or reference again), which changed nothing.
    replayed = False

    # No index of its own: ledger_user_newest serves every lookup by user, and each index is one
    # more write for every spend.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ledger_entries", db_index=False
    )
    amount = models.IntegerField(help_text="Signed: positive adds credits, negative removes them.")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    reason = models.CharField(max_length=250, help_text="Shown to the user on their usage page.")
    reference = models.CharField(
        max_length=200,
        blank=True,
        help_text='What the entry is for: "generation:42", a Stripe invoice id, …',
    )
    # Unique (see Meta), so an entry without a key stores NULL: many such entries, one per key.
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)  # noqa: DJ001
    balance_after = models.IntegerField()
    # RESTRICT, not SET_NULL: nulling the column would edit ledger rows. Deactivate a
    # staff account that granted credits instead of deleting it. Indexed only where set
    # (ledger_created_by): spends and refunds, the most of the ledger, name no staff member.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.RESTRICT,
        related_name="ledger_entries_created",
        help_text="The staff member who made a manual grant or correction.",
        db_index=False,
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    objects = LedgerEntryQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "ledger entries"
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="ledger_user_newest"),
            models.Index(
                fields=["created_by"], condition=Q(created_by__isnull=False), name="ledger_created_by"
            ),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=LedgerKind.values), name="ledger_kind_valid"),
            models.CheckConstraint(
                condition=(
                    Q(kind__in=["grant", "purchase", "refund"], amount__gt=0)
                    | Q(kind="spend", amount__lt=0)
                    | (Q(kind="adjustment") & ~Q(amount=0))
                ),
                name="ledger_amount_sign_matches_kind",
            ),
            models.CheckConstraint(
                condition=Q(balance_after__gte=0), name="ledger_balance_after_not_negative"
            ),
            # A spend or refund must say what it was for, so it can be matched.
            models.CheckConstraint(
                condition=~Q(kind__in=["spend", "refund"]) | ~Q(reference=""),
                name="ledger_spend_and_refund_have_reference",
            ),
            # A constraint rather than unique=True, which on PostgreSQL also builds a second index
            # for LIKE queries that nothing makes: one more write for every spend.
            models.UniqueConstraint(fields=["idempotency_key"], name="ledger_idempotency_key_unique"),
            models.UniqueConstraint(
                fields=["reference"], condition=Q(kind="spend"), name="ledger_one_spend_per_reference"
            ),
            models.UniqueConstraint(
                fields=["reference"], condition=Q(kind="refund"), name="ledger_one_refund_per_reference"
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} {self.signed_amount} for {self.user}: {self.reason}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("Ledger entries are append-only; write a new entry instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Ledger entries are append-only and cannot be deleted.")

    @property
    def signed_amount(self) -> str:
        """'+1,000' / '−20' (a real minus sign, as shown to users)."""
        return f"+{self.amount:,}" if self.amount > 0 else f"\u2212{-self.amount:,}"


def ledger_drift() -> list[dict]:
    """Users whose balance (0 without a row) differs from the sum of their ledger amounts —
    credit invariant 1 broken. Empty when all is well (`manage.py check_ledger`)."""
    from django.contrib.auth import get_user_model

    ledger_sum = (
        LedgerEntry.objects.filter(user_id=OuterRef("pk"))
        .values("user_id")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return list(
        get_user_model()
        .objects.annotate(
            balance=Coalesce(F("credit_balance__balance"), 0),
            ledger_sum=Coalesce(Subquery(ledger_sum), 0),
        )
        .exclude(balance=F("ledger_sum"))
        .order_by("email")
        .values("email", "balance", "ledger_sum")
    )
