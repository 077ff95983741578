"""The only code that changes a credit balance (STYLE.md: one write path for money).

Every function here
- runs in `transaction.atomic()`, joining the caller's transaction when there is one
  (`start_generation` spends and creates its generation in one transaction, so both
  commit or neither does);
- changes the balance with one conditional UPDATE (`… SET balance = balance - n WHERE
  balance >= n RETURNING balance`), never read-modify-write: two concurrent spends cannot
  both pass a check made on a stale value, because the database re-checks the WHERE clause
  on the locked row;
- appends the ledger row in the same transaction, with `balance_after` as that UPDATE
  returned it (the UPDATE holds the row lock until commit, so it is this change's);
- is idempotent: a repeated idempotency key — and for spends and refunds a repeated
  reference — returns the first entry and changes nothing. The unique constraints are the
  check: a repeat's (or a racing twin's) INSERT fails, its savepoint rolls back its UPDATE,
  and it returns the first entry. (A spend does not look for an earlier one first: on the
  money path nearly every spend is new, and the lookup would cost every one of them.)

On SQLite every transaction starts with BEGIN IMMEDIATE (settings), so writers queue for
the lock instead of failing; on PostgreSQL the row lock taken by the UPDATE does the same.
"""

import functools
import unicodedata
from typing import NamedTuple

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from config import sql
from credits.models import CreditBalance, LedgerEntry, balance_of

# The Free plan's credits, given to every new account and topped up to each month after
# (billing.actions.grant_free_monthly_credits). billing's "free" Plan row says the same;
# credits does not import billing (DESIGN.md: accounts ← credits ← billing).
SIGNUP_CREDITS = 100

# One operation moves at most this many credits: a typo in a staff grant gets a clear
# error instead of overflowing the integer columns.
MAX_AMOUNT = 10_000_000
# Grants stop at this balance, with the same kind of error. Refunds may pass it (they only give
# back what was spent), and the columns hold twice as much.
MAX_BALANCE = 1_000_000_000

GRANT_KINDS = (LedgerEntry.Kind.GRANT, LedgerEntry.Kind.PURCHASE, LedgerEntry.Kind.ADJUSTMENT)
TEXT_LIMIT = 200  # reference and idempotency_key column length


class InsufficientCredits(Exception):
    """The balance does not cover the cost. The message is the documented one."""

    def __init__(self, cost: int):
        self.cost = cost
        super().__init__(f"Insufficient credits. This service requires {cost} credits.")


class CreditError(Exception):
    """A credit operation that cannot be done as asked; the message says why."""


class KeyUsedElsewhere(CreditError):
    """The idempotency key names an earlier, different operation (another user, kind or amount):
    nothing was done. Callers whose keys stand for a form or a script run can say so in their terms."""


def grant_credits(
    *,
    user,
    amount: int,
    reason: str,
    idempotency_key: str,
    kind: str = LedgerEntry.Kind.GRANT,
    reference: str = "",
    created_by=None,
) -> LedgerEntry:
    """Add credits (sign-up, paid invoice, staff grant), or remove them with a negative
    `kind="adjustment"` — refused with CreditError if the balance would go below zero.

    A repeated `idempotency_key` returns the first entry and changes nothing (a Stripe
    invoice delivered twice grants once); reusing a key for a different user, kind or
    amount is a CreditError, since it is a bug in the caller.
    """
    if kind not in GRANT_KINDS:
        raise CreditError(f"grant_credits writes grants, purchases and adjustments, not {kind!r}.")
    _check_amount(amount, allow_negative=kind == LedgerEntry.Kind.ADJUSTMENT)
    _check_text(reason=reason, reference=reference, idempotency_key=idempotency_key)
    if not idempotency_key or not idempotency_key.strip():
        raise CreditError("A grant needs an idempotency key, so that a retry cannot grant twice.")

    with transaction.atomic():
        if first := _entry_with_key(idempotency_key, user=user, kind=kind, amount=amount):
            return first
        _ensure_balance_row(user)
        try:
            with transaction.atomic():  # a savepoint: losing a race undoes the UPDATE too
                balance_after = _add_to_balance(user, amount, up_to=MAX_BALANCE)
                if balance_after is None:
                    # As in spend_credits: a twin with this key may have committed while
                    # we waited for the row lock.
                    if first := _entry_with_key(idempotency_key, user=user, kind=kind, amount=amount):
                        return first
                    if amount > 0:
                        raise CreditError(
                            f"Cannot add {amount:,} credits: the balance is {balance_of(user):,} "
                            f"and can be at most {MAX_BALANCE:,}."
                        )
                    raise CreditError(
                        f"Cannot remove {-amount} credits: the balance is {balance_of(user)} "
                        "and cannot go below zero."
                    )
                return _append_entry(
                    user=user,
                    amount=amount,
                    kind=kind,
                    reason=reason,
                    reference=reference,
                    idempotency_key=idempotency_key,
                    created_by=created_by,
                    balance_after=balance_after,
                )
        except IntegrityError:
            if first := _entry_with_key(idempotency_key, user=user, kind=kind, amount=amount):
                return first
            raise


