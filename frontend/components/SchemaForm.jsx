import { counterText, isOverLimit, isUploadPath, isVisible } from "../lib/schema.js";
import { ColorField, OnDemand, UploadWidget } from "./OnDemand.jsx";
import * as ui from "./ui.js";

// Colour and image fields need the larger ColorField and UploadWidget. An island whose form
// shows such fields at once passes them in `widgets`, so they ship with the page; otherwise
// they load when a form first shows one (e.g. Meta Ads Full's creative step).
const ON_DEMAND_WIDGETS = { ColorField, UploadWidget };

const WIDE_TYPES = new Set(["textarea", "radio", "image", "url"]);
// A list whose options read longer than this takes the whole row, so they are not cut off
// ('AIDA (Attention, Interest, Desire, Action)').
const LONG_OPTION = 28;

function isWide(field) {
  if (WIDE_TYPES.has(field.type)) return true;
  return field.type === "select" && field.options.some((option) => option.label.length > LONG_OPTION);
}

function FieldLabel({ htmlFor, field, as: Tag = "label", id }) {
  return (
    <Tag id={id} htmlFor={Tag === "label" ? htmlFor : undefined} className={ui.label}>
      {field.label}
      {field.required ? (
        <>
          <span aria-hidden="true" className="ml-0.5 text-red-500">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </>
      ) : (
        <>
          {" "}
          <span className="text-xs font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </>
      )}
    </Tag>
  );
}

function Errors({ id, messages }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className={ui.fieldError} data-field-error>
      {messages.join(" ")}
    </p>
  );
}

function describedBy(id, field, messages, extra = []) {
  return (
    [messages?.length ? `${id}-error` : "", field.help ? `${id}-help` : "", field.counter ? `${id}-counter` : "", ...extra]
      .filter(Boolean)
      .join(" ") || undefined
  );
}

