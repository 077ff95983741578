// What the two kinds of tool page (ToolPage, MetaAdsFull) share around their forms: the form
// itself (ToolForm), the submit checks, the field errors, the form's status line and where focus
// goes, the overlay's code, and the failure texts. The texts themselves (`texts`) come from the server: each tool's, or each
// Meta Ads Full step's, `texts` prop ({success, failureTitle, failureToast, fallback, networkPrefix}).
import { useEffect, useRef, useState } from "react";
import { toast } from "../lib/events.js";
import { FOCUSABLE } from "../lib/focusable.js";
import { PendingUploads, usePendingUploads } from "../lib/pendingUploads.js";
import { allFields, validate } from "../lib/schema.js";
import { SubmitButton } from "./Cards.jsx";
import { ProgressOverlay } from "./OnDemand.jsx";
import SchemaForm from "./SchemaForm.jsx";

const UPLOAD_PENDING = "Please wait for the upload to finish.";
// The progress overlay's note while the page cannot reach the server (the job runs on).
export const CONNECTION_LOST = "Connection lost. Reconnecting…";
const CORRECT_FIELDS = "Please correct the highlighted fields.";

/** The failed outcome a page shows for a start that got no answer (or the server's last word
 * on it): `result` is what useGeneration's start resolved to. */
export function startFailure(result) {
  return { status: "failed", networkError: result.problem, lostTrack: result.lostTrack };
}

/** The failure panel's title: the tool's, except for a run the page lost track of, which is not
 * known to have failed (useGeneration's LOST_TRACK: a start that got no answer, a sign-out). */
export function failureTitle(outcome, { failureTitle: title }) {
  return outcome.lostTrack ? outcome.lostTrack.title : title;
}

/** Whether the failure panel may say the run's credits were refunded: only the server's own
 * failures are (a run the page lost track of may have succeeded, and an answer it never got
 * says nothing of a refund). */
export function isRefunded(outcome) {
  return !outcome.networkError && !outcome.lostTrack;
}

/** The failure panel's text: the job's own message (with the documented 'Network error: '
 * prefix on the tools that show it), else the tool's fallback text. A run the page lost track
 * of says so as it is. */
export function failureMessage(outcome, { fallback, networkPrefix = false }) {
  if (outcome.lostTrack) return outcome.lostTrack.message;
  if (outcome.networkError) return `Network error: ${outcome.networkError}`;
  if (!outcome.error) return fallback;
  return networkPrefix ? `Network error: ${outcome.error}` : outcome.error;
}

/** The toast a failed run shows: the tool's own failure toast where it has one (Meta Ads Full's
 * steps), else the failure panel's message. */
export function failureToast(outcome, texts) {
  if (outcome.lostTrack) return outcome.lostTrack.message;
  return texts.failureToast || failureMessage(outcome, texts);
}

/** The messages a form cannot put under a field of its own: errors for names it does not show
 * (the server's non_field_errors or idempotency_key, a hidden field such as Meta Ads Full's
 * scrapeId). */
export function strayErrors(errors, schema) {
  const shown = new Set(
    allFields(schema)
      .filter((field) => field.type !== "hidden")
      .map((field) => field.name),
  );
  return Object.entries(errors)
    .filter(([name]) => !shown.has(name))
    .flatMap(([, messages]) => messages);
}

/** The status line above a tool form's submit button: after a submit that found errors, the
 * ones no field shows, else a pointer to the fields that show them. Always rendered, so what
 * it says later is announced. */
export function FormStatus({ errors, attempt, schema }) {
  const stray = strayErrors(errors, schema);
  const text = attempt > 0 && Object.keys(errors).length > 0 ? (stray.length ? stray.join(" ") : CORRECT_FIELDS) : null;
  return (
    <div role="status" aria-live="polite" className="text-sm text-red-600 dark:text-red-400" data-testid="form-status">
      {text}
    </div>
  );
}

const NO_ERRORS = {};

