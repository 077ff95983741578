import { useId } from "react";
import * as ui from "../ui.js";
import FontPicker from "./FontPicker.jsx";
import { LIMITS } from "./model.js";
import RangeField from "./RangeField.jsx";

const oneDecimal = (value) => value.toFixed(1);
// A position is kept to the thousandth of a percent (a 1 px nudge on a large image is less
// than a tenth) but shown to a tenth at most: 66.9, not 66.864 after a drag.
const atMostOneDecimal = (value) => String(Math.round(value * 10) / 10);

/**
 * The selected text layer's settings: its text, font, size, colour, style, alignment, rotation,
 * opacity and place, its order among the layers, and Delete. `update(patch, coalesceKey)`
 * changes it (edits with the same key are one undo step); `dispatch` is the editor's (model.js).
 * `front` / `back`: it is the top / bottom layer. `describedBy` names what the text box's
 * warnings say (text off the image). `onPickColor` opens the colour picker.
 */
export default function SelectedTextPanel({ selected, front, back, describedBy, update, dispatch, onPickColor }) {
  const textId = useId();
  const fontLabelId = useId();
  // Continuous edits (typing, sliders) of one property become one undo step.
  const slide = (prop) => (value) => update({ [prop]: value }, `${prop}:${selected.id}`);
  return (
    <section aria-label="Selected text" className="mt-5 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div>
        <label htmlFor={textId} className={ui.label}>
          Text
        </label>
        <textarea
          id={textId}
          dir="auto"
          className={`${ui.input} mt-1`}
          rows={2}
          maxLength={LIMITS.textMaxLength}
          value={selected.text}
          aria-describedby={describedBy}
          onChange={(event) => update({ text: event.target.value }, `text:${selected.id}`)}
        />
      </div>

      <div>
        <span id={fontLabelId} className={ui.label}>
          Font
        </span>
        <div className="mt-1">
          <FontPicker
            id={`${fontLabelId}-button`}
            labelledBy={fontLabelId}
            value={selected.fontFamily}
            onChange={(fontFamily) => update({ fontFamily })}
          />
        </div>
      </div>

      <RangeField
        label="Font size"
        unit="px"
        min={LIMITS.fontSize.min}
        max={LIMITS.fontSize.max}
        value={selected.fontSize}
        onChange={slide("fontSize")}
      />

      <div className="flex items-end gap-3">
        <div className="flex-1">
          <span className={ui.label}>Colour</span>
          <button
            type="button"
            className={`${ui.buttonSecondary} mt-1 w-full justify-start font-mono`}
            onClick={onPickColor}
            aria-label={`Text colour ${selected.color}, open colour picker`}
          >
            <span
              className="h-5 w-5 rounded border border-slate-300 dark:border-slate-600"
              style={{ backgroundColor: selected.color }}
              aria-hidden="true"
            />
            {selected.color}
          </button>
        </div>
        <div className="flex gap-1" role="group" aria-label="Style">
          <ToggleButton
            label="Bold"
            pressed={selected.fontWeight === "bold"}
            onClick={() => update({ fontWeight: selected.fontWeight === "bold" ? "normal" : "bold" })}
          >
            <span className="font-bold">B</span>
          </ToggleButton>
          <ToggleButton
            label="Italic"
            pressed={selected.fontStyle === "italic"}
            onClick={() => update({ fontStyle: selected.fontStyle === "italic" ? "normal" : "italic" })}
          >
            <span className="font-serif italic">I</span>
          </ToggleButton>
        </div>
      </div>

      <fieldset>
        <legend className={ui.label}>Alignment</legend>
        <div className="mt-1 grid grid-cols-3 gap-1">
          {[
            ["left", "Left"],
            ["center", "Centre"],
            ["right", "Right"],
          ].map(([value, label]) => (
            <ToggleButton
              key={value}
              label={`Align ${label.toLowerCase()}`}
              pressed={selected.textAlign === value}
              onClick={() => update({ textAlign: value })}
            >
              {label}
            </ToggleButton>
          ))}
        </div>
      </fieldset>

      <RangeField
        label="Rotation"
        unit="°"
        min={LIMITS.rotation.min}
        max={LIMITS.rotation.max}
        value={selected.rotation}
        onChange={slide("rotation")}
      />
      <RangeField
        label="Opacity"
        min={LIMITS.opacity.min}
        max={LIMITS.opacity.max}
        step={LIMITS.opacity.step}
        value={selected.opacity}
        format={oneDecimal}
        onChange={slide("opacity")}
      />

      <div className="grid grid-cols-2 gap-3">
        {["x", "y"].map((axis) => (
          <RangeField
            key={axis}
            label={axis.toUpperCase()}
            unit="%"
            min={0}
            max={100}
            step={0.1}
            value={selected[axis]}
            format={atMostOneDecimal}
            onChange={slide(axis)}
          />
        ))}
      </div>

      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          className={ui.buttonSecondary}
          onClick={() => dispatch({ type: "forward", id: selected.id })}
          disabled={front}
        >
          Bring Forward
        </button>
        <button
          type="button"
          className={ui.buttonSecondary}
          onClick={() => dispatch({ type: "backward", id: selected.id })}
          disabled={back}
        >
          Send Backward
        </button>
        <button
          type="button"
          className={`${ui.buttonSecondary} col-span-2 text-red-600 dark:text-red-400`}
          onClick={() => dispatch({ type: "remove", id: selected.id })}
        >
          Delete Text
        </button>
      </div>
    </section>
  );
}

function ToggleButton({ label, pressed, onClick, children }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`min-w-9 rounded-lg border px-2.5 py-2 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${
        pressed
          ? "border-brand-500 bg-brand-600 text-white"
          : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
      }`}
    >
      {children}
    </button>
  );
}
