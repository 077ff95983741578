// The text-overlay element model: defaults, limits, clamping, and the editor's state with
// undo/redo. Pure functions only (no DOM), shared by the editor and its tests.
//
// Coordinates: x and y are the centre of the text block as a PERCENTAGE of the image's
// width and height (so the documented default "50,50" is the middle of the image), and
// fontSize is in the image's natural pixels. Nothing depends on the zoom of the preview.

import { DEFAULT_FONT, FONT_NAMES } from "../../lib/fonts.js";

export const LIMITS = Object.freeze({
  fontSize: { min: 12, max: 120 },
  rotation: { min: -180, max: 180 },
  opacity: { min: 0, max: 1, step: 0.1 },
  position: { min: 0, max: 100 },
  textMaxLength: 250, // the product's limit for text fields
  maxElements: 50,
  historyDepth: 100,
});

const FONT_WEIGHTS = Object.freeze(["normal", "bold"]);
const FONT_STYLES = Object.freeze(["normal", "italic"]);
const TEXT_ALIGNS = Object.freeze(["left", "center", "right"]);

export const DEFAULT_ELEMENT = Object.freeze({
  text: "Your Text Here",
  x: 50,
  y: 50,
  fontSize: 32,
  fontFamily: DEFAULT_FONT,
  color: "#FFFFFF",
  fontWeight: "bold",
  fontStyle: "normal",
  textAlign: "center",
  rotation: 0,
  opacity: 1,
});

const LAYERS_VERSION = 1;

export function clamp(value, min, max) {
  return Math.min(max, Math.max(min, value));
}

function toNumber(value, fallback) {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : fallback;
}

const round = (value, places) => Math.round(value * 10 ** places) / 10 ** places;

