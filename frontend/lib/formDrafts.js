// A tool form's draft: what the user typed, kept in the tab's sessionStorage, so that Back, a
// sidebar link and back again, or a reload bring it back (the form's state otherwise lives only
// in React). Only the schema's own fields are kept and restored, and a stored value that does not
// fit its field is dropped: the schema comes in the page's props and can change between
// deployments. Storage that refuses (a private window, a full quota) just means no draft.
import { useEffect, useRef } from "react";
import { allFields, initialValues } from "./schema.js";
import { keepInTab, readTabJSON } from "./tabStorage.js";

export { draftKey } from "./draftKeys.js";

// Written once typing pauses this long, not on every keystroke; leaving the page writes at once.
const WRITE_AFTER_MS = 400;

// Hidden fields (Meta Ads Full's scrapeId) hold the page's state, not what the user typed.
function keptFields(schema) {
  return allFields(schema).filter((field) => field.type !== "hidden");
}

/** Whether a stored `value` can go back into `field`: a choice still offered (or none, where the
 * form offers none), a number field's number or typed text, any other field's text. */
function fits(field, value) {
  if (field.type === "number") return typeof value === "string" || Number.isFinite(value);
  if (typeof value !== "string") return false;
  if (field.type !== "select" && field.type !== "radio") return true;
  if (value === "") return !field.required || !field.default;
  return (field.options || []).some((option) => String(option.value) === value);
}

/** The form's starting values: its defaults, with the draft stored under `key` over them (only
 * the values that still fit the schema). A draft that does not parse is forgotten. */
export function restoredValues(key, schema) {
  const values = initialValues(schema);
  const draft = readTabJSON(key);
  if (!draft || typeof draft !== "object") return values;
  for (const field of keptFields(schema)) {
    if (Object.hasOwn(draft, field.name) && fits(field, draft[field.name])) values[field.name] = draft[field.name];
  }
  return values;
}

/** Whether the tab holds a draft under `key`: the user typed in this form here. */
export function hasDraft(key) {
  return readTabJSON(key) != null;
}

function writeDraft(key, schema, values) {
  const kept = {};
  for (const field of keptFields(schema)) {
    if (values[field.name] != null) kept[field.name] = values[field.name];
  }
  keepInTab(key, kept);
}

/** Keeps the form's `values` as its draft under `key` once they change: written when typing
 * pauses, or at once when the page is left meanwhile (pagehide: a link, Back, a reload). The
 * values the form started with (the draft itself, or the defaults) are not written again. */
export function useFormDraft(key, schema, values) {
  const started = useRef(values);
  useEffect(() => {
    if (values === started.current) return undefined;
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener("pagehide", save);
    };
    const save = () => {
      stop();
      writeDraft(key, schema, values);
    };
    const timer = setTimeout(save, WRITE_AFTER_MS);
    window.addEventListener("pagehide", save);
    return stop;
  }, [key, schema, values]);
}
