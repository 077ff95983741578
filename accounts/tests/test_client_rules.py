"""The rules the browser runs (forms.client_rules, shipped as JSON) agree with the server's
validation: for each sample value both accept it, or both refuse it with the same message."""

import re

import pytest

from accounts.forms import ProfileForm, SignUpForm


def browser_verdict(rules, value: str) -> str:
    """What frontend/site/behaviours/forms.js firstError() does, for text rules."""
    text = value.strip()
    for rule in rules:
        kind = rule["type"]
        ok = (
            (kind == "minLength" and len(text) >= rule["value"])
            or (kind == "maxLength" and len(text) <= rule["value"])
            or (
                kind == "pattern"
                and ((rule.get("optional") and text == "") or re.search(rule["value"], text))
            )
        )
        if not ok:
            return rule["message"]
    return ""


@pytest.mark.parametrize(
    "website",
    [
        "",
        "example.com",
        "https://example.com",
        "http://shop.example.co.uk/path?q=1",
        "example",
        "not a url",
        "https://",
        "bücher.de",
        "https://münchen.de/",
        "пример.рф",
        "https://xn--bcher-kva.de",
    ],
)
def test_website_rules_agree(alice, website):
    form = ProfileForm({"name": "Alice", "email": alice.email, "website": website}, user=alice)
    form.is_valid()
    server = (form.errors.get("website") or [""])[0]
    assert browser_verdict(ProfileForm.client_rules["website"], website) == server


@pytest.mark.parametrize(
    "email", ["a@b.co", "carol@example.com", "carol@", "carol", "@example.com", "a b@c.de"]
)
def test_email_rules_agree(db, email):
    form = SignUpForm({"name": "Carol", "email": email, "password1": "Str0ngPassw0rd", "accept_terms": "on"})
    form.is_valid()
    server = (form.errors.get("email") or [""])[0]
    assert browser_verdict(SignUpForm.client_rules["email"], email) == server


@pytest.mark.parametrize("password", ["", "Sh0rt", "alllower1", "ALLUPPER1", "NoNumbersHere", "G00dPassword"])
def test_password_rules_agree(db, password):
    form = SignUpForm(
        {"name": "Carol", "email": "carol@example.com", "password1": password, "accept_terms": "on"}
    )
    form.is_valid()
    server = (form.errors.get("password1") or [""])[0]
    assert browser_verdict(SignUpForm.client_rules["password1"], password) == server
