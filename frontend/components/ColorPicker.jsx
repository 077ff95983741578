import { useId, useState } from "react";
import { HEX_RE, colorNameToHex, hexToRgb, isChannel, normalizeHex, rgbToHex } from "../lib/color.js";
import Modal from "./Modal.jsx";
import * as ui from "./ui.js";

const CHANNELS = ["Red", "Green", "Blue"];

/** The starting colour: the field's value (hex or a known name), else the field's documented
 * default for an empty field, else black. */
export function startingHex(value, pickerDefault) {
  return colorNameToHex(value) || normalizeHex(pickerDefault) || "#000000";
}

/** The colour picker modal: a native picker, a hex box ('#' + six hex digits) and three RGB
 * boxes (0-255 each), kept in step; Apply hands back '#RRGGBB'. */
export default function ColorPicker({ label, value, pickerDefault, onApply, onClose }) {
  const id = useId();
  const hexErrorId = `${id}-hex-error`;
  const rgbErrorId = `${id}-rgb-error`;
  const start = startingHex(value, pickerDefault);
  const [hexText, setHexText] = useState(start);
  const [rgbText, setRgbText] = useState(hexToRgb(start).map(String));
  const hex = normalizeHex(hexText);
  const hexValid = HEX_RE.test(hexText.trim());
  const rgbValid = rgbText.every(isChannel);

  const setFromHex = (text) => {
    setHexText(text);
    const rgb = HEX_RE.test(text.trim()) ? hexToRgb(text) : null;
    if (rgb) setRgbText(rgb.map(String));
  };
  const setChannel = (index, text) => {
    const next = rgbText.map((c, i) => (i === index ? text : c));
    setRgbText(next);
    const fromRgb = rgbToHex(next);
    if (fromRgb) setHexText(fromRgb);
  };
  const apply = () => {
    if (hexValid && rgbValid) onApply(hex);
  };

  return (
    <Modal
      title={`Choose ${label}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={ui.buttonSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={ui.buttonPrimary} onClick={apply} disabled={!hexValid || !rgbValid}>
            Apply
          </button>
        </>
      }
    >
      <div className="flex items-center gap-4">
        <span
          data-testid="color-preview"
          className="h-16 w-16 shrink-0 rounded-xl border border-slate-300 dark:border-slate-600"
          style={{ backgroundColor: hexValid ? hex : "transparent" }}
          aria-hidden="true"
        />
        <label className="flex-1 text-sm">
          <span className={ui.label}>Pick visually</span>
          <input
            type="color"
            className="mt-1 h-10 w-full cursor-pointer rounded-lg border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-950"
            value={(hexValid ? hex : start).toLowerCase()}
            onChange={(event) => setFromHex(event.target.value.toUpperCase())}
          />
        </label>
      </div>
      <label className="mt-4 block">
        <span className={ui.label}>Hex</span>
        <input
          data-autofocus
          className={`${ui.input} mt-1 font-mono`}
          value={hexText}
          onChange={(event) => setFromHex(event.target.value)}
          onKeyDown={(event) => event.key === "Enter" && (event.preventDefault(), apply())}
          aria-invalid={!hexValid}
          aria-describedby={hexValid ? undefined : hexErrorId}
          maxLength={7}
          spellCheck={false}
        />
      </label>
      {!hexValid && (
        <p id={hexErrorId} className={ui.fieldError} role="alert">
          Enter # followed by six hex digits (0-9, A-F)
        </p>
      )}
      <fieldset className="mt-4">
        <legend className={ui.label}>RGB</legend>
        <div className="mt-1 grid grid-cols-3 gap-2">
          {CHANNELS.map((name, index) => (
            <label key={name} className="text-xs text-slate-600 dark:text-slate-400">
              {name}
              <input
                type="number"
                min={0}
                max={255}
                step={1}
                inputMode="numeric"
                className={`${ui.input} mt-1`}
                value={rgbText[index]}
                onChange={(event) => setChannel(index, event.target.value)}
                aria-invalid={!isChannel(rgbText[index])}
                aria-describedby={rgbValid ? undefined : rgbErrorId}
              />
            </label>
          ))}
        </div>
      </fieldset>
      {!rgbValid && (
        <p id={rgbErrorId} className={ui.fieldError} role="alert">
          Each RGB value must be a whole number from 0 to 255
        </p>
      )}
    </Modal>
  );
}
