"""Property test: any sequence of grants, spends, refunds and corrections — valid or not,
repeated or not, by either of two users — leaves the credit invariants of DESIGN.md true
after every step."""

from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from credits.actions import CreditError, InsufficientCredits, grant_credits, refund_credits, spend_credits
from credits.models import CreditBalance, LedgerEntry

# Slow, and its locks are real only on PostgreSQL: the SQLite pass of .ci/test-suite.sh leaves it out.
pytestmark = pytest.mark.fuzz

USERS = st.sampled_from(["alice", "bob"])


class LedgerMachine(RuleBasedStateMachine):
    references = Bundle("references")

    def __init__(self):
        super().__init__()
        # Each run happens inside a savepoint that teardown() rolls back.
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        User = get_user_model()
        self.users = {
            name: User.objects.create_user(email=f"{name}@example.com") for name in ("alice", "bob")
        }
        self.expected = dict.fromkeys(self.users, 100)  # the sign-up grant
        self.spends = {}  # reference -> (user name, amount)
        self.refunded = set()
        self.grant_keys = {}  # key -> (user name, amount)
        self.counter = 0
        self.seen = {}  # ledger rows at the previous step

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    @rule(target=references, who=USERS, amount=st.integers(1, 150))
    def spend(self, who, amount):
        self.counter += 1
        reference = f"generation:{self.counter}"
        try:
            entry = spend_credits(user=self.users[who], amount=amount, reason="Tool use", reference=reference)
        except InsufficientCredits as error:
            assert self.expected[who] < amount
            assert str(error) == f"Insufficient credits. This service requires {amount} credits."
        else:
            assert self.expected[who] >= amount
            self.expected[who] -= amount
            self.spends[reference] = (who, amount)
            assert entry.balance_after == self.expected[who]
        return reference

    @rule(who=USERS, reference=references, amount=st.integers(1, 150))
    def spend_a_reference_again(self, who, reference, amount):
        first = self.spends.get(reference)
        try:
            entry = spend_credits(user=self.users[who], amount=amount, reason="Tool use", reference=reference)
        except (CreditError, InsufficientCredits):
            assert first is None or first != (who, amount)
        else:
            if first is None:  # the reference was refused before; this time it fit
                self.expected[who] -= amount
                self.spends[reference] = (who, amount)
            else:
                assert first == (who, amount) and entry.amount == -amount

    @rule(who=USERS, reference=references)
    def refund(self, who, reference):
        spent = self.spends.get(reference)
        try:
            entry = refund_credits(user=self.users[who], reference=reference, reason="Failed")
        except CreditError:
            assert spent is None or spent[0] != who
        else:
            assert spent is not None and spent[0] == who
            assert entry.amount == spent[1]
            if reference not in self.refunded:
                self.refunded.add(reference)
                self.expected[who] += spent[1]

    @rule(who=USERS, amount=st.integers(1, 300), key=st.sampled_from(["a", "b", "c"]))
    def grant(self, who, amount, key):
        key = f"invoice:{key}"
        first = self.grant_keys.get(key)
        try:
            grant_credits(user=self.users[who], amount=amount, reason="Plan credits", idempotency_key=key)
        except CreditError:
            assert first is not None and first != (who, amount)
        else:
            if first is None:
                self.grant_keys[key] = (who, amount)
                self.expected[who] += amount
            else:
                assert first == (who, amount)

    @rule(who=USERS, amount=st.integers(1, 300))
    def correct_downwards(self, who, amount):
        self.counter += 1
        try:
            grant_credits(
                user=self.users[who],
                amount=-amount,
                reason="Correction",
                kind="adjustment",
                idempotency_key=f"fix:{self.counter}",
            )
        except CreditError:
            assert self.expected[who] < amount
        else:
            self.expected[who] -= amount

    @invariant()
    def the_design_invariants_hold(self):
        # Two queries per step: the whole ledger and the balances, checked in Python.
        entries = list(LedgerEntry.objects.order_by("id"))
        balances = dict(CreditBalance.objects.values_list("user_id", "balance"))
        for name, user in self.users.items():
            mine = [e for e in entries if e.user_id == user.pk]
            # 1. balance = ledger sum (and what this model of the rules expects)
            assert balances[user.pk] == sum(e.amount for e in mine) == self.expected[name]
            # 2. balance ≥ 0 after every entry, and each balance_after follows from the last
            running = 0
            for entry in mine:
                running += entry.amount
                assert entry.balance_after == running >= 0
            assert mine[-1].balance_after == balances[user.pk]
        # 3. rows seen at earlier steps are still there, unchanged
        rows = {e.pk: (e.user_id, e.kind, e.amount, e.reference, e.balance_after) for e in entries}
        assert rows.items() >= self.seen.items()
        self.seen = rows
        # 4. each reference spent at most once and refunded at most once
        counts = Counter((e.kind, e.reference) for e in entries if e.kind in ("spend", "refund"))
        assert all(count == 1 for count in counts.values())
        # 5. a refund refers to exactly one spend, of the same user, and is never larger
        spends = {e.reference: e for e in entries if e.kind == "spend"}
        for refund in (e for e in entries if e.kind == "refund"):
            spend = spends[refund.reference]
            assert refund.user_id == spend.user_id
            assert refund.amount == -spend.amount


@pytest.mark.django_db
def test_the_credit_invariants_hold_after_every_step():
    run_state_machine_as_test(
        LedgerMachine,
        settings=settings(max_examples=25, stateful_step_count=25, deadline=None, database=None),
    )
