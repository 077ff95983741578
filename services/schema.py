"""Form schemas, defined once: the server validates with them and the islands receive them as props.

The rules here are mirrored in frontend/lib/schema.js; docs/CONTRACTS.md describes the props format.
A schema never touches the database: checks that need it (does `scrapeId` name the user's own
successful scrape?) belong to the action that starts a generation.
"""

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from django.utils import dateformat, timezone

from config.outbound import OutboundError, is_refused_without_lookup, parse_http_url
from history.storage import UPLOAD_AREAS, stored_path_from_reference
from services.colors import color_hex

CHOICE_TYPES = {"select", "radio"}

# Accepted by url fields and by image fields (pasted URLs). Mirrored in JS.
HTTP_URL_RE = re.compile(r"^https?://[^\s/$.?#][^\s]*$", re.IGNORECASE)
URL_MAX_LENGTH = 2048
ADDRESS_NOT_ALLOWED = "This address is not allowed."  # what the fetch says too (config.outbound)
# Date fields (Spy's "ads started before"): YYYY-MM-DD, what the date input sends — on its own
# date.fromisoformat also reads 20250101 and 2025-W01-1 — from 2000-01-01 (before any ad
# library) to a year from today. Mirrored in JS; the props carry the range as the input's
# min/max and the out-of-range message naming it, both as of the page's render.
DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
EARLIEST_DATE = date(2000, 1, 1)
LATEST_DATE_AHEAD = timedelta(days=366)
DATE_RANGE_MESSAGE = "Please choose a date from {earliest} to {latest}"


# A website or image address typed without its scheme, as people write them ("rosasbakery.co.uk",
# "cdn.example.com/logo.png"): read as https://…, as the profile's website field reads it. Only a
# host that looks like a domain name qualifies (labels joined by dots, the last a top-level domain:
# letters, or IDNA's xn--), or an IPv4 address, so a private one is then refused as such.
# "logo.png" is a file name, not a site, and a lone word is not an address. Mirrored in JS.
BARE_ADDRESS_RE = re.compile(r"(?P<host>[^\s/?#@:\\]+)(?::[0-9]+)?(?:[/?#]\S*)?")
TOP_LEVEL_DOMAIN_RE = re.compile(r"[^\W\d_]{2,63}|xn--[a-z0-9-]{1,59}", re.IGNORECASE)
IPV4_RE = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}")
FILE_EXTENSION_RE = re.compile(r"png|jpe?g|gif|webp|avif|svg|bmp|tiff?|ico|heic|html?|pdf", re.IGNORECASE)


def with_default_scheme(value: str) -> str:
    """`value` with https:// in front when it is a bare domain (or IPv4 address) with an optional
    port, path, query or fragment; anything else as it is, to be judged as written."""
    match = BARE_ADDRESS_RE.fullmatch(value)
    if match is None:
        return value
    host = match["host"]
    labels = host.split(".")
    top = labels[-1]
    is_domain = (
        len(labels) > 1
        and all(labels)
        and TOP_LEVEL_DOMAIN_RE.fullmatch(top) is not None
        and FILE_EXTENSION_RE.fullmatch(top) is None
    )
    return f"https://{value}" if is_domain or IPV4_RE.fullmatch(host) else value


def is_http_url(value: str) -> bool:
    """An absolute http(s) URL a request can be made to as written: the pattern, and the
    reading the server's fetch gives it (a host, a port in range, no user name or password) —
    so a URL that passes a form does not fail in the job, after a scrape was counted."""
    if not HTTP_URL_RE.match(value):
        return False
    try:
        parse_http_url(value)
    except OutboundError:
        return False
    return True


