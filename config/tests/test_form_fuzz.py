"""Fuzzing every HTML form (and the billing actions) with Hypothesis: random text, unicode, NUL
characters, markup and huge values, fields present or missing — the answer is never a 500.

The test client re-raises any exception a view lets escape, so a crash fails the example even
where a handler would have turned it into a 500 page.
"""

import json
import re

import pytest
from allauth.account.forms import default_token_generator
from allauth.account.utils import user_pk_to_url_str
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from hypothesis import strategies as st

from credits.models import CreditBalance

# Request handling, not the database: the SQLite pass of .ci/test-suite.sh leaves these out.
pytestmark = pytest.mark.fuzz

EXAMPLES = 40  # per form

# What a hostile or careless visitor types: any text (NUL included), markup, near-valid values,
# and values far past every limit.
field_values = st.one_of(
    st.text(max_size=300),
    st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "alice@example.com",
            "alice@example.com\x00",
            "a@b",
            "@",
            "https://",
            "javascript:alert(1)",
            "<script>alert(1)</script>",
            "' OR 1=1 --",
            "9" * 40,
            "-1",
            "0",
            "😀" * 50,
            "\u202e\u200b",
        ]
    ),
    st.builds(lambda unit, times: unit * times, st.text(min_size=1, max_size=3), st.integers(1_000, 100_000)),
)


def form_data(*fields: str):
    """Any subset of the form's fields, each with any value."""
    return st.fixed_dictionaries({}, optional=dict.fromkeys(fields, field_values))


def fuzz(client: Client, data_strategy, send) -> list[str]:
    """Send EXAMPLES random submissions; returns the ones answered with a 5xx."""
    errors = []

    @given(data=data_strategy)
    @fuzz_settings(
        max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    def submit(data):
        response = send(client, data)
        if response.status_code >= 500:
            errors.append(f"{response.status_code} for {data!r}"[:500])

    submit()
    return errors


def post_to(url: str):
    return lambda client, data: client.post(url, data)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url_name", "fields"),
    [
        ("accounts:signin", ("email", "password", "remember")),
        ("accounts:signup", ("name", "email", "password1", "accept_terms")),
        ("accounts:forgot-password", ("email",)),
    ],
)
def test_the_entrance_forms_never_fail_with_a_server_error(url_name, fields, alice):
    assert fuzz(Client(), form_data(*fields), post_to(reverse(url_name))) == []


@pytest.mark.django_db
def test_the_reset_password_form_never_fails_with_a_server_error(alice):
    client = Client()
    link = reverse(
        "accounts:reset-password",
        kwargs={"uidb36": user_pk_to_url_str(alice), "key": default_token_generator.make_token(alice)},
    )
    # allauth swaps the key in the link for one kept in the session, then shows the form.
    form_url = client.get(link, follow=True).redirect_chain[-1][0]
    assert fuzz(client, form_data("password1", "password2"), post_to(form_url)) == []


@pytest.mark.django_db
def test_the_profile_form_never_fails_with_a_server_error(alice_client):
    fields = ("name", "email", "company", "website", "bio", "avatar")
    assert fuzz(alice_client, form_data(*fields), post_to(reverse("accounts:profile"))) == []


@pytest.mark.django_db
def test_the_admin_grant_form_never_fails_with_a_server_error(alice, staff):
    client = Client()
    client.force_login(staff)
    balances_url = reverse("admin:credits_creditbalance_changelist")
    balance = CreditBalance.objects.get(user=alice)
    opened = client.post(balances_url, {"action": "grant_credits_action", "_selected_action": [balance.pk]})
    assert re.search(r'name="submission"', opened.content.decode())

    def send(client, data):
        return client.post(
            balances_url,
            {"action": "grant_credits_action", "_selected_action": [balance.pk], "apply": "yes", **data},
        )

    assert fuzz(client, form_data("amount", "reason", "submission"), send) == []


@pytest.mark.django_db
def test_the_billing_actions_never_fail_with_a_server_error(alice_client):
    api = reverse("billing:api")

    def send(client, data):
        action = data.get("action", "")
        if data.get("post"):
            body = json.dumps({"subscriptionId": data.get("subscriptionId")})
            return client.post(f"{api}?action={action}", body, content_type="application/json")
        return client.get(api, {"action": action})

    requests = st.fixed_dictionaries(
        {
            "post": st.booleans(),
            "action": st.one_of(
                st.sampled_from(["get-subscription", "get-invoices", "cancel-subscription"]), field_values
            ),
        },
        optional={
            "subscriptionId": st.one_of(field_values, st.integers(), st.none(), st.lists(st.integers()))
        },
    )
    assert fuzz(alice_client, requests, send) == []
    assert alice_client.post(reverse("billing:portal")).status_code < 500