function TextControl({ id, field, value, onChange, disabled, messages }) {
  const common = {
    id,
    name: field.name,
    value: value ?? "",
    onChange: (event) => onChange(field.name, event.target.value),
    disabled,
    placeholder: field.placeholder || undefined,
    "aria-invalid": Boolean(messages?.length),
    "aria-required": field.required || undefined,
    "aria-describedby": describedBy(id, field, messages),
    className: `${ui.input} mt-1`,
  };
  switch (field.type) {
    case "textarea":
      return <textarea rows={3} dir="auto" {...common} />;
    case "select":
      return (
        <select {...common}>
          {(!field.required || field.default === "" || field.default == null) && (
            <option value="">{field.placeholder || `Select ${field.label.toLowerCase()}`}</option>
          )}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "number":
      return <input type="number" inputMode="numeric" min={field.min} max={field.max} step={1} {...common} />;
    case "date":
      return <input type="date" min={field.min} max={field.max} {...common} />;
    case "url":
      return <input type="url" inputMode="url" autoComplete="url" {...common} />;
    default:
      return <input type="text" dir="auto" {...common} />;
  }
}

function RadioCards({ id, field, value, onChange, disabled, messages }) {
  return (
    <fieldset aria-describedby={describedBy(id, field, messages)} aria-invalid={Boolean(messages?.length) || undefined}>
      <FieldLabel field={field} as="legend" />
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {field.options.map((option) => {
          const checked = String(value) === String(option.value);
          const optionId = `${id}-${String(option.value).replace(/\W+/g, "-")}`;
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer gap-3 rounded-xl border p-4 transition has-focus-visible:ring-2 has-focus-visible:ring-brand-500 ${
                checked
                  ? "border-brand-500 bg-brand-50 dark:border-brand-500 dark:bg-brand-500/10"
                  : messages?.length
                    ? "border-red-500 dark:border-red-500"
                    : "border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600"
              }`}
            >
              <input
                type="radio"
                name={field.name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(field.name, option.value)}
                disabled={disabled}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className="mt-1 accent-brand-600 focus-visible:outline-none"
              />
              <span>
                <span id={`${optionId}-label`} className="block text-sm font-semibold text-slate-900 dark:text-white">
                  {option.label}
                </span>
                {option.description && (
                  <span id={`${optionId}-description`} className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** An image: upload or pasted URL. With a paired URL field (`upload.urlField`) the two are
 * separate request fields; without one, the same field holds either, and the box shows only a
 * pasted URL. Either way, uploading clears the pasted URL and typing a URL clears the upload.
 *
 * Two columns from md up, each with its label on the same line, so the upload box and the URL
 * input start level. An error shows under what it is about: the URL's under the URL input (a
 * single field holding a pasted URL included), an upload's under the box, and "upload or URL"
 * (nothing given) under both. */
function ImageControl({ id, field, values, errors, onChange, disabled, uploadUrl, pair, widgets }) {
  const { UploadWidget } = widgets;
  const value = values[field.name] ?? "";
  const urlName = pair ? pair.name : field.name;
  const urlValue = pair ? values[pair.name] ?? "" : isUploadPath(value) ? "" : value;
  const uploaded = pair ? value : isUploadPath(value) ? value : "";
  const messages = errors[field.name];
  const pastedWrong = !pair && Boolean(urlValue);
  const urlMessages = pair ? errors[pair.name] : pastedWrong ? messages : null;
  const uploadMessages = pastedWrong ? null : messages;
  const urlId = `${id}-url`;
  const urlErrorId = pair ? `${urlId}-error` : `${id}-error`;
  const uploadError = <Errors id={`${id}-error`} messages={uploadMessages} />;
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="min-w-0">
          <FieldLabel id={`${id}-label`} field={field} as="span" />
          <div className="mt-1">
            <OnDemand>
              <UploadWidget
                label={field.label}
                name={pair ? field.name : undefined}
                bucket={field.upload?.bucket}
                value={uploaded}
                uploadUrl={uploadUrl}
                disabled={disabled}
                invalid={Boolean(uploadMessages?.length)}
                describedBy={uploadMessages?.length ? `${id}-error` : undefined}
                onChange={(url) => {
                  onChange(field.name, url);
                  if (pair && url) onChange(pair.name, "");
                }}
              />
            </OnDemand>
          </div>
          {uploaded && uploadError}
        </div>
        <div className="min-w-0">
          {/* The same words on every form, whichever request field holds the URL; the group
              label's size, so both columns' controls start at the same height. */}
          <label htmlFor={urlId} className="block text-sm text-slate-600 dark:text-slate-400">
            {`or paste the ${field.label.toLowerCase()} URL`}
          </label>
          <input
            id={urlId}
            name={urlName}
            type="url"
            inputMode="url"
            placeholder="https://"
            className={`${ui.input} mt-1`}
            value={urlValue}
            disabled={disabled}
            aria-invalid={Boolean(urlMessages?.length)}
            aria-describedby={urlMessages?.length ? urlErrorId : undefined}
            onChange={(event) => {
              const text = event.target.value;
              if (pair) {
                onChange(pair.name, text);
                if (text) onChange(field.name, "");
              } else {
                onChange(field.name, text);
              }
            }}
          />
          <Errors id={urlErrorId} messages={urlMessages} />
        </div>
      </div>
      {field.help && (
        <p id={`${id}-help`} className={ui.help}>
          {field.help}
        </p>
      )}
      {!uploaded && uploadError}
    </div>
  );
}

function FieldView(props) {
  const { id, field, values, errors, onChange, disabled, widgets } = props;
  const { ColorField } = widgets;
  const value = values[field.name];
  const messages = errors[field.name];
  if (field.type === "radio") {
    return (
      <>
        <RadioCards id={id} field={field} value={value} onChange={onChange} disabled={disabled} messages={messages} />
        <Errors id={`${id}-error`} messages={messages} />
      </>
    );
  }
  if (field.type === "image") return <ImageControl {...props} />;
  return (
    <>
      <FieldLabel htmlFor={id} field={field} />
      {field.type === "color" ? (
        <div className="mt-1">
          <OnDemand>
            <ColorField
              id={id}
              field={field}
              value={value}
              onChange={(next) => onChange(field.name, next)}
              disabled={disabled}
              invalid={Boolean(messages?.length)}
              describedBy={describedBy(id, field, messages)}
            />
          </OnDemand>
        </div>
      ) : (
        <TextControl id={id} field={field} value={value} onChange={onChange} disabled={disabled} messages={messages} />
      )}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Errors id={`${id}-error`} messages={messages} />
          {field.help && (
            <p id={`${id}-help`} className={ui.help}>
              {field.help}
            </p>
          )}
        </div>
        {field.counter && field.maxLength && (
          <p
            id={`${id}-counter`}
            className={`mt-1 shrink-0 text-xs tabular-nums ${
              isOverLimit(field, value) ? "text-red-600 dark:text-red-400" : "text-slate-500 dark:text-slate-400"
            }`}
          >
            {counterText(field, value)}
          </p>
        )}
      </div>
    </>
  );
}

/** Renders a tool's form from the server's schema props: sections, fields, counters, markers
 * and errors. It holds no state: values and errors live with the caller. `widgets`
 * ({ColorField, UploadWidget}) are the ones shipped with the page, if any. */
export default function SchemaForm({
  schema,
  values,
  errors = {},
  onChange,
  disabled = false,
  uploadUrl,
  idPrefix = "f",
  widgets,
}) {
  const fieldWidgets = { ...ON_DEMAND_WIDGETS, ...widgets };
  const fields = schema.sections.flatMap((s) => s.fields);
  const pairOf = (field) => fields.find((other) => other.pairedWith === field.name);
  return (
    <div className="space-y-6">
      {schema.sections.map((section) => {
        const shown = section.fields.filter(
          (field) => field.type !== "hidden" && !field.pairedWith && isVisible(field, values),
        );
        if (shown.length === 0) return null;
        const headingId = `${idPrefix}-section-${section.title.replace(/\W+/g, "-").toLowerCase()}`;
        return (
          <section key={section.title} aria-labelledby={headingId} className={ui.card}>
            <h3 id={headingId} className={`${ui.heading2} mb-4`}>
              {section.title}
            </h3>
            <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
              {shown.map((field) => (
                <div key={field.name} className={isWide(field) ? "sm:col-span-2" : ""}>
                  <FieldView
                    id={`${idPrefix}-${field.name}`}
                    field={field}
                    pair={field.type === "image" ? pairOf(field) : undefined}
                    values={values}
                    errors={errors}
                    onChange={onChange}
                    disabled={disabled}
                    uploadUrl={uploadUrl}
                    widgets={fieldWidgets}
                  />
                </div>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