def spend_credits(
    *,
    user,
    amount: int,
    reason: str,
    reference: str,
    idempotency_key: str | None = None,
    savepoint: bool = True,
) -> LedgerEntry:
    """Take `amount` credits for the thing named by `reference` (e.g. "generation:42").

    Raises InsufficientCredits (nothing written) when the balance is below `amount`.
    A reference is spent at most once: spending it again — or repeating the idempotency
    key — returns the first spend and changes nothing. The entry's `balance_after` is the
    balance this spend left (for a repeat, the one the first spend left).

    `savepoint=False` is for a caller whose own transaction already makes a repeat impossible
    (a reference it has just created): the spend then joins that transaction without the
    round trips of a savepoint, and a conflict (IntegrityError) fails the caller's transaction
    instead of returning the first spend.
    """
    _check_amount(amount)
    _check_text(reason=reason, reference=reference, idempotency_key=idempotency_key)
    if not reference:
        raise CreditError("A spend needs a reference (what the credits pay for), so it can be refunded.")
    idempotency_key = idempotency_key or None

    if not savepoint:
        with transaction.atomic(savepoint=False):
            return _spend(user, amount, reason, reference, idempotency_key)
    try:
        # A transaction of its own, or a savepoint in the caller's: a repeat's failed INSERT
        # undoes this call's UPDATE and nothing else.
        with transaction.atomic():
            return _spend(user, amount, reason, reference, idempotency_key)
    except IntegrityError:
        # The reference or the key is already in the ledger (a repeat, or a racing twin).
        if first := _earlier_spend(
            user=user, amount=amount, reference=reference, idempotency_key=idempotency_key
        ):
            return first
        raise


def _spend(user, amount: int, reason: str, reference: str, idempotency_key: str | None) -> LedgerEntry:
    balance_after = _add_to_balance(user, -amount)
    if balance_after is None:
        # A repeat, or a twin call that spent this reference and committed while we waited
        # for the row lock: the first spend is the answer, not an error.
        if first := _earlier_spend(
            user=user, amount=amount, reference=reference, idempotency_key=idempotency_key
        ):
            return first
        raise InsufficientCredits(amount)
    return _append_entry(
        user=user,
        amount=-amount,
        kind=LedgerEntry.Kind.SPEND,
        reason=reason,
        reference=reference,
        idempotency_key=idempotency_key,
        balance_after=balance_after,
    )


class SpendInStatement(NamedTuple):
    """Two data-modifying CTEs for a caller's WITH, as text (`name AS (…)`) and parameters."""

    spend: str
    spend_params: list
    entry: str
    entry_params: list


