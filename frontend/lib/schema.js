// The form rules of CONTRACTS.md ("services registry + schema"), mirrored from
// services/schema.py so the page can show errors before a round trip. The field list
// itself always comes from the server's props; nothing here knows a tool's fields.

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

/** A field is shown unless its showIf condition points at another value. */
export function isVisible(field, values) {
  if (!field.showIf) return true;
  return String(values?.[field.showIf.field] ?? "") === String(field.showIf.equals);
}

export function isEmpty(value) {
  return value === undefined || value === null || String(value).trim() === "";
}

/** Whether `value` is an absolute http(s) URL with a plausible host (as Django's
 * URLValidator accepts: a dotted name, localhost or an IP address). */
export function isHttpUrl(value) {
  const text = String(value).trim();
  if (/\s/.test(text)) return false;
  let url;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname;
  return host === "localhost" || host.includes(".") || host.startsWith("[");
}

function isValidDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Used only when the server's schema does not carry its own text for a rule.
function fallbackMessage(field, rule) {
  const label = field.label || field.name;
  switch (rule) {
    case "required":
      return `${label} is required`;
    case "minLength":
      return `${label} must be at least ${field.minLength} characters`;
    case "maxLength":
      return `${label} must not exceed ${field.maxLength} characters`;
    case "choice":
      return `Please select a valid ${label.toLowerCase()}`;
    case "invalid":
      if (field.type === "url") return "Please enter a valid URL";
      if (field.type === "number") return `${label} must be a whole number from ${field.min} to ${field.max}`;
      return `${label} is not valid`;
    default:
      return `${label} is not valid`;
  }
}

function message(field, rule) {
  return field.messages?.[rule] || fallbackMessage(field, rule);
}

/** The paired URL field's value for an image field ("upload or URL"). */
function pairedUrl(field, values) {
  const urlField = field.upload?.urlField;
  return urlField ? values?.[urlField] : undefined;
}

/** The first error for one field, or null. `values` is the whole form (for pairs). */
export function fieldError(field, value, values = {}) {
  let empty = isEmpty(value);
  // An image is given either by upload or by its paired URL field.
  if (field.type === "image" && empty && !isEmpty(pairedUrl(field, values))) {
    return null;
  }
  if (empty) {
    return field.required ? message(field, "required") : null;
  }
  const text = String(value).trim();
  switch (field.type) {
    case "select":
    case "radio": {
      const allowed = (field.options || []).map((option) => String(option.value));
      return allowed.includes(String(value)) ? null : message(field, "choice");
    }
    case "number": {
      if (!/^-?\d+$/.test(text)) return message(field, "invalid");
      const number = Number(text);
      if ((field.min != null && number < field.min) || (field.max != null && number > field.max)) {
        return message(field, "invalid");
      }
      return null;
    }
    case "url":
      if (!isHttpUrl(text)) return message(field, "invalid");
      break;
    case "date":
      if (!isValidDate(text)) return message(field, "invalid");
      return null;
    case "image":
      return null;
    default:
      break;
  }
  if (field.minLength != null && text.length < field.minLength) return message(field, "minLength");
  if (field.maxLength != null && text.length > field.maxLength) return message(field, "maxLength");
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
    kept[field.name] = typeof value === "string" ? value.trim() : value;
    const error = fieldError(field, value, values);
    if (error) errors[field.name] = [error];
  }
  return { values: kept, errors };
}

/** Character count shown under a counted field: "n/250". */
export function counterText(field, value) {
  return `${String(value ?? "").length}/${field.maxLength}`;
}
