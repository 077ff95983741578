import { useEffect, useId, useState } from "react";
import * as ui from "../ui.js";

/**
 * A slider with a number box beside it, both labelled. The box keeps what is being typed
 * (so "1" on the way to "18" is not clamped to 12) and hands over only in-range values;
 * leaving the box shows the real value again.
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
            onFocus={() => setEditing(true)}
            onBlur={() => setEditing(false)}
            onChange={(event) => {
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