def spend_in_statement(
    *,
    user,
    amount: int,
    reason: str,
    idempotency_key: str,
    source: str,
    reference_sql: str,
    condition: str = "",
    condition_params: tuple = (),
) -> SpendInStatement:
    """spend_credits for a caller that creates what the credits pay for in the same statement
    (services.start_statement, PostgreSQL only) —

    - `spend`: spend_credits' conditional UPDATE, yielding the balance it left; no row when the
      balance does not cover `amount` or the caller's further `condition` (SQL over the balance
      row, with `condition_params`) does not hold, and then nothing changed;
    - `spend_entry`: the ledger row spend_credits writes, inserted only when `spend` and the
      caller's CTE `source` both yield a row; its reference is `reference_sql`, an expression
      over `source` (the new row's id, say).

    The checks and the rows are spend_credits'. A repeat cannot come here (the reference names a
    row the statement creates): a conflicting key fails the whole statement with IntegrityError.
    """
    if connection.vendor != "postgresql":
        raise CreditError("A spend within a statement needs PostgreSQL (data-modifying CTEs).")
    _check_amount(amount)
    _check_text(reason=reason, idempotency_key=idempotency_key)
    entry, entry_params = sql.insert_select(
        LedgerEntry(
            user_id=user.pk,
            amount=-amount,
            kind=LedgerEntry.Kind.SPEND,
            reason=reason,
            idempotency_key=idempotency_key or None,
        ),
        source=f"{source}, spend",
        computed={"reference": reference_sql, "balance_after": "spend.balance"},
    )
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    return SpendInStatement(
        spend=f"spend AS ({_balance_update_statement(connection.vendor, condition)})",
        spend_params=[-amount, now, user.pk, amount, *condition_params],
        entry=f"spend_entry AS ({entry})",
        entry_params=entry_params,
    )


def refund_credits(*, user, reference: str, reason: str) -> LedgerEntry:
    """Give back, in full, what the user's spend with this reference took.

    Refused (CreditError) when the user has no spend with that reference. A reference is
    refunded at most once: a second call returns the first refund and changes nothing —
    not an error, so the worker, the reaper and staff can all settle a failed generation
    without coordinating. The amount always comes from the spend, so a refund can never
    be larger than what was spent.
    """
    _check_text(reason=reason, reference=reference)
    with transaction.atomic():
        spend = LedgerEntry.objects.filter(
            user_id=user.pk, kind=LedgerEntry.Kind.SPEND, reference=reference
        ).first()
        if spend is None:
            raise CreditError(f"Nothing to refund: there is no spend with reference {reference!r}.")
        if first := _refund_of(reference):
            return first
        try:
            with transaction.atomic():
                balance_after = _add_to_balance(user, -spend.amount)
                return _append_entry(
                    user=user,
                    amount=-spend.amount,
                    kind=LedgerEntry.Kind.REFUND,
                    reason=reason,
                    reference=reference,
                    balance_after=balance_after,
                )
        except IntegrityError:
            if first := _refund_of(reference):
                return first
            raise


def grant_staff_credits(
    *, user, amount: int, reason: str, idempotency_key: str, created_by=None
) -> LedgerEntry:
    """A staff member's change to a balance (the admin's "Grant credits" action, the
    grant_credits command): a positive amount is a grant; a negative one is a correction, an
    adjustment entry, refused with CreditError if the balance would go below zero. The caller's
    key names its submission, so a resent form or a retried script changes the balance once."""
    kind = LedgerEntry.Kind.GRANT if amount > 0 else LedgerEntry.Kind.ADJUSTMENT
    return grant_credits(
        user=user,
        amount=amount,
        reason=reason,
        kind=kind,
        idempotency_key=idempotency_key,
        created_by=created_by,
    )


def grant_signup_credits(*, user) -> LedgerEntry:
    """The Free plan's credits for a new account; once per user whatever calls it."""
    return grant_credits(
        user=user,
        amount=SIGNUP_CREDITS,
        reason="Free plan sign-up credits",
        idempotency_key=f"signup:{user.pk}",
    )


