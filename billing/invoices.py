"""Stripe invoices as the billing history shows them (read-only; Stripe keeps the originals)."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from billing.models import PaidInvoice, from_unix

_SYMBOLS = {"usd": "$", "eur": "€", "gbp": "£", "cad": "CA$", "aud": "A$", "jpy": "¥"}
# Stripe amounts are in the currency's minor unit: cents for most, but these have none (¥500 is
# 500) and these count thousandths. https://docs.stripe.com/currencies#zero-decimal
ZERO_DECIMAL_CURRENCIES = frozenset(
    [
        "bif",
        "clp",
        "djf",
        "gnf",
        "jpy",
        "kmf",
        "krw",
        "mga",
        "pyg",
        "rwf",
        "ugx",
        "vnd",
        "vuv",
        "xaf",
        "xof",
        "xpf",
    ]
)
THREE_DECIMAL_CURRENCIES = frozenset(["bhd", "jod", "kwd", "omr", "tnd"])
_STATUS_CLASSES = {
    "paid": "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
    "open": "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
}
_OTHER_STATUS_CLASSES = "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200"


def minor_unit_digits(currency: str) -> int:
    """How many decimal places Stripe's integer amounts carry in `currency`."""
    code = (currency or "").lower()
    if code in ZERO_DECIMAL_CURRENCIES:
        return 0
    return 3 if code in THREE_DECIMAL_CURRENCIES else 2


def format_amount(amount_minor: int, currency: str) -> str:
    """A Stripe amount in the invoice currency: '$49.99', '€19.99', '49.99 CHF', '¥5,000',
    '5,000 KRW'. The spec's amount_paid / 100 holds for two-decimal currencies only."""
    digits = minor_unit_digits(currency)
    value = f"{Decimal(amount_minor or 0).scaleb(-digits):,.{digits}f}"
    code = (currency or "").lower()
    if code in _SYMBOLS:
        return f"{_SYMBOLS[code]}{value}"
    return f"{value} {code.upper()}".strip()


@dataclass(frozen=True)
class InvoiceRow:
    id: str
    number: str
    created: datetime | None
    amount: str
    status: str
    status_classes: str
    pdf_url: str
    pay_url: str = ""  # Stripe's hosted page for paying an invoice still open

    @classmethod
    def from_stripe(cls, invoice: dict) -> "InvoiceRow":
        status = invoice.get("status") or ""
        return cls(
            id=invoice.get("id") or "",
            number=invoice.get("number") or invoice.get("id") or "",
            created=from_unix(invoice.get("created")),
            amount=format_amount(invoice.get("amount_paid") or 0, invoice.get("currency") or ""),
            status=status,
            status_classes=_STATUS_CLASSES.get(status, _OTHER_STATUS_CLASSES),
            pdf_url=_web_address(invoice.get("invoice_pdf")),
            pay_url=_web_address(invoice.get("hosted_invoice_url")) if status == "open" else "",
        )

    @classmethod
    def from_recorded(cls, paid: PaidInvoice) -> "InvoiceRow":
        """A paid invoice as we recorded it from its invoice.paid event (no PDF link: Stripe
        makes those on request)."""
        return cls(
            id=paid.invoice_id,
            number=paid.number or paid.invoice_id,
            created=paid.paid_at,
            amount=format_amount(paid.amount_paid, paid.currency),
            status="paid",
            status_classes=_STATUS_CLASSES["paid"],
            pdf_url="",
        )


def _web_address(value) -> str:
    """A link from Stripe's answer as the page may show it: an https address, else none (the
    page would otherwise render whatever a proxy or a changed API put there as a link)."""
    return value if isinstance(value, str) and value.startswith("https://") else ""


def invoice_as_json(invoice: dict) -> dict:
    """The documented invoice fields, for the get-invoices action."""
    fields = ("id", "number", "created", "amount_paid", "currency", "status", "invoice_pdf")
    return {field: invoice.get(field) for field in fields}


def recorded_invoice_as_json(paid: PaidInvoice) -> dict:
    """A paid invoice we recorded from its invoice.paid event, in the get-invoices fields (no PDF:
    Stripe makes those on request)."""
    return {
        "id": paid.invoice_id,
        "number": paid.number or None,
        "created": int(paid.paid_at.timestamp()) if paid.paid_at else None,
        "amount_paid": paid.amount_paid,
        "currency": paid.currency,
        "status": "paid",
        "invoice_pdf": None,
    }