/** "#abc" / "#AABBCC" / "aabbcc" → "#AABBCC"; anything else → null. */
export function normalizeColor(value) {
  if (typeof value !== "string") return null;
  let hex = value.trim().replace(/^#/, "");
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = [...hex].map((c) => c + c).join("");
  return /^[0-9a-f]{6}$/i.test(hex) ? `#${hex.toUpperCase()}` : null;
}

const pick = (value, allowed, fallback) => (allowed.includes(value) ? value : fallback);

/**
 * A valid element from anything (saved JSON, a form patch merged over an element):
 * numbers are clamped into their ranges, unknown choices fall back to the defaults.
 */
export function normalizeElement(raw, id) {
  const src = raw && typeof raw === "object" ? raw : {};
  const d = DEFAULT_ELEMENT;
  const text = typeof src.text === "string" ? src.text.slice(0, LIMITS.textMaxLength) : d.text;
  return {
    id: String(id ?? src.id ?? ""),
    text,
    x: round(clamp(toNumber(src.x, d.x), LIMITS.position.min, LIMITS.position.max), 3),
    y: round(clamp(toNumber(src.y, d.y), LIMITS.position.min, LIMITS.position.max), 3),
    fontSize: Math.round(clamp(toNumber(src.fontSize, d.fontSize), LIMITS.fontSize.min, LIMITS.fontSize.max)),
    fontFamily: pick(src.fontFamily, FONT_NAMES, d.fontFamily),
    color: normalizeColor(src.color) || d.color,
    fontWeight: pick(src.fontWeight, FONT_WEIGHTS, d.fontWeight),
    fontStyle: pick(src.fontStyle, FONT_STYLES, d.fontStyle),
    textAlign: pick(src.textAlign, TEXT_ALIGNS, d.textAlign),
    rotation: Math.round(clamp(toNumber(src.rotation, d.rotation), LIMITS.rotation.min, LIMITS.rotation.max)),
    // Opacity moves in steps of 0.1.
    opacity: round(clamp(toNumber(src.opacity, d.opacity), LIMITS.opacity.min, LIMITS.opacity.max), 1),
  };
}

/** A new element with the documented defaults (plus any overrides). */
export function createTextElement(id, overrides = {}) {
  return normalizeElement({ ...DEFAULT_ELEMENT, ...overrides }, id);
}

/** The JSON stored with a version: {"version": 1, "elements": [...]}, bottom layer first. */
export function layersToJSON(elements) {
  return { version: LAYERS_VERSION, elements: elements.map((el) => ({ ...el })) };
}

/** Elements from stored JSON (either that object or a bare list); bad entries are repaired,
 * duplicate or missing ids replaced, and the count capped. */
export function elementsFromJSON(json) {
  const list = Array.isArray(json) ? json : Array.isArray(json?.elements) ? json.elements : [];
  const seen = new Set();
  return list
    .filter((raw) => raw && typeof raw === "object")
    .slice(0, LIMITS.maxElements)
    .map((raw, index) => {
      let id = typeof raw.id === "string" || typeof raw.id === "number" ? String(raw.id) : "";
      if (!id || seen.has(id)) id = `t${index + 1}`;
      while (seen.has(id)) id = `${id}_`;
      seen.add(id);
      return normalizeElement(raw, id);
    });
}

/** A fresh id not used by `elements`. */
function nextElementId(elements) {
  const used = new Set(elements.map((el) => el.id));
  let n = elements.length + 1;
  while (used.has(`t${n}`)) n += 1;
  return `t${n}`;
}

/** Whether any layer draws something: text that is not all whitespace, not fully transparent.
 * The server refuses a version without (history/actions.py has_visible_text, the same trim). */
export function hasVisibleText(elements) {
  return elements.some((el) => el.text.trim() !== "" && el.opacity > 0);
}

/**
 * What Apply does with these layers: "save" them as a new version of the creative; "restore"
 * the original when no text is left on a creative that has text applied (`textApplied`), so
 * the 'With Custom Text' version goes; or nothing (null) — no text and none to take off.
 */
export function applyAction(elements, { textApplied = false } = {}) {
  if (hasVisibleText(elements)) return "save";
  return textApplied ? "restore" : null;
}

// --- editor state -------------------------------------------------------------------------

/**
 * { elements, start, selectedId, past, future, coalesce }. `start` is the list the editor
 * opened with; `past`/`future` hold element lists. `coalesce` merges a run of edits into one
 * undo step: every change of one drag, the keystrokes typed into one element's text, a run
 * of arrow-key nudges.
 */
export function initialEditorState(elements = []) {
  return { elements, start: elements, selectedId: elements.at(-1)?.id ?? null, past: [], future: [], coalesce: null };
}

const sameElement = (a, b) => Object.keys(a).every((key) => a[key] === b[key]);

/** Whether the layers differ from those the editor opened with: what closing would throw
 * away. Undoing back to the start, or adding a text and deleting it again, changes nothing. */
export function hasUnappliedChanges({ elements, start }) {
  return elements.length !== start.length || elements.some((el, i) => !sameElement(el, start[i]));
}

function commit(state, elements, coalesceKey = null, selectedId = state.selectedId) {
  if (elements === state.elements) return state;
  const merging = coalesceKey !== null && coalesceKey === state.coalesce;
  const past = merging ? state.past : [...state.past, state.elements].slice(-LIMITS.historyDepth);
  return { ...state, elements, selectedId, past, future: merging ? state.future : [], coalesce: coalesceKey };
}

function updateOne(elements, id, patch) {
  let changed = false;
  const next = elements.map((el) => {
    if (el.id !== id) return el;
    const updated = normalizeElement({ ...el, ...patch }, id);
    if (Object.keys(updated).every((k) => updated[k] === el[k])) return el;
    changed = true;
    return updated;
  });
  return changed ? next : elements;
}

function move(elements, id, to) {
  const from = elements.findIndex((el) => el.id === id);
  if (from < 0) return elements;
  const target = clamp(to, 0, elements.length - 1);
  if (target === from) return elements;
  const next = elements.slice();
  const [el] = next.splice(from, 1);
  next.splice(target, 0, el);
  return next;
}

export function editorReducer(state, action) {
  const index = (id) => state.elements.findIndex((el) => el.id === id);
  switch (action.type) {
    case "add": {
      if (state.elements.length >= LIMITS.maxElements) return state;
      const id = action.id || nextElementId(state.elements);
      const el = createTextElement(id, action.overrides);
      return commit(state, [...state.elements, el], null, id);
    }
    case "select":
      return { ...state, selectedId: action.id && index(action.id) >= 0 ? action.id : null, coalesce: null };
    case "update":
      return commit(state, updateOne(state.elements, action.id, action.patch), action.coalesceKey ?? null);
    case "nudge": {
      // dx/dy in natural image pixels; stored positions are percentages.
      const el = state.elements[index(action.id)];
      if (!el) return state;
      const patch = {
        x: el.x + ((action.dx || 0) / action.width) * 100,
        y: el.y + ((action.dy || 0) / action.height) * 100,
      };
      return commit(state, updateOne(state.elements, el.id, patch), `nudge:${el.id}`);
    }
    case "remove": {
      const at = index(action.id);
      if (at < 0) return state;
      const elements = state.elements.filter((el) => el.id !== action.id);
      const selectedId = state.selectedId === action.id ? (elements[Math.min(at, elements.length - 1)]?.id ?? null) : state.selectedId;
      return commit(state, elements, null, selectedId);
    }
    case "forward": // one layer up (drawn later, so on top)
      return commit(state, move(state.elements, action.id, index(action.id) + 1));
    case "backward":
      return commit(state, move(state.elements, action.id, index(action.id) - 1));
    case "undo": {
      if (!state.past.length) return state;
      const elements = state.past.at(-1);
      return keepSelection({
        ...state,
        elements,
        past: state.past.slice(0, -1),
        future: [state.elements, ...state.future],
        coalesce: null,
      });
    }
    case "redo": {
      if (!state.future.length) return state;
      const [elements, ...future] = state.future;
      return keepSelection({ ...state, elements, past: [...state.past, state.elements], future, coalesce: null });
    }
    case "reset": // new starting layers (read after the editor opened): nothing to undo
      return initialEditorState(action.elements || []);
    default:
      throw new Error(`Unknown editor action: ${action.type}`);
  }
}

function keepSelection(state) {
  if (state.selectedId && state.elements.some((el) => el.id === state.selectedId)) return state;
  return { ...state, selectedId: state.elements.at(-1)?.id ?? null };
}
