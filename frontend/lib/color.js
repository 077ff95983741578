// Colour values for the colour field and picker: hex '#RRGGBB', RGB channels 0-255,
// and CSS colour names (resolved by the browser, so no name table ships in the bundle).

export const HEX_RE = /^#[0-9a-f]{6}$/i;
const SHORT_HEX_RE = /^#[0-9a-f]{3}$/i;
// What a colour name may look like (services/colors.py): letters, spaces and hyphens.
export const COLOR_NAME_RE = /^[a-z][a-z \-]*$/i;

/** '#abc' or '#aabbcc' → '#AABBCC'; anything else → null. */
export function normalizeHex(value) {
  const text = String(value ?? "").trim();
  if (HEX_RE.test(text)) return text.toUpperCase();
  if (SHORT_HEX_RE.test(text)) {
    return `#${[...text.slice(1)].map((c) => c + c).join("")}`.toUpperCase();
  }
  return null;
}

export function hexToRgb(hex) {
  const normal = normalizeHex(hex);
  if (!normal) return null;
  return [1, 3, 5].map((i) => parseInt(normal.slice(i, i + 2), 16));
}

/** Whether a channel text is a whole number 0-255. */
export function isChannel(value) {
  const text = String(value).trim();
  return /^\d{1,3}$/.test(text) && Number(text) <= 255;
}

export function rgbToHex(rgb) {
  if (!rgb.every(isChannel)) return null;
  return `#${rgb.map((c) => Number(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

// CSS system colours ('Canvas', 'ButtonText', …) and 'currentColor' paint on a canvas, but they are
// not colours of their own: the server (services/colors.py) takes only hex codes and named colours.
const NOT_NAMED_COLORS = new Set(
  (
    "accentcolor accentcolortext activeborder activecaption activetext appworkspace background " +
    "buttonborder buttonface buttonhighlight buttonshadow buttontext canvas canvastext captiontext " +
    "currentcolor field fieldtext graytext highlight highlighttext inactiveborder inactivecaption " +
    "inactivecaptiontext infobackground infotext linktext mark marktext menu menutext scrollbar " +
    "selecteditem selecteditemtext threeddarkshadow threedface threedhighlight threedlightshadow " +
    "threedshadow visitedtext window windowframe windowtext"
  ).split(" "),
);

function canvasContext() {
  return (typeof document !== "undefined" && document.createElement("canvas").getContext?.("2d")) || null;
}

/** Whether the browser knows `name` as a colour ('navy', 'light blue'): true or false, or null
 * where it cannot tell (no canvas) — the server's check then decides. */
export function isKnownColorName(name) {
  if (isSystemColorName(name)) return false;
  if (!canvasContext()) return null;
  return colorNameToHex(name) !== null;
}

/** A colour name ('navy', 'light blue') → '#RRGGBB', or null when the browser does not know it. */
export function colorNameToHex(name) {
  const text = String(name ?? "").trim();
  if (!text) return null;
  const hex = normalizeHex(text);
  if (hex) return hex;
  if (isSystemColorName(text)) return null;
  const context = canvasContext();
  if (!context) return null;
  const candidates = [text, text.replace(/[\s-]+/g, "")];
  for (const candidate of candidates) {
    // The canvas keeps its previous fill for an unknown colour, so test against two sentinels.
    context.fillStyle = "#000001";
    context.fillStyle = candidate;
    const first = context.fillStyle;
    context.fillStyle = "#000002";
    context.fillStyle = candidate;
    if (first === context.fillStyle) return normalizeHex(first);
  }
  return null;
}

/** The '#RRGGBB' a colour field's value stands for when the field takes it — a hex code or a
 * colour name, the server's rule — else null: the browser paints 'rgb(1,2,3)' or '#FF00FF80'
 * too, but the field refuses them, so they get no swatch. */
export function fieldColorHex(value) {
  const text = String(value ?? "").trim();
  return normalizeHex(text) || (COLOR_NAME_RE.test(text) ? colorNameToHex(text) : null);
}

function isSystemColorName(name) {
  return NOT_NAMED_COLORS.has(String(name ?? "").replace(/[\s-]+/g, "").toLowerCase());
}