def top_up_credits(*, user, to: int, reason: str, idempotency_key: str) -> LedgerEntry | None:
    """Bring the balance up to `to` (the Free plan's monthly credits): grant `to - balance`
    when that is positive; None when nothing is due (the balance is `to` or more).

    Unlike the other writes the amount depends on the balance, so it is read under the row
    lock (SELECT … FOR UPDATE) and granted before the lock is released: a spend racing the
    top-up waits, or went first and is made up for — the top-up itself never lifts the
    balance above `to`. A repeated `idempotency_key` returns the first entry and changes
    nothing, even though the balance has moved since (its amount is not compared); the key
    is looked up under the lock, so a racing twin that committed first is seen.
    """
    _check_amount(to)
    _check_text(reason=reason, idempotency_key=idempotency_key)
    if not idempotency_key or not idempotency_key.strip():
        raise CreditError("A top-up needs an idempotency key, so that a retry cannot grant twice.")

    kind = LedgerEntry.Kind.GRANT
    with transaction.atomic():
        _ensure_balance_row(user)
        balance = (
            CreditBalance.objects.select_for_update()
            .filter(user_id=user.pk)
            .values_list("balance", flat=True)
            .get()
        )
        if first := _entry_with_key(idempotency_key, user=user, kind=kind):
            return first
        if balance >= to:
            return None
        try:
            with transaction.atomic():  # a savepoint, as in grant_credits
                balance_after = _add_to_balance(user, to - balance)
                return _append_entry(
                    user=user,
                    amount=to - balance,
                    kind=kind,
                    reason=reason,
                    idempotency_key=idempotency_key,
                    balance_after=balance_after,
                )
        except IntegrityError:
            # Not a twin with this key (it waits for the lock, then sees ours): a call for
            # another user or kind wrote it meanwhile, which _entry_with_key reports.
            if first := _entry_with_key(idempotency_key, user=user, kind=kind):
                return first
            raise


# --- helpers -------------------------------------------------------------------------------


def _check_amount(amount, *, allow_negative: bool = False) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise CreditError("An amount of credits must be a whole number.")
    if amount == 0 or (amount < 0 and not allow_negative):
        raise CreditError("The amount of credits must be greater than zero.")
    if abs(amount) > MAX_AMOUNT:
        raise CreditError(f"One operation can move at most {MAX_AMOUNT:,} credits.")


_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
REASON_CONTROL_CHARACTERS = (
    "The reason cannot contain control characters or line breaks: it is shown to the user on one line."
)


def reason_problem(reason: str) -> str | None:
    """Why `reason` cannot be written to the ledger, or None. Every write checks it (grants by
    staff in the admin or the grant_credits command, spends, refunds); the admin's form also
    shows it on its field."""
    if not reason or not reason.strip():
        return "A reason is required: it is what the user sees on their usage page."
    reason_limit = LedgerEntry._meta.get_field("reason").max_length
    if len(reason) > reason_limit:
        return f"The reason must be at most {reason_limit} characters."
    # Cc: C0/C1 controls (NUL, tabs, line breaks, \x01 …); Cs: lone surrogates, which no
    # database encoding stores; and the bidirectional embeddings, overrides and isolates, which
    # would show the text reordered ("rtl \u202eevil" reads "rtl live"). Other format
    # characters (zero-width joiners in emoji and Persian, marks like U+200F) are text.
    if any(unicodedata.category(char) in ("Cc", "Cs") or char in _BIDI_CONTROLS for char in reason):
        return REASON_CONTROL_CHARACTERS
    return None


def _check_text(*, reason: str, reference: str = "", idempotency_key: str | None = None) -> None:
    if problem := reason_problem(reason):
        raise CreditError(problem)
    if len(reference) > TEXT_LIMIT or len(idempotency_key or "") > TEXT_LIMIT:
        raise CreditError(f"References and idempotency keys must be at most {TEXT_LIMIT} characters.")


def _ensure_balance_row(user) -> None:
    """Create the user's balance row if missing. INSERT … ON CONFLICT DO NOTHING (INSERT OR
    IGNORE on SQLite), so two first grants racing for a new user cannot collide."""
    CreditBalance.objects.bulk_create([CreditBalance(user_id=user.pk, balance=0)], ignore_conflicts=True)


