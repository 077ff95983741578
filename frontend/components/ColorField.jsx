import { useState } from "react";
import { fieldColorHex } from "../lib/color.js";
import { ColorPicker, OnDemand } from "./OnDemand.jsx";
import * as ui from "./ui.js";

/** A colour text box (hex code or colour name) with a swatch — only for a value the field
 * takes — and a Pick button that opens the colour picker modal. */
export default function ColorField({ id, field, value, onChange, disabled, invalid, describedBy }) {
  const [picking, setPicking] = useState(false);
  const swatch = fieldColorHex(value);
  return (
    <div className="flex items-stretch gap-2">
      <div className="relative flex-1">
        {swatch && (
          <span
            data-testid={`swatch-${field.name}`}
            className="pointer-events-none absolute top-1/2 left-2.5 h-5 w-5 -translate-y-1/2 rounded border border-slate-300 dark:border-slate-600"
            style={{ backgroundColor: swatch }}
            aria-hidden="true"
          />
        )}
        <input
          id={id}
          name={field.name}
          type="text"
          className={`${ui.input} ${swatch ? "pl-9" : ""}`}
          value={value ?? ""}
          placeholder={field.placeholder || undefined}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-invalid={invalid}
          aria-required={field.required || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <button
        type="button"
        className={ui.buttonSecondary}
        onClick={() => setPicking(true)}
        disabled={disabled}
        // Starts with the visible "Pick" (WCAG 2.5.3 Label in Name), so "click Pick" works by voice;
        // below sm only the icon shows, and the name still says what it picks.
        aria-label={`Pick ${field.label}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M10 2a8 8 0 1 0 0 16c1.1 0 1.7-.9 1.7-1.8 0-.5-.2-.9-.5-1.2-.3-.3-.4-.7-.4-1.1 0-.9.7-1.6 1.6-1.6H14a4 4 0 0 0 4-4C18 4.9 14.4 2 10 2Zm-4.5 8a1.2 1.2 0 1 1 0-2.5 1.2 1.2 0 0 1 0 2.5Zm2.5-3.5a1.2 1.2 0 1 1 0-2.5 1.2 1.2 0 0 1 0 2.5Zm4 0a1.2 1.2 0 1 1 0-2.5 1.2 1.2 0 0 1 0 2.5Zm2.5 3.5a1.2 1.2 0 1 1 0-2.5 1.2 1.2 0 0 1 0 2.5Z" />
        </svg>
        <span className="hidden sm:inline">Pick</span>
      </button>
      {picking && (
        <OnDemand>
          <ColorPicker
            label={field.label}
            value={value}
            pickerDefault={field.pickerDefault}
            onApply={(hex) => {
              onChange(hex);
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        </OnDemand>
      )}
    </div>
  );
}
