import { cssFamily } from "../../lib/fonts.js";
import * as ui from "../ui.js";

/** The editor's text layers, top first, each in its own colour and font; a click selects one.
 * `dispatch` is the editor's (model.js). */
export default function LayerList({ elements, selectedId, dispatch }) {
  const layersTopFirst = [...elements].reverse();
  return elements.length === 0 ? (
    <p className={`${ui.muted} mt-2`}>No text yet. Add Text places one in the middle of the image.</p>
  ) : (
    <ul className="mt-2 space-y-1" aria-label="Text layers, top first">
      {layersTopFirst.map((el) => (
        <li key={el.id}>
          <button
            type="button"
            aria-pressed={el.id === selectedId}
            onClick={() => dispatch({ type: "select", id: el.id })}
            className={`flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm ${
              el.id === selectedId
                ? "border-brand-500 bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white"
                : "border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            }`}
          >
            {/* The text colour as editors show it, a bar under an "A" (drawn by CSS, so not part
                of the layer's name): a white or black square with a border read as an empty
                checkbox. The bar's own edge keeps white visible in the light theme, black in the dark. */}
            <span
              className="flex w-4 shrink-0 flex-col items-center text-xs leading-none font-bold text-slate-500 before:content-['A'] dark:text-slate-400"
              aria-hidden="true"
            >
              <span
                className="mt-0.5 h-1.5 w-full rounded-sm inset-ring inset-ring-slate-900/30 dark:inset-ring-white/40"
                style={{ backgroundColor: el.color }}
              />
            </span>
            <span dir="auto" className="truncate" style={{ fontFamily: cssFamily(el.fontFamily) }}>
              {el.text.trim() || "(empty)"}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
