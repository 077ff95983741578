import pytest

from billing.invoices import format_amount

# Stripe gives amounts as integers in the currency's minor unit (docs.stripe.com/currencies).


@pytest.mark.parametrize(
    ("amount", "currency", "shown"),
    [
        (4999, "usd", "$49.99"),
        (1999, "eur", "€19.99"),
        (4999, "chf", "49.99 CHF"),
        (123456789, "usd", "$1,234,567.89"),
        (0, "eur", "€0.00"),
        (None, "usd", "$0.00"),
    ],
)
def test_two_decimal_currencies_are_divided_by_100(amount, currency, shown):
    assert format_amount(amount, currency) == shown


@pytest.mark.parametrize(
    ("amount", "currency", "shown"),
    [
        (5000, "jpy", "¥5,000"),
        (5000, "JPY", "¥5,000"),
        (65000, "krw", "65,000 KRW"),
        (25000, "clp", "25,000 CLP"),
        (120000, "vnd", "120,000 VND"),
        (3000, "xof", "3,000 XOF"),
    ],
)
def test_zero_decimal_currencies_are_shown_as_they_are(amount, currency, shown):
    assert format_amount(amount, currency) == shown


def test_three_decimal_currencies_count_thousandths():
    assert format_amount(15250, "kwd") == "15.250 KWD"
    assert format_amount(5120, "bhd") == "5.120 BHD"


def test_an_unknown_or_missing_currency_still_shows_the_amount():
    assert format_amount(4999, "") == "49.99"
    assert format_amount(4999, "xyz") == "49.99 XYZ"
