import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from "react";
import { toast } from "../../lib/events.js";
import { loadFontsFor } from "../../lib/fonts.js";
import ColorPicker from "../ColorPicker.jsx";
import EditorFrame, { OpeningStatus } from "../EditorFrame.jsx";
import { IconButton } from "../IconButton.jsx";
import Modal from "../Modal.jsx";
import * as ui from "../ui.js";
import { blockInsideImage, clientToNatural, drawScene, drawSelection, hitTest } from "./layout.js";
import {
  LIMITS,
  applyAction,
  editorReducer,
  elementsFromJSON,
  hasUnappliedChanges,
  initialEditorState,
  layersToJSON,
} from "./model.js";
import LayerList from "./LayerList.jsx";
import { exportPng, loadSourceImage } from "./render.js";
import SelectedTextPanel from "./SelectedTextPanel.jsx";

export const MESSAGES = Object.freeze({
  success: "Image with text generated successfully!",
  failure: "Failed to generate final image",
  offImage: "Part of this text falls outside the image and will be cut off. Move it inwards or make it smaller.",
  // Why Apply does nothing yet, and what it does once every text is gone from an edited creative.
  noText: "Add text to apply",
  restoreHint: "No text left: Apply brings back the original creative.",
  restored: "Text removed. The original creative is back.",
});

// ui.buttonPrimary in red: the button that throws work away.
const buttonDiscard =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-900";
const NUDGE = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Escape typed into these belongs to the control (the text box, the font list), not to the editor. */
function ownsKeys(target) {
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    ["listbox", "option"].includes(target.getAttribute?.("role"))
  );
}

/**
 * The text-overlay editor, a modal over the creative at its natural aspect ratio.
 *
 * `imageUrl` is the ORIGINAL creative (edits are never stacked on an earlier export);
 * `initialLayers` the layers JSON of the latest version, if any. While `opening` (the caller
 * is still reading those two) the dialog is already there, saying so, and can be closed;
 * the layers it then receives are the starting point. Apply renders a PNG at the image's
 * natural size and awaits `onApply(blob, layers)` (upload it, show it); the editor then
 * toasts MESSAGES.success followed by the caller's `appliedMessage`, and closes. Closing
 * with changes not applied (Cancel, Close, Escape, the browser's Back) asks first.
 *
 * Apply needs text to see (model.applyAction). Without, it is marked disabled and says why —
 * unless `textApplied` (the creative carries a saved version): then Apply awaits
 * `onRemoveText()` (take that text off), toasts MESSAGES.restored and closes.
 */
export default function TextOverlayEditor({ open, ...props }) {
  if (!open) return null;
  return <EditorDialog {...props} />;
}

