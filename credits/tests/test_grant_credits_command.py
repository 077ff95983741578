import pytest
from django.core.management import CommandError, call_command

from credits.models import LedgerEntry, balance_of


def run(*args):
    from io import StringIO

    out = StringIO()
    call_command("grant_credits", *args, stdout=out)
    return out.getvalue()


def test_it_grants_credits(alice):
    output = run("alice@example.com", "250", "--reason", "Conference giveaway")

    assert balance_of(alice) == 350
    entry = LedgerEntry.objects.for_user(alice).newest_first().first()
    assert (entry.kind, entry.amount, entry.reason) == ("grant", 250, "Conference giveaway")
    assert "balance now 350" in output


def test_a_grant_to_a_closed_account_is_made_and_says_so(alice):
    from io import StringIO

    alice.is_active = False
    alice.save(update_fields=["is_active"])
    out, err = StringIO(), StringIO()
    call_command("grant_credits", "alice@example.com", "10", "--reason", "Goodwill", stdout=out, stderr=err)

    assert balance_of(alice) == 110
    assert err.getvalue() == "Note: alice@example.com is a closed account; it cannot sign in to use them.\n"


def test_the_email_is_matched_without_regard_to_case(alice):
    run("Alice@Example.com", "5", "--reason", "Thanks")
    assert balance_of(alice) == 105


def test_a_negative_amount_is_a_correction(alice):
    run("alice@example.com", "-30", "--reason", "Duplicate grant corrected")

    entry = LedgerEntry.objects.for_user(alice).newest_first().first()
    assert (entry.kind, entry.amount) == ("adjustment", -30)
    assert balance_of(alice) == 70


def test_a_correction_below_zero_is_refused_with_a_clear_message(alice):
    with pytest.raises(CommandError, match="Cannot remove 101 credits: the balance is 100") as raised:
        run("alice@example.com", "-101", "--reason", "Too much")

    assert raised.value.returncode == 1
    assert balance_of(alice) == 100


def test_a_grant_past_the_largest_balance_is_refused_with_a_clear_message(alice):
    from credits.actions import MAX_AMOUNT, MAX_BALANCE

    for n in range(MAX_BALANCE // MAX_AMOUNT - 1):
        run("alice@example.com", str(MAX_AMOUNT), "--reason", f"Fill {n}")

    with pytest.raises(
        CommandError, match="Cannot add 10,000,000 credits: the balance is 990,000,100"
    ) as raised:
        run("alice@example.com", str(MAX_AMOUNT), "--reason", "One too many")

    assert raised.value.returncode == 1
    assert balance_of(alice) == 990_000_100


def test_an_unknown_email_is_refused(db):
    with pytest.raises(CommandError, match="No account with the e-mail address ghost@example.com"):
        run("ghost@example.com", "10", "--reason", "x")


def test_zero_is_refused(alice):
    with pytest.raises(CommandError, match="must not be zero"):
        run("alice@example.com", "0", "--reason", "x")


def test_a_reason_is_required(alice):
    with pytest.raises(CommandError):
        run("alice@example.com", "10")


def test_the_same_idempotency_key_grants_once_and_says_so(alice):
    assert "balance now 110" in run(
        "alice@example.com", "10", "--reason", "Retry-safe", "--idempotency-key", "ticket-42"
    )
    run("alice@example.com", "5", "--reason", "Later", "--idempotency-key", "ticket-43")
    again = run("alice@example.com", "10", "--reason", "Retry-safe", "--idempotency-key", "ticket-42")

    assert balance_of(alice) == 115
    assert "Already applied with this key" in again and "nothing granted now" in again
    assert "has 115 credits" in again  # the balance as it is now, not as that grant left it


def test_an_empty_email_is_refused_clearly(db):
    with pytest.raises(CommandError, match="Give the account's e-mail address."):
        run("  ", "10", "--reason", "x")


def test_each_run_without_a_key_is_a_new_grant(alice):
    run("alice@example.com", "10", "--reason", "One")
    run("alice@example.com", "10", "--reason", "Two")

    assert balance_of(alice) == 120


def test_a_blank_idempotency_key_is_no_key(alice):
    run("alice@example.com", "10", "--reason", "One", "--idempotency-key", "   ")
    again = run("alice@example.com", "10", "--reason", "Two", "--idempotency-key", "   ")

    assert balance_of(alice) == 120
    assert "Already applied" not in again
    assert not LedgerEntry.objects.filter(idempotency_key__in=["", "   "]).exists()


def test_spaces_around_the_idempotency_key_are_ignored(alice):
    run("alice@example.com", "10", "--reason", "Retry-safe", "--idempotency-key", " ticket-42 ")
    again = run("alice@example.com", "10", "--reason", "Retry-safe", "--idempotency-key", "ticket-42")

    assert balance_of(alice) == 110
    assert "Already applied with this key" in again
    assert LedgerEntry.objects.filter(idempotency_key="command:ticket-42").count() == 1


def test_a_key_typed_here_cannot_take_a_key_the_app_uses_for_its_own_grants(alice, make_user):
    # The next account's sign-up grant is keyed "signup:<id>": a command run with that key must
    # neither answer "Already applied" nor keep the new account from its credits.
    output = run("alice@example.com", "10", "--reason", "Promo", "--idempotency-key", f"signup:{alice.pk}")
    assert "balance now 110" in output
    dave = make_user("dave@example.com")
    assert balance_of(dave) == 100
    assert LedgerEntry.objects.filter(idempotency_key=f"signup:{dave.pk}", user=dave).exists()


def test_a_key_used_for_another_grant_is_refused_in_plain_words(alice, bob):
    run("alice@example.com", "10", "--reason", "Promo", "--idempotency-key", "ticket-42")
    with pytest.raises(CommandError, match="already used for a different grant; nothing granted"):
        run("bob@example.com", "10", "--reason", "Promo", "--idempotency-key", "ticket-42")
    assert balance_of(bob) == 100


def test_a_reason_with_a_control_character_is_refused_clearly(alice):
    with pytest.raises(
        CommandError,
        match="alice@example.com: The reason cannot contain control characters or line breaks",
    ):
        run("alice@example.com", "10", "--reason", "a\x01b")
    assert balance_of(alice) == 100


def test_a_key_is_refused_past_its_own_limit_which_leaves_room_for_the_commands_prefix(alice):
    run("alice@example.com", "10", "--reason", "Long key", "--idempotency-key", "k" * 192)
    assert balance_of(alice) == 110

    with pytest.raises(CommandError, match="The idempotency key must be at most 192 characters."):
        run("alice@example.com", "10", "--reason", "Too long", "--idempotency-key", "k" * 193)
    assert balance_of(alice) == 110