def _add_to_balance(user, amount: int, *, up_to: int | None = None) -> int | None:
    """One conditional UPDATE; a negative amount only applies if the balance covers it, a
    positive one, given `up_to`, only if the balance stays at most that. Returns the balance it
    left, or None when no row changed.

    Written out because the ORM's update() cannot say RETURNING: the new balance comes back
    with the UPDATE instead of from a second read. (SQLite ≥ 3.35 and PostgreSQL both have it.)
    """
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    params = [amount, now, user.pk, max(-amount, 0)]
    condition = ""
    if up_to is not None and amount > 0:
        condition = f"{connection.ops.quote_name(CreditBalance._meta.get_field('balance').column)} <= %s"
        params.append(up_to - amount)
    with connection.cursor() as cursor:
        cursor.execute(_balance_update_statement(connection.vendor, condition), params)
        row = cursor.fetchone()
    return None if row is None else row[0]


@functools.cache
def _balance_update_statement(vendor: str, condition: str = "") -> str:
    """The conditional UPDATE's text, built once per database vendor (and caller's further
    condition) from the model's names."""
    quote = connection.ops.quote_name
    table = quote(CreditBalance._meta.db_table)
    balance, updated_at, user_id = (
        quote(CreditBalance._meta.get_field(name).column) for name in ("balance", "updated_at", "user")
    )
    # Only quoted names from the model's own metadata go into the text; every value is bound.
    return (
        f"UPDATE {table} SET {balance} = {balance} + %s, {updated_at} = %s "  # noqa: S608
        f"WHERE {user_id} = %s AND {balance} >= %s{f' AND ({condition})' if condition else ''} "
        f"RETURNING {balance}"
    )


def _append_entry(
    *,
    user,
    amount: int,
    kind: str,
    reason: str,
    balance_after: int,
    reference: str = "",
    idempotency_key=None,
    created_by=None,
):
    return sql.insert(
        LedgerEntry(
            user_id=user.pk,
            amount=amount,
            kind=kind,
            reason=reason,
            reference=reference,
            idempotency_key=idempotency_key or None,
            balance_after=balance_after,
            created_by=created_by,
        )
    )


def _entry_with_key(key: str, *, user, kind: str, amount: int | None = None) -> LedgerEntry | None:
    """The entry written with `key`, or None. One written for another user or kind — or another
    amount, unless `amount` is None (a top-up's depends on the balance) — is a CreditError."""
    entry = LedgerEntry.objects.filter(idempotency_key=key).first()
    if entry is not None and (
        entry.user_id != user.pk or entry.kind != kind or (amount is not None and entry.amount != amount)
    ):
        raise KeyUsedElsewhere(
            f"The idempotency key {key!r} was already used for a different credit operation."
        )
    return _replayed(entry)


def _earlier_spend(*, user, amount: int, reference: str, idempotency_key: str | None) -> LedgerEntry | None:
    if idempotency_key and (
        entry := _entry_with_key(idempotency_key, user=user, kind=LedgerEntry.Kind.SPEND, amount=-amount)
    ):
        if entry.reference != reference:
            raise CreditError(
                f"The idempotency key {idempotency_key!r} was already used for a different spend."
            )
        return entry
    entry = LedgerEntry.objects.filter(kind=LedgerEntry.Kind.SPEND, reference=reference).first()
    if entry is not None and (entry.user_id != user.pk or entry.amount != -amount):
        raise CreditError(f"{reference!r} has already been paid for by a different spend.")
    return _replayed(entry)


def _refund_of(reference: str) -> LedgerEntry | None:
    return _replayed(LedgerEntry.objects.filter(kind=LedgerEntry.Kind.REFUND, reference=reference).first())


def _replayed(entry: LedgerEntry | None) -> LedgerEntry | None:
    """An earlier entry a repeat is answered with: marked, so a caller can say nothing changed."""
    if entry is not None:
        entry.replayed = True
    return entry