/**
 * A tool's form: the schema's fields (SchemaForm, its uploads counted by `form`), then the
 * status line and the submit button with the run's cost. `form` is useToolForm's (its errors,
 * focus, uploads, and whether a run is on its way); `label` names the form for screen readers.
 * `children` go between the fields and the submit.
 *
 * `done`: a step already run (Meta Ads Full's website analysis) stays on screen, read-only,
 * without errors, status line or submit button, and the form's focus and errors belong to the
 * step after it.
 */
export function ToolForm({ form, label, schema, values, onChange, cost, submitLabel, busyLabel, urls, idPrefix, widgets, onSubmit, done = false, children }) {
  const errors = done ? NO_ERRORS : form.errors;
  return (
    <form ref={done ? undefined : form.formRef} noValidate onSubmit={onSubmit} className="min-w-0 space-y-6" aria-label={label}>
      <PendingUploads.Provider value={form.uploads}>
        <SchemaForm
          schema={schema}
          values={values}
          errors={errors}
          onChange={onChange}
          disabled={form.busy || done}
          uploadUrl={urls.uploads}
          idPrefix={idPrefix}
          widgets={widgets}
        />
      </PendingUploads.Provider>
      {children}
      {!done && (
        <div className="space-y-3">
          <FormStatus errors={errors} attempt={form.attempt} schema={schema} />
          <SubmitButton
            label={submitLabel}
            busyLabel={busyLabel}
            cost={cost}
            balance={form.balance}
            busy={form.busy}
            billingUrl={urls.billing}
            className="w-full sm:w-auto"
          />
        </div>
      )}
    </form>
  );
}

/** Fetches the progress overlay's code once the page is up, so it is there when a run starts. */
function usePreloadedOverlay() {
  useEffect(() => {
    ProgressOverlay.preload();
  }, []);
}

/** Focuses the first invalid control once errors are on screen. A group marked invalid (the
 * radio cards' fieldset) hands focus to its chosen option, else its first one. */
function useFocusFirstError(formRef, errors, attempt) {
  useEffect(() => {
    if (!attempt || Object.keys(errors).length === 0) return;
    const invalid = formRef.current?.querySelector('[aria-invalid="true"]');
    const target = invalid?.matches(FOCUSABLE)
      ? invalid
      : invalid?.querySelector("input:checked:not([disabled])") || invalid?.querySelector(FOCUSABLE);
    target?.focus();
  }, [attempt]); // only when a submit produced errors, not while the user types
}

/**
 * A tool form's submit: refuses while a run or an upload is on its way or the balance is
 * short, checks the fields (focus goes to the first invalid one), then starts the generation
 * through `generation` (useGeneration). The server's field errors come back to the form.
 *
 * `submit({schema, inputs, cost, extra, request, starting})` resolves to the start's result,
 * `{errors}` when the fields did not pass the check, or null when it did not try; `extra` goes with the checked inputs (Meta Ads Full's step),
 * `request` beside them (Meta Ads Full's `fresh`), `starting()` runs just before the request
 * goes out. ToolForm draws the form it goes with.
 */
export function useToolForm({ generation, balance }) {
  const [errors, setErrors] = useState({});
  const [attempt, setAttempt] = useState(0);
  const { pending: uploading, tracker: uploads } = usePendingUploads();
  const formRef = useRef(null);
  useFocusFirstError(formRef, errors, attempt);
  usePreloadedOverlay();

  const submit = async ({ schema, inputs, cost, extra = {}, request = {}, starting }) => {
    setAttempt((n) => n + 1);
    if (generation.busy) return null;
    if (uploading) {
      toast(UPLOAD_PENDING, "info");
      return null;
    }
    if (balance < cost) {
      toast(`Insufficient credits. This service requires ${cost} credits.`, "error");
      return null;
    }
    const checked = validate(schema, inputs);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length) return { errors: checked.errors };
    starting?.();
    const result = await generation.start({ ...extra, ...checked.values }, request);
    if (result.errors) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
    }
    return result;
  };

  return { errors, setErrors, attempt, formRef, uploads, uploading, submit, busy: generation.busy, balance };
}
