from datetime import UTC

from django.urls import reverse

from credits.actions import grant_credits, refund_credits, spend_credits

URL = "/usage"


def test_the_url_is_named():
    assert reverse("credits:usage") == URL


def test_it_requires_sign_in(client, db):
    response = client.get(URL)

    assert response.status_code == 302
    assert response["Location"].startswith("/signin")


def test_it_shows_the_users_ledger_newest_first_in_the_shell(alice_client, alice):
    spend_credits(user=alice, amount=20, reason="META Copy generation", reference="generation:1")
    refund_credits(user=alice, reference="generation:1", reason="Refund: META Copy generation failed")

    response = alice_client.get(URL)

    assert response.status_code == 200
    body = response.content.decode()
    assert "Credit Usage" in body
    assert 'data-island="credit-balance"' in body  # the signed-in shell
    refund = body.index("Refund: META Copy generation failed")
    spend = body.index("META Copy generation</span>")
    signup = body.index("Free plan sign-up credits")
    assert refund < spend < signup
    assert "\u221220" in body and "+20" in body and "+100" in body
    for kind in ("grant", "spend", "refund"):
        assert f'data-kind="{kind}"' in body


def test_it_shows_only_your_own_entries(alice_client, bob):
    spend_credits(user=bob, amount=50, reason="Spy Master analysis", reference="generation:1")

    body = alice_client.get(URL).content.decode()

    assert "Spy Master analysis" not in body
    assert "Free plan sign-up credits" in body


def test_it_pages_the_ledger_25_entries_at_a_time(alice_client, alice):
    for n in range(30):
        grant_credits(user=alice, amount=1, reason=f"Bonus {n:02}", idempotency_key=f"bonus:{n}")

    first = alice_client.get(URL)
    second = alice_client.get(URL, {"page": 2})

    assert len(first.context["page"]) == 25
    assert "Bonus 29" in first.content.decode() and "Bonus 04" not in first.content.decode()
    assert "Showing 1–25 of 31" in first.content.decode()
    assert len(second.context["page"]) == 6
    assert "Bonus 04" in second.content.decode() and "Free plan sign-up credits" in second.content.decode()


def test_a_page_number_out_of_range_shows_the_last_page_and_nonsense_the_first(alice_client, alice):
    for n in range(30):
        grant_credits(user=alice, amount=1, reason=f"Bonus {n:02}", idempotency_key=f"bonus:{n}")

    assert alice_client.get(URL, {"page": "999"}).context["page"].number == 2
    assert alice_client.get(URL, {"page": "nonsense"}).context["page"].number == 1


def test_an_account_without_entries_sees_the_empty_state(client, django_user_model):
    [user] = django_user_model.objects.bulk_create([django_user_model(email="nobody@example.com")])
    client.force_login(user)

    body = client.get(URL).content.decode()

    assert "No credit activity yet" in body


def test_times_say_they_are_utc_and_carry_the_moment_for_the_browser_to_localise(alice_client, alice):
    entry = alice.ledger_entries.get()
    body = alice_client.get(URL).content.decode()
    moment = entry.created_at.astimezone(UTC)
    written = f"{moment:%b} {moment.day}, {moment.year}, {moment:%-I:%M} {moment:%p}"
    assert f'<time datetime="{moment.isoformat()}" data-local-time>{written} UTC</time>' in body
