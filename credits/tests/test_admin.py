import re

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from credits.models import CreditBalance, LedgerEntry, balance_of

BALANCES = "/admin/credits/creditbalance/"
LEDGER = "/admin/credits/ledgerentry/"


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def open_grant_form(staff_client, *balances):
    """Selects balances on the list and picks the 'Grant credits' action."""
    response = staff_client.post(
        BALANCES, {"action": "grant_credits_action", "_selected_action": [b.pk for b in balances]}
    )
    assert response.status_code == 200
    submission = re.search(r'name="submission" value="([^"]+)"', response.content.decode()).group(1)
    return response, submission


def submit_grant(staff_client, balances, *, amount, reason, submission):
    return staff_client.post(
        BALANCES,
        {
            "action": "grant_credits_action",
            "_selected_action": [b.pk for b in balances],
            "apply": "yes",
            "amount": amount,
            "reason": reason,
            "submission": submission,
        },
        follow=True,
    )


def test_the_balance_list_shows_and_searches_by_email(staff_client, alice, bob):
    response = staff_client.get(BALANCES, {"q": "alice@"})

    body = response.content.decode()
    assert response.status_code == 200
    assert "alice@example.com" in body and "bob@example.com" not in body


def test_a_balance_cannot_be_edited_added_or_deleted(staff_client, alice):
    balance = CreditBalance.objects.get(user=alice)

    detail = staff_client.get(f"{BALANCES}{balance.pk}/change/")
    assert detail.status_code == 200
    assert 'name="balance"' not in detail.content.decode()
    staff_client.post(f"{BALANCES}{balance.pk}/change/", {"balance": 1_000_000})
    assert balance_of(alice) == 100
    assert staff_client.get(f"{BALANCES}add/").status_code == 403
    assert staff_client.post(f"{BALANCES}{balance.pk}/delete/", {"post": "yes"}).status_code == 403
    assert CreditBalance.objects.filter(user=alice).exists()


def test_granting_credits_asks_for_amount_and_reason_then_grants_as_the_staff_user(
    staff_client, staff, alice, bob
):
    balances = CreditBalance.objects.filter(user__in=[alice, bob]).order_by("user__email")
    form, submission = open_grant_form(staff_client, *balances)
    assert "Grant credits to 2 accounts" in form.content.decode()

    response = submit_grant(
        staff_client, balances, amount=250, reason="Goodwill credits", submission=submission
    )

    assert "Granted 250 credits: alice@example.com, bob@example.com." in response.content.decode()
    assert balance_of(alice) == 350 and balance_of(bob) == 350
    entry = LedgerEntry.objects.for_user(alice).newest_first().first()
    assert (entry.kind, entry.amount, entry.reason, entry.created_by) == (
        "grant",
        250,
        "Goodwill credits",
        staff,
    )


def test_the_reason_is_stored_without_the_spaces_around_it(staff_client, alice):
    balance = CreditBalance.objects.get(user=alice)
    _, submission = open_grant_form(staff_client, balance)

    submit_grant(staff_client, [balance], amount=5, reason="  Goodwill credits \n", submission=submission)

    assert LedgerEntry.objects.for_user(alice).newest_first().first().reason == "Goodwill credits"


def test_submitting_the_same_grant_form_twice_grants_once(staff_client, alice):
    balance = CreditBalance.objects.get(user=alice)
    _, submission = open_grant_form(staff_client, balance)

    first = submit_grant(staff_client, [balance], amount=50, reason="Sorry", submission=submission)
    again = submit_grant(staff_client, [balance], amount=50, reason="Sorry", submission=submission)

    assert balance_of(alice) == 150
    assert "Granted 50 credits: alice@example.com." in first.content.decode()
    body = again.content.decode()
    assert "Granted" not in body
    assert "This form was already applied for alice@example.com: nothing changed now." in body

    # Back, another amount, sent again: refused, not said to be applied.
    changed = submit_grant(staff_client, [balance], amount=500, reason="Sorry", submission=submission)
    assert balance_of(alice) == 150
    assert "this form was already applied with another amount" in changed.content.decode()


def test_a_negative_grant_is_a_correction_refused_below_zero(staff_client, alice, bob):
    from credits.actions import spend_credits

    spend_credits(user=bob, amount=90, reason="Spy Master analysis", reference="generation:1")
    balances = CreditBalance.objects.filter(user__in=[alice, bob]).order_by("user__email")
    _, submission = open_grant_form(staff_client, *balances)

    response = submit_grant(staff_client, balances, amount=-20, reason="Correction", submission=submission)

    body = response.content.decode()
    assert "Removed 20 credits: alice@example.com." in body
    assert (
        "Not changed for bob@example.com: Cannot remove 20 credits: the balance is 10 and cannot go below zero."
        in body
    )
    assert balance_of(alice) == 80 and balance_of(bob) == 10
    assert LedgerEntry.objects.for_user(alice).newest_first().first().kind == "adjustment"


