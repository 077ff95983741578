import { useEffect, useId, useState } from "react";
import * as ui from "../ui.js";
import { clamp } from "./model.js";

/** What a number typed into a box comes to once the user is done with it: the number, brought
 * into min..max (150 for a 12–120 font size is 120), or null when the box holds no number
 * (empty, or text the browser could not read as one). */
export function typedNumber(text, min, max) {
  const trimmed = String(text ?? "").trim();
  const n = trimmed === "" ? NaN : Number(trimmed);
  return Number.isFinite(n) ? clamp(n, min, max) : null;
}

/**
 * A slider with a number box beside it, both labelled. The box keeps what is being typed
 * (so "1" on the way to "18" is not clamped to 12) and hands over in-range values as they are
 * typed; leaving the box, or Enter, settles it: a number out of range becomes the nearest
 * bound, no number at all gives the value it had back. `format` is how the box shows the
 * value (rounded, say); leaving the box hands over only what was typed into it.
 */
export default function RangeField({ label, value, min, max, step = 1, unit = "", onChange, format = String }) {
  const id = useId();
  const [draft, setDraft] = useState(format(value));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(format(value));
  }, [value, editing, format]);

  const offer = (text) => {
    const n = Number(text);
    if (text.trim() !== "" && Number.isFinite(n) && n >= min && n <= max) onChange(n);
  };
  const settle = () => {
    // Nothing typed: leaving the box must not store the value as `format` shows it.
    if (!editing) return;
    const n = typedNumber(draft, min, max);
    if (n !== null && n !== value) onChange(n);
    setEditing(false); // the box shows the value again, as the editor stored it
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={`${id}-range`} className={ui.label}>
          {label}
        </label>
        <span className="flex items-center gap-1">
          <input
            type="number"
            className={`${ui.input} w-20 px-2 py-1 text-right tabular-nums`}
            min={min}
            max={max}
            step={step}
            value={draft}
            aria-label={`${label} (${unit || `${min}–${max}`})`}
            onBlur={settle}
            onKeyDown={(event) => {
              if (event.key === "Enter") settle();
            }}
            onChange={(event) => {
              setEditing(true);
              setDraft(event.target.value);
              offer(event.target.value);
            }}
          />
          {unit && (
            <span className="w-4 text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
              {unit}
            </span>
          )}
        </span>
      </div>
      <input
        id={`${id}-range`}
        type="range"
        className="mt-1 w-full accent-brand-600"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
