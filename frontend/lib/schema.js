// The form rules of docs/CONTRACTS.md ("Form schemas"), mirrored from
// services/schema.py so the page can show errors before a round trip. The field list
// itself always comes from the server's props; nothing here knows a tool's fields.

import { COLOR_NAME_RE, isKnownColorName, normalizeHex } from "./color.js";

/** Every field of the schema, in order (sections flattened). */
export function allFields(schema) {
  return (schema?.sections || []).flatMap((section) => section.fields || []);
}

/** The starting values: each field's default, or "" when it has none. */
export function initialValues(schema) {
  const values = {};
  for (const field of allFields(schema)) {
    values[field.name] = field.default ?? "";
  }
  return values;
}

/** The values a generation was started with (its `inputs`), over the defaults: a reloaded page
 * shows the form it ran. Only the schema's own fields are taken. */
export function resumedValues(schema, inputs) {
  const values = initialValues(schema);
  for (const name of Object.keys(values)) {
    if (inputs?.[name] !== undefined && inputs[name] !== null) values[name] = inputs[name];
  }
  return values;
}

/** A field is shown unless its showIf condition points at another value. */
export function isVisible(field, values) {
  if (!field.showIf) return true;
  return String(values?.[field.showIf.field] ?? "") === String(field.showIf.equals);
}

export function isEmpty(value) {
  return value === undefined || value === null || String(value).trim() === "";
}

// The same patterns as services/schema.py.
const HTTP_URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
// What POST /api/uploads/ returns: an upload area's file URL (the server checks it is yours).
const UPLOAD_PATH_RE = /^\/files\/(?:logos|products|user-uploads)\/\d+\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;