function EditorDialog({
  opening = false,
  imageUrl,
  initialLayers,
  textApplied = false,
  onApply,
  onRemoveText,
  onClose,
  title = "Edit Text",
  appliedMessage,
}) {
  const [state, dispatch] = useReducer(editorReducer, initialLayers, (layers) =>
    initialEditorState(elementsFromJSON(layers)),
  );
  const [source, setSource] = useState(null); // {image, width, height}
  const [loadError, setLoadError] = useState("");
  const [busy, setBusy] = useState(false);
  const [pickingColor, setPickingColor] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // Whether the selected text's block crosses the image's edge, as last drawn. Long text wraps
  // inside the image, but a layer dragged to an edge or set very large can still leave it.
  const [selectedOffImage, setSelectedOffImage] = useState(false);
  const dialogRef = useRef(null);
  const canvasRef = useRef(null);
  const layoutsRef = useRef([]);
  const dragRef = useRef(null);
  const dragCount = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const offImageId = useId();
  const helpId = useId();
  const applyHintId = useId();

  // Escape, Cancel and Close: work not applied yet is only thrown away once the user says so.
  const requestClose = () => {
    if (busy) return;
    if (hasUnappliedChanges(stateRef.current)) setConfirmingDiscard(true);
    else onClose?.();
  };

  // Back, as Escape does, closes what is on top: the colour picker, the question, else the
  // editor, asking first about work not applied. It returns whether the editor stays open.
  const onBack = () => {
    if (pickingColor) setPickingColor(false);
    else if (confirmingDiscard) setConfirmingDiscard(false); // as "Keep editing"
    else if (busy) return true; // applying: the editor closes once that is done
    else if (hasUnappliedChanges(stateRef.current)) setConfirmingDiscard(true);
    else {
      onClose?.();
      return false;
    }
    return true;
  };

  // Leaving the page (reload, closing the tab, or Back when the browser skips the editor's
  // history entry) with work not applied: the browser asks first.
  const unapplied = hasUnappliedChanges(state);
  useEffect(() => {
    if (!unapplied) return undefined;
    const askFirst = (event) => {
      event.preventDefault();
      event.returnValue = ""; // older browsers ask only when this is set
    };
    window.addEventListener("beforeunload", askFirst);
    return () => window.removeEventListener("beforeunload", askFirst);
  }, [unapplied]);

  // The layers read while the dialog was opening become its starting point (not an undoable
  // step), and focus goes where it would have gone had they been there from the start.
  const wasOpening = useRef(opening);
  useLayoutEffect(() => {
    if (opening || !wasOpening.current) return;
    wasOpening.current = false;
    dispatch({ type: "reset", elements: elementsFromJSON(initialLayers) });
    dialogRef.current?.querySelector("[data-autofocus]")?.focus();
  }, [opening, initialLayers]);

  useEffect(() => {
    if (opening) return undefined;
    const abort = new AbortController();
    loadSourceImage(imageUrl, { signal: abort.signal }).then(setSource, (err) => {
      if (err.name !== "AbortError") setLoadError("The image could not be loaded. Close the editor and try again.");
    });
    return () => abort.abort();
  }, [opening, imageUrl]);

  // Redraw after the fonts in use are ready (at once when they already are).
  const selected = state.elements.find((el) => el.id === state.selectedId) || null;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!source || !canvas) return undefined;
    let live = true;
    const draw = () => {
      if (!live) return;
      const ctx = canvas.getContext("2d");
      layoutsRef.current = drawScene(ctx, { ...source, elements: state.elements });
      const chosen = layoutsRef.current.find((l) => l.id === state.selectedId);
      const shown = canvas.getBoundingClientRect().width;
      if (chosen) drawSelection(ctx, chosen, shown ? source.width / shown : 1);
      setSelectedOffImage(Boolean(chosen) && !blockInsideImage(chosen, source));
    };
    loadFontsFor(state.elements).then(draw, draw);
    return () => {
      live = false;
    };
  }, [source, state.elements, state.selectedId]);

  // When the selected text's settings go with focus in them (its last layer deleted, or undone
  // away), focus would fall to the page, out of the dialog: Add Text, the next step, takes it.
  const addTextRef = useRef(null);
  const hasSelection = Boolean(selected);
  const hadSelection = useRef(hasSelection);
  useLayoutEffect(() => {
    const lost = hadSelection.current && !hasSelection;
    hadSelection.current = hasSelection;
    if (lost && !dialogRef.current?.contains(document.activeElement)) addTextRef.current?.focus();
  }, [hasSelection]);

  const update = (patch, coalesceKey = null) => {
    if (selected) dispatch({ type: "update", id: selected.id, patch, coalesceKey });
  };

  const onKeyDown = (event) => {
    if (!dialogRef.current?.contains(event.target)) return; // from the colour picker's own dialog
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    if (key === "Escape") {
      if (ownsKeys(event.target)) return; // Escape in the text box does not close the editor
      event.preventDefault();
      requestClose();
      return;
    }
    if (mod && !event.altKey && (key === "z" || key === "Z")) {
      event.preventDefault();
      dispatch({ type: event.shiftKey ? "redo" : "undo" });
      return;
    }
    if (mod && !event.altKey && (key === "y" || key === "Y")) {
      event.preventDefault();
      dispatch({ type: "redo" });
      return;
    }
    // The selected text's own shortcuts belong to the preview (its help text says so): on a
    // button or in a field, arrows and Backspace are that control's, never a layer's.
    const current = stateRef.current.selectedId;
    if (!current || event.target !== canvasRef.current || !source) return;
    if (key in NUDGE && !mod && !event.altKey) {
      event.preventDefault();
      const step = event.shiftKey ? 10 : 1;
      const [dx, dy] = NUDGE[key];
      dispatch({ type: "nudge", id: current, dx: dx * step, dy: dy * step, width: source.width, height: source.height });
    } else if (key === "Delete" || key === "Backspace") {
      event.preventDefault();
      dispatch({ type: "remove", id: current });
    }
  };

  const pointAt = (event) =>
    clientToNatural(event.clientX, event.clientY, canvasRef.current.getBoundingClientRect(), source);

  const onPointerDown = (event) => {
    if (!source || event.button > 0) return;
    const p = pointAt(event);
    const id = hitTest(layoutsRef.current, p.x, p.y);
    dispatch({ type: "select", id });
    canvasRef.current.focus();
    if (!id) return;
    event.preventDefault();
    const el = stateRef.current.elements.find((e) => e.id === id);
    dragCount.current += 1;
    dragRef.current = {
      id,
      pointerId: event.pointerId,
      // keep the grab point under the pointer instead of snapping the centre to it
      dx: p.x - (el.x / 100) * source.width,
      dy: p.y - (el.y / 100) * source.height,
      key: `drag:${dragCount.current}`,
    };
    canvasRef.current.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event) => {
    if (!source) return;
    const drag = dragRef.current;
    const p = pointAt(event);
    if (!drag) {
      // the move cursor only over text that can be grabbed
      canvasRef.current.style.cursor = hitTest(layoutsRef.current, p.x, p.y) ? "move" : "default";
      return;
    }
    if (drag.pointerId !== event.pointerId) return;
    dispatch({
      type: "update",
      id: drag.id,
      patch: { x: ((p.x - drag.dx) / source.width) * 100, y: ((p.y - drag.dy) / source.height) * 100 },
      coalesceKey: drag.key,
    });
  };
  const endDrag = (event) => {
    if (dragRef.current?.pointerId !== event.pointerId) return;
    // The text lands where the pointer is released, drawn at once (the moves before it may
    // still be waiting for their render).
    if (event.type === "pointerup") onPointerMove(event);
    dragRef.current = null;
  };

  const apply = async () => {
    const { elements } = stateRef.current;
    const action = applyAction(elements, { textApplied });
    if (!source || busy || !action) return;
    setBusy(true);
    try {
      if (action === "restore") {
        await onRemoveText();
      } else {
        const blob = await exportPng({ ...source, elements });
        await onApply(blob, layersToJSON(elements));
      }
    } catch (err) {
      console.error(err);
      toast(MESSAGES.failure, "error");
      setBusy(false);
      return;
    }
    if (action === "restore") {
      toast(MESSAGES.restored);
    } else {
      toast(MESSAGES.success);
      if (appliedMessage) toast(appliedMessage);
    }
    setBusy(false);
    onClose?.();
  };

  const { elements, past, future } = state;
  const applyWill = applyAction(elements, { textApplied });
  const applyHint = !source ? "" : !applyWill ? MESSAGES.noText : applyWill === "restore" ? MESSAGES.restoreHint : "";
  const index = selected ? elements.indexOf(selected) : -1;

  return (
    <>
      <EditorFrame
        ref={dialogRef}
        title={title}
        testId="text-editor"
        describedBy={helpId}
        onKeyDown={onKeyDown}
        onClose={requestClose}
        onBack={onBack}
        closeDisabled={busy}
        headerActions={
          <>
            <IconButton label="Undo (Ctrl+Z)" onClick={() => dispatch({ type: "undo" })} disabled={!past.length}>
              <path d="M7.7 4.3a1 1 0 0 1 0 1.4L6.4 7H11a6 6 0 0 1 0 12H8a1 1 0 1 1 0-2h3a4 4 0 0 0 0-8H6.4l1.3 1.3a1 1 0 1 1-1.4 1.4l-3-3a1 1 0 0 1 0-1.4l3-3a1 1 0 0 1 1.4 0Z" />
            </IconButton>
            <IconButton label="Redo (Ctrl+Shift+Z)" onClick={() => dispatch({ type: "redo" })} disabled={!future.length}>
              <path d="M12.3 4.3a1 1 0 0 0 0 1.4L13.6 7H9a6 6 0 0 0 0 12h3a1 1 0 1 0 0-2H9a4 4 0 0 1 0-8h4.6l-1.3 1.3a1 1 0 1 0 1.4 1.4l3-3a1 1 0 0 0 0-1.4l-3-3a1 1 0 0 0-1.4 0Z" />
            </IconButton>
          </>
        }
        footerNote={
          // In the footer, so it shows whichever setting pushed the text out (the font size
          // slider is far below the text box on a phone), next to the Apply it warns about.
          <>
            {source && (
              <p id={offImageId} role="status" className="text-xs font-medium text-amber-700 empty:hidden dark:text-amber-400">
                {selectedOffImage && MESSAGES.offImage}
              </p>
            )}
            {applyHint && (
              <p id={applyHintId} className="text-xs font-medium text-slate-600 dark:text-slate-300">
                {applyHint}
              </p>
            )}
            <p
              id={helpId}
              className={`hidden text-xs text-slate-500 dark:text-slate-400 ${selectedOffImage || applyHint ? "" : "sm:block"}`}
            >
              Drag text to move it. Arrow keys nudge the selected text by 1 px (Shift: 10 px); Delete removes it.
            </p>
          </>
        }
        footerActions={
          <>
            <button type="button" className={ui.buttonSecondary} onClick={requestClose} disabled={busy}>
              Cancel
            </button>
            {/* Only marked disabled while applying or with no text: a disabled button loses
                keyboard focus, which would leave the dialog (Escape and Tab with it) when the
                save fails or the last text is deleted; and, focusable, it still says why. */}
            <button
              type="button"
              className={`${ui.buttonPrimary} aria-disabled:opacity-60 ${busy ? "aria-disabled:cursor-wait" : "aria-disabled:cursor-not-allowed"}`}
              onClick={apply}
              disabled={!source}
              aria-disabled={busy || !applyWill || undefined}
              aria-describedby={applyHint ? applyHintId : undefined}
            >
              {busy ? "Applying…" : "Apply Text"}
            </button>
          </>
        }
      >
        {/* Side by side whenever the screen is wider than tall (a laptop, a phone turned, a
            laptop zoomed to 200 %): the settings then scroll in a column of their own, the full
            height, beside the preview. Stacked on a portrait screen, the preview gives up
            height down to a minimum before the settings do, and past both minimums the body
            scrolls as a whole. */}
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto landscape:flex-row">
          <div
            className={`flex items-center justify-center bg-slate-100 p-3 landscape:h-auto landscape:min-h-0 landscape:flex-1 dark:bg-slate-950 ${
              opening ? "flex-1" : "h-[45dvh] min-h-40" // no settings yet: the message has the room
            }`}
          >
            {opening ? (
              <OpeningStatus />
            ) : loadError ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {loadError}
              </p>
            ) : !source ? (
              <p role="status" className={ui.muted}>
                Loading image…
              </p>
            ) : (
              <canvas
                ref={canvasRef}
                width={source.width}
                height={source.height}
                tabIndex={0}
                aria-label={`Creative preview, ${source.width} × ${source.height} pixels, with ${elements.length} text layer${elements.length === 1 ? "" : "s"}`}
                aria-describedby={helpId}
                data-testid="editor-canvas"
                className="block h-auto max-h-full w-auto max-w-full touch-none rounded shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
              />
            )}
          </div>

          {!opening && (
            <aside
              aria-label="Text settings"
              className="min-h-48 flex-1 overflow-y-auto border-t border-slate-200 p-4 landscape:min-h-0 landscape:w-80 landscape:flex-none landscape:border-t-0 landscape:border-l dark:border-slate-800"
            >
              <button
                ref={addTextRef}
                type="button"
                data-autofocus
                className={`${ui.buttonPrimary} w-full`}
                onClick={() => dispatch({ type: "add" })}
                disabled={elements.length >= LIMITS.maxElements}
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                  <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
                </svg>
                Add Text
              </button>

              <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                Text layers
              </h3>
              <LayerList elements={elements} selectedId={state.selectedId} dispatch={dispatch} />

              {selected && (
                <SelectedTextPanel
                  selected={selected}
                  front={index === elements.length - 1}
                  back={index === 0}
                  describedBy={offImageId}
                  update={update}
                  dispatch={dispatch}
                  onPickColor={() => setPickingColor(true)}
                />
              )}
            </aside>
          )}
        </div>
      </EditorFrame>

      {pickingColor && selected && (
        <ColorPicker
          label="Text Colour"
          value={selected.color}
          onApply={(hex) => {
            update({ color: hex });
            setPickingColor(false);
          }}
          onClose={() => setPickingColor(false)}
        />
      )}

      {confirmingDiscard && (
        <Modal
          title="Discard your changes?"
          onClose={() => setConfirmingDiscard(false)}
          footer={
            <>
              <button type="button" data-autofocus className={ui.buttonSecondary} onClick={() => setConfirmingDiscard(false)}>
                Keep editing
              </button>
              <button type="button" className={buttonDiscard} onClick={() => onClose?.()}>
                Discard
              </button>
            </>
          }
        >
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The text you added or changed has not been applied to the creative. Discarding closes the editor without it.
          </p>
        </Modal>
      )}
    </>
  );
}