def form_day(value: str) -> date | None:
    """The calendar day a date field's YYYY-MM-DD names; None for anything else."""
    if not DATE_RE.match(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def latest_form_date() -> date:
    """The last day a date field takes: moves with today, so it is read per request."""
    return timezone.localdate() + LATEST_DATE_AHEAD


def _spelled_day(day: date) -> str:
    return dateformat.format(day, "j F Y")  # "1 January 2000": no day/month order to misread


def is_image_reference(value: str) -> bool:
    """What an image field holds: a pasted http(s) URL, or the site-relative URL POST /api/uploads/
    returned ("/files/products/7/ab12.png"). Any other site path names nothing an engine can use.

    Only the shape is checked here; whether the file is the user's own and still stored needs
    storage, so start_generation checks it (services.actions.unavailable_image_errors).
    """
    if value.startswith("/"):
        stored = stored_path_from_reference(value)
        return stored is not None and stored.area in UPLOAD_AREAS
    return is_http_url(value)


def _whole_number(raw: Any) -> int | None:
    """An integer given as a JSON number (a float only without a fraction) or as text; None for
    anything else. JSON's 1e400 arrives as float("inf"), which int() refuses with OverflowError:
    `is_integer()` is False for infinities and NaN, so they never get there."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, float):
        return int(raw) if raw.is_integer() else None
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class Option:
    value: str
    label: str = ""
    description: str = ""  # radio cards show it under the label

    def as_props(self) -> dict:
        props = {"value": self.value, "label": self.label or self.value}
        if self.description:
            props["description"] = self.description
        return props


def options(*values: str) -> tuple[Option, ...]:
    return tuple(Option(value) for value in values)


@dataclass(frozen=True)
class Field:
    name: str  # the documented request field name
    label: str
    type: str = "text"  # text|textarea|select|radio|color|url|image|number|date|hidden
    required: bool = False
    min_length: int | None = None
    max_length: int | None = None
    min: int | None = None
    max: int | None = None
    options: tuple[Option, ...] = ()
    default: Any = None
    placeholder: str = ""
    help: str = ""
    counter: bool = False
    messages: dict[str, str] = field(default_factory=dict)
    show_if: tuple[str, str] | None = None  # (field, value): shown (and validated) only then
    upload: dict | None = None  # {"bucket": ..., "urlField": ...} for image fields
    paired_with: str = ""  # a url field rendered inside the named image field's upload widget
    picker_default: str = ""  # colour the picker starts from when the field is empty
    # Legacy spellings accepted on input and stored in their one canonical form (spec/README decision 7).
    aliases: dict[str, str] = field(default_factory=dict, compare=False)

    # --- validation ---------------------------------------------------------------------------
    def clean(self, raw: Any, inputs: dict) -> tuple[Any, str | None]:
        """Return (cleaned value, error message or None)."""
        if self.type == "number":
            return self._clean_number(raw)
        if self.type == "hidden":
            return self._clean_id(raw)
        if raw is None:
            raw = ""
        if isinstance(raw, bool) or not isinstance(raw, str | int | float):
            if self.type in CHOICE_TYPES:
                return "", self.messages["choice"]
            return "", self.messages.get("invalid") or self.messages.get("required")
        value = str(raw).strip()
        if not value:
            if self.required and not self._satisfied_by_pair(inputs):
                return "", self.messages["required"]
            return "", None
        if self.type in CHOICE_TYPES:
            return self._clean_choice(value)
        if self.type in ("url", "image"):
            # Stored, counted and sent to the engines in the https:// form.
            value = with_default_scheme(value)
        if self.min_length is not None and len(value) < self.min_length:
            return value, self.messages["minLength"]
        if self.max_length is not None and len(value) > self.max_length:
            return value, self.messages["maxLength"]
        if self.type == "url" and not is_http_url(value):
            return value, self.messages["invalid"]
        if self.type == "image" and not is_image_reference(value):
            return value, self.messages["invalid"]
        # Our own file URL, whatever its host (a local or intranet install), is read from
        # storage, never fetched.
        if (
            self.type in ("url", "image")
            and stored_path_from_reference(value) is None
            and is_refused_without_lookup(value)
        ):
            return value, ADDRESS_NOT_ALLOWED
        # A hex code or a CSS colour name ("navy", "light blue", "Sky-Blue"): services.colors.
        if self.type == "color" and color_hex(value) is None:
            return value, self.messages["invalid"]
        if self.type == "date":
            day = form_day(value)
            if day is None:
                return value, self.messages["invalid"]
            if not EARLIEST_DATE <= day <= latest_form_date():
                return value, self.date_range_message()
        return value, None

    def date_range_message(self) -> str:
        """A real day outside the range gets a message naming the range, not 'not a valid date'."""
        return self.messages.get("range", DATE_RANGE_MESSAGE).format(
            earliest=_spelled_day(EARLIEST_DATE), latest=_spelled_day(latest_form_date())
        )

    def _satisfied_by_pair(self, inputs: dict) -> bool:
        # A required upload is satisfied by a pasted URL in its paired url field, and vice versa.
        url_field = (self.upload or {}).get("urlField")
        partner = url_field or self.paired_with
        return bool(partner and str(inputs.get(partner) or "").strip())

    def _clean_choice(self, value: str) -> tuple[str, str | None]:
        value = self.aliases.get(value, value)
        if value not in {option.value for option in self.options}:
            return value, self.messages["choice"]
        return value, None

    def _clean_number(self, raw: Any) -> tuple[Any, str | None]:
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.required:
                return None, self.messages["required"]
            return None, None
        number = _whole_number(raw)
        if (
            number is None
            or (self.min is not None and number < self.min)
            or (self.max is not None and number > self.max)
        ):
            return raw, self.messages["invalid"]
        return number, None

    def _clean_id(self, raw: Any) -> tuple[Any, str | None]:
        if raw is None or raw == "":
            return None, self.messages["required"] if self.required else None
        number = _whole_number(raw)
        if number is None or number < 1:
            return raw, self.messages["invalid"]
        return number, None

    def is_shown(self, inputs: dict, defaults: dict) -> bool:
        if self.show_if is None:
            return True
        other, expected = self.show_if
        return inputs.get(other, defaults.get(other)) == expected

    # --- props --------------------------------------------------------------------------------
    def as_props(self) -> dict:
        props: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "type": self.type,
            "required": self.required,
        }
        for key, value in [
            ("minLength", self.min_length),
            ("maxLength", self.max_length),
            ("min", self.min),
            ("max", self.max),
        ]:
            if value is not None:
                props[key] = value
        if self.options:
            props["options"] = [option.as_props() for option in self.options]
        props["default"] = (
            self.default if self.default is not None else ("" if self.type != "number" else None)
        )
        props["placeholder"] = self.placeholder
        props["help"] = self.help
        props["counter"] = self.counter
        props["messages"] = dict(self.messages)
        if self.type == "date":
            # The date input's min/max (the picker offers no other day) and the range's message.
            props["min"] = EARLIEST_DATE.isoformat()
            props["max"] = latest_form_date().isoformat()
            props["messages"]["range"] = self.date_range_message()
        if self.show_if:
            props["showIf"] = {"field": self.show_if[0], "equals": self.show_if[1]}
        if self.upload:
            props["upload"] = dict(self.upload)
        if self.paired_with:
            props["pairedWith"] = self.paired_with
        if self.picker_default:
            props["pickerDefault"] = self.picker_default
        return props


@dataclass(frozen=True)
class Section:
    title: str
    fields: tuple[Field, ...]

    def as_props(self) -> dict:
        return {"title": self.title, "fields": [f.as_props() for f in self.fields]}


@dataclass(frozen=True)
class ToolSchema:
    sections: tuple[Section, ...]

    @property
    def fields(self) -> list[Field]:
        return [f for section in self.sections for f in section.fields]

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def defaults(self) -> dict[str, Any]:
        return {f.name: f.default for f in self.fields if f.default is not None}

    def validate(self, inputs: dict) -> tuple[dict, dict[str, list[str]]]:
        """Clean `inputs` (unknown keys dropped, absent keys take their defaults).

        Returns (cleaned values, errors by field name); cleaned is only meaningful when errors is empty.
        """
        if not isinstance(inputs, dict):
            inputs = {}
        defaults = self.defaults()
        merged = {**defaults, **{k: v for k, v in inputs.items() if v is not None or k not in defaults}}
        cleaned: dict[str, Any] = {}
        errors: dict[str, list[str]] = {}
        for f in self.fields:
            if not f.is_shown(merged, defaults):
                # Sent empty, not left out: the engines' documented requests list every field.
                # (Text typed before the choice changed is not what the user asked for.)
                cleaned[f.name] = ""
                continue
            value, error = f.clean(merged.get(f.name), merged)
            if error:
                errors.setdefault(f.name, []).append(error)
            else:
                cleaned[f.name] = value
        return cleaned, errors

    def as_props(self) -> dict:
        return {"sections": [section.as_props() for section in self.sections]}


@dataclass(frozen=True)
class StepSchemas:
    """A tool with several steps (Meta Ads Full): `inputs["step"]` chooses the schema.

    validate() has the ToolSchema signature so callers treat every tool alike; the cleaned values
    carry the step.
    """

    steps: dict[str, ToolSchema]
    step_message: str = "Please select a step"

    def validate(self, inputs: dict) -> tuple[dict, dict[str, list[str]]]:
        step = inputs.get("step") if isinstance(inputs, dict) else None
        # Any JSON value may arrive here; a list or an object cannot even be looked up.
        if not isinstance(step, str) or step not in self.steps:
            return {}, {"step": [self.step_message]}
        cleaned, errors = self.steps[step].validate(inputs)
        return {"step": step, **cleaned}, errors

    def as_props(self) -> dict:
        return {"steps": {name: schema.as_props() for name, schema in self.steps.items()}}


# --- message helpers (the documented patterns) -------------------------------------------------
def at_least(name: str, n: int) -> str:
    return f"{name} must be at least {n} characters"


def not_exceed(name: str, n: int = 250) -> str:
    return f"{name} must not exceed {n} characters"


def text_field(
    name: str,
    label: str,
    *,
    message_name: str | None = None,
    min_length: int | None = None,
    max_length: int = 250,
    textarea: bool = False,
    **extra: Any,
) -> Field:
    """A text field with the documented messages; required exactly when it has a minimum length.

    An empty required field shows the minimum-length message, as the documented forms do
    ('Search term is required' is the one-character minimum's message).
    """
    message_name = message_name or label[:1].upper() + label[1:].lower()
    messages = {"maxLength": not_exceed(message_name, max_length)}
    if min_length:
        messages["minLength"] = at_least(message_name, min_length)
        messages["required"] = messages["minLength"]
    messages.update(extra.pop("messages", {}))
    return Field(
        name=name,
        label=label,
        type="textarea" if textarea else "text",
        required=bool(min_length),
        min_length=min_length,
        max_length=max_length,
        counter=True,
        messages=messages,
        **extra,
    )


def choice_field(
    name: str,
    label: str,
    choices: tuple[Option, ...],
    *,
    pick: str,
    required: bool = True,
    radio: bool = False,
    **extra: Any,
) -> Field:
    """A picker. `pick` completes 'Please select …' (e.g. "a niche", "an ad type")."""
    message = f"Please select {pick}"
    return Field(
        name=name,
        label=label,
        type="radio" if radio else "select",
        required=required,
        options=choices,
        messages={"required": message, "choice": message},
        **extra,
    )


def url_field(name: str, label: str, *, required: bool = False, **extra: Any) -> Field:
    messages = {"invalid": "Please enter a valid URL", "maxLength": not_exceed(label, URL_MAX_LENGTH)}
    if required:
        messages["required"] = "Please enter a valid URL"
    messages.update(extra.pop("messages", {}))
    return Field(
        name=name,
        label=label,
        type="url",
        required=required,
        max_length=URL_MAX_LENGTH,
        placeholder="https://",
        messages=messages,
        **extra,
    )


def image_field(
    name: str, label: str, *, bucket: str, url_field: str = "", required_message: str = "", **extra: Any
) -> Field:
    upload = {"bucket": bucket}
    if url_field:
        upload["urlField"] = url_field
    messages = {"invalid": "Please enter a valid URL", "maxLength": not_exceed(label, URL_MAX_LENGTH)}
    if required_message:
        messages["required"] = required_message
    return Field(
        name=name,
        label=label,
        type="image",
        required=bool(required_message),
        max_length=URL_MAX_LENGTH,
        upload=upload,
        messages=messages,
        **extra,
    )


def color_field(
    name: str,
    label: str,
    *,
    message_name: str,
    required: bool = False,
    default: str | None = None,
    **extra: Any,
) -> Field:
    messages = {
        "maxLength": not_exceed(message_name),
        "invalid": f"{message_name} must be a hex code (#RRGGBB) or a colour name",
    }
    if required:
        messages["required"] = f"{message_name} is required"
    # A field emptied by the user opens the picker at its documented default, not at black.
    extra.setdefault("picker_default", default or "")
    return Field(
        name=name,
        label=label,
        type="color",
        required=required,
        max_length=250,
        default=default,
        placeholder="#RRGGBB or name",  # fits the narrowest colour field
        messages=messages,
        **extra,
    )