// A user name or password before the host (the server refuses them; fetching never sends them).
const USERINFO_RE = /^https?:\/\/[^/?#]*@/i;

/** Whether `value` is an absolute http(s) URL a request can be made to as written (the server's
 * rule, services.schema.is_http_url): the pattern, then a real parse — a port out of range, a
 * broken IPv6 address or a user name or password are refused. */
export function isHttpUrl(value) {
  const text = String(value).trim();
  if (!HTTP_URL_RE.test(text) || USERINFO_RE.test(text)) return false;
  try {
    return Boolean(new URL(text).hostname);
  } catch {
    return false;
  }
}

// A website or image address typed without its scheme ("rosasbakery.co.uk"): the server reads it
// as https://… (services.schema.with_default_scheme). Only a domain name — the last label a
// top-level domain, not a file name's extension — or an IPv4 address qualifies.
const BARE_ADDRESS_RE = /^([^\s/?#@:\\]+)(?::[0-9]+)?(?:[/?#]\S*)?$/;
const TOP_LEVEL_DOMAIN_RE = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;
const IPV4_RE = /^[0-9]{1,3}(?:\.[0-9]{1,3}){3}$/;
const FILE_EXTENSION_RE = /^(?:png|jpe?g|gif|webp|avif|svg|bmp|tiff?|ico|heic|html?|pdf)$/i;

/** `value` (trimmed) with https:// in front when it is a bare domain or IPv4 address, with an
 * optional port, path, query or fragment; anything else as it is, to be judged as written. */
export function withDefaultScheme(value) {
  const text = String(value ?? "").trim();
  const match = BARE_ADDRESS_RE.exec(text);
  if (!match) return text;
  const host = match[1];
  const labels = host.split(".");
  const top = labels[labels.length - 1];
  const isDomain =
    labels.length > 1 && labels.every(Boolean) && TOP_LEVEL_DOMAIN_RE.test(top) && !FILE_EXTENSION_RE.test(top);
  return isDomain || IPV4_RE.test(host) ? `https://${text}` : text;
}

/** URL fields, and image fields (which hold an upload's address or a pasted URL). */
function isAddressField(field) {
  return field.type === "url" || field.type === "image";
}

/** Whether `value` is the address of an uploaded file (as opposed to a pasted URL). */
export function isUploadPath(value) {
  return UPLOAD_PATH_RE.test(String(value ?? "").trim());
}

/** A colour field takes a hex code or a colour name — one the browser knows, as the server
 * accepts only real colour names (services/colors.py). */
export function isColorValue(value) {
  const text = String(value).trim();
  return normalizeHex(text) !== null || (COLOR_NAME_RE.test(text) && isKnownColorName(text) !== false);
}

// Date fields: YYYY-MM-DD from 2000-01-01 to a year from today (services/schema.py). The props
// carry the range as min/max, as of the page's render; these are for a field without them.
const EARLIEST_DATE = "2000-01-01";
const LATEST_DATE_AHEAD_DAYS = 366;

function isoDay(date) {
  return date.toISOString().slice(0, 10);
}

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
function isCalendarDay(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0–99 as 1900–1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The first and last day a date field takes, as YYYY-MM-DD. */
function dateRange(field, today = new Date()) {
  const latest = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + LATEST_DATE_AHEAD_DAYS));
  return { earliest: field.min ?? EARLIEST_DATE, latest: field.max ?? isoDay(latest) };
}

/** A malformed or impossible day is not valid; a real day outside the range is told the range. */
function dateError(field, text, today) {
  if (!isCalendarDay(text)) return message(field, "invalid");
  const { earliest, latest } = dateRange(field, today);
  // Zero-padded ISO days compare as strings.
  return text < earliest || text > latest ? message(field, "range", today) : null;
}

// Used only when the server's schema does not carry its own text for a rule.
function fallbackMessage(field, rule, today) {
  const label = field.label || field.name;
  switch (rule) {
    case "range": {
      const { earliest, latest } = dateRange(field, today);
      return `Please choose a date from ${earliest} to ${latest}`;
    }
    case "required":
      return `${label} is required`;
    case "minLength":
      return `${label} must be at least ${field.minLength} characters`;
    case "maxLength":
      return `${label} must not exceed ${field.maxLength} characters`;
    case "choice":
      return `Please select a valid ${label.toLowerCase()}`;
    default:
      if (field.type === "url" || field.type === "image") return "Please enter a valid URL";
      if (field.type === "number") return `${label} must be a whole number from ${field.min} to ${field.max}`;
      return `${label} is not valid`;
  }
}

function message(field, rule, today = new Date()) {
  return field.messages?.[rule] || fallbackMessage(field, rule, today);
}

/** An upload and its pasted-URL twin satisfy "required" together (either one will do). */
function satisfiedByPair(field, values) {
  const partner = field.upload?.urlField || field.pairedWith;
  return Boolean(partner) && !isEmpty(values?.[partner]);
}

function numberError(field, value) {
  if (isEmpty(value)) return field.required ? message(field, "required") : null;
  const text = String(value).trim();
  if (typeof value === "boolean" || !/^-?\d+$/.test(text)) return message(field, "invalid");
  const number = Number(text);
  if ((field.min != null && number < field.min) || (field.max != null && number > field.max)) {
    return message(field, "invalid");
  }
  return null;
}

/** The first error for one field, or null. `values` is the whole form (for pairs); `today`
 * places a date field's range when its props carry none. */
export function fieldError(field, value, values = {}, today = new Date()) {
  if (field.type === "number") return numberError(field, value);
  if (field.type === "hidden") {
    if (isEmpty(value)) return field.required ? message(field, "required") : null;
    return /^\d+$/.test(String(value).trim()) && Number(value) >= 1 ? null : message(field, "invalid");
  }
  if (value !== undefined && value !== null && typeof value === "object") return message(field, "invalid");
  if (isEmpty(value)) {
    return field.required && !satisfiedByPair(field, values) ? message(field, "required") : null;
  }
  // An address is checked (and counted) in the https:// form the server stores.
  const text = isAddressField(field) ? withDefaultScheme(value) : String(value).trim();
  if (field.type === "select" || field.type === "radio") {
    const allowed = (field.options || []).map((option) => String(option.value));
    return allowed.includes(text) ? null : message(field, "choice");
  }
  if (field.minLength != null && textLength(text) < field.minLength) return message(field, "minLength");
  if (field.maxLength != null && textLength(text) > field.maxLength) return message(field, "maxLength");
  if (field.type === "url" && !isHttpUrl(text)) return message(field, "invalid");
  if (field.type === "image" && !(isHttpUrl(text) || isUploadPath(text))) {
    return message(field, "invalid");
  }
  if (field.type === "color" && !isColorValue(text)) return message(field, "invalid");
  if (field.type === "date") return dateError(field, text, today);
  return null;
}

/** Validates the visible fields. Returns {values, errors}: `values` holds only the visible
 * fields (hidden ones are dropped, as the server drops them), `errors` maps a field name to
 * a list of messages (the server's 400 shape). */
export function validate(schema, values) {
  const kept = {};
  const errors = {};
  for (const field of allFields(schema)) {
    if (!isVisible(field, values)) continue;
    const value = values?.[field.name] ?? "";
    // What is sent is what the server stores: a bare domain in its https:// form.
    if (typeof value !== "string") kept[field.name] = value;
    else kept[field.name] = isAddressField(field) ? withDefaultScheme(value) : value.trim();
    const error = fieldError(field, value, values);
    if (error) errors[field.name] = [error];
  }
  return { values: kept, errors };
}

/** Characters as the server counts them: code points, so an emoji is one, not two. */
export function textLength(text) {
  let count = 0;
  for (const _ of String(text ?? "")) count += 1;
  return count;
}

/** The characters a counted field's limit applies to: what is sent (trimmed, as validate does). */
function countedLength(value) {
  return textLength(String(value ?? "").trim());
}

/** Character count shown under a counted field: "n/250". */
export function counterText(field, value) {
  return `${countedLength(value)}/${field.maxLength}`;
}

/** Whether a counted field is over its limit (the counter turns red). */
export function isOverLimit(field, value) {
  return field.maxLength != null && countedLength(value) > field.maxLength;
}