@pytest.mark.parametrize(("amount", "reason"), [("0", "x"), ("abc", "x"), ("10", ""), ("99999999", "x")])
def test_an_invalid_grant_form_is_shown_again_and_grants_nothing(staff_client, alice, amount, reason):
    balance = CreditBalance.objects.get(user=alice)
    _, submission = open_grant_form(staff_client, balance)

    response = submit_grant(staff_client, [balance], amount=amount, reason=reason, submission=submission)

    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert balance_of(alice) == 100


def test_a_reason_with_a_control_character_is_refused_on_the_field_and_grants_nothing(
    staff_client, alice, bob
):
    balances = list(CreditBalance.objects.filter(user__in=[alice, bob]))
    _, submission = open_grant_form(staff_client, *balances)

    response = submit_grant(staff_client, balances, amount="10", reason="a\x01b", submission=submission)

    body = response.content.decode()
    assert "The reason cannot contain control characters or line breaks" in body
    assert body.count("The reason cannot contain") == 1  # once, on the field, not per balance
    assert balance_of(alice) == 100 and balance_of(bob) == 100


def test_staff_without_the_grant_permission_do_not_get_the_action(client, make_user, alice):
    clerk = make_user("clerk@example.com", is_staff=True)
    clerk.user_permissions.add(Permission.objects.get(codename="view_creditbalance"))
    client.force_login(clerk)

    assert "grant_credits_action" not in client.get(BALANCES).content.decode()
    balance = CreditBalance.objects.get(user=alice)
    client.post(
        BALANCES,
        {
            "action": "grant_credits_action",
            "_selected_action": [balance.pk],
            "apply": "yes",
            "amount": 500,
            "reason": "x",
            "submission": "6f1c1a36-52a6-4d6c-a3a5-111111111111",
        },
    )
    assert balance_of(alice) == 100


def test_the_ledger_is_listed_filtered_and_searched(staff_client, alice, bob):
    from credits.actions import spend_credits

    spend_credits(user=alice, amount=20, reason="META Copy generation", reference="generation:17")

    assert "generation:17" in staff_client.get(LEDGER, {"kind__exact": "spend"}).content.decode()
    grants = staff_client.get(LEDGER, {"kind__exact": "grant"}).content.decode()
    assert "generation:17" not in grants and "bob@example.com" in grants
    searched = staff_client.get(LEDGER, {"q": "generation:17"}).content.decode()
    assert "alice@example.com" in searched and "bob@example.com" not in searched
    assert staff_client.get(LEDGER, {"created_at__gte": "2000-01-01T00:00:00+00:00"}).status_code == 200


def test_each_balance_links_to_that_users_ledger(staff_client, alice, bob):
    body = staff_client.get(BALANCES).content.decode()
    link = re.search(rf'href="({LEDGER}\?user__id__exact={alice.pk})"', body).group(1)

    ledger = staff_client.get(link).content.decode()

    assert "alice@example.com" in ledger and "bob@example.com" not in ledger


def test_the_ledger_is_read_only(staff_client, alice):
    entry = LedgerEntry.objects.for_user(alice).get()

    assert staff_client.get(f"{LEDGER}add/").status_code == 403
    assert 'name="amount"' not in staff_client.get(f"{LEDGER}{entry.pk}/change/").content.decode()
    assert staff_client.post(f"{LEDGER}{entry.pk}/delete/", {"post": "yes"}).status_code == 403
    staff_client.post(LEDGER, {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"})
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()


@pytest.mark.parametrize("submission", ["zzz", ""])
def test_a_grant_form_with_its_hidden_key_missing_or_altered_says_so_and_grants_nothing(
    staff_client, alice, submission
):
    balance = CreditBalance.objects.get(user=alice)
    response = submit_grant(staff_client, [balance], amount=50, reason="Sorry", submission=submission)

    body = response.content.decode()
    assert "This form could not be read, so nothing was granted." in body
    assert 'value="Sorry"' in body and 'value="50"' in body  # what was typed, to send again
    assert balance_of(alice) == 100


def test_the_ledger_list_searches_reasons(staff_client, alice):
    from credits.actions import grant_staff_credits

    grant_staff_credits(user=alice, amount=5, reason="Goodwill credits", idempotency_key="goodwill")
    body = staff_client.get(
        reverse("admin:credits_ledgerentry_changelist"), {"q": "Goodwill"}
    ).content.decode()
    assert "Goodwill credits" in body and "1 result" in body
