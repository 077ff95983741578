import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "./focusTrap.js";
import { CreativeResult } from "./Results.jsx";
import * as ui from "./ui.js";

// The text-overlay editor (the editor helper's components/editor/) is not part of a page's
// code at start, so tool pages stay small. A creative that can be edited fetches it as soon as
// it is on screen (preloadEditor): the editor's chunk names the next one only once it has
// arrived, so fetched on the click the two would take two round trips in a row.
let editorModule = null; // the editor's code, once it has arrived
const loadEditor = () => import("./editor/CreativeTextEditor.jsx").then((module) => (editorModule = module));
const LazyEditor = lazy(loadEditor);

/** Fetches the text editor's code ahead of its first use. A failure shows when it is opened. */
export function preloadEditor() {
  loadEditor().catch(() => {});
}

/** Where a creative's 'Add Text' / 'Edit Text' opens the editor. `generation` is the
 * finished creative generation; `onApplied(version)` receives the saved version
 * ({id, image, layers}) whose image the page then shows and downloads. Opened before the
 * editor's code is here, it shows the editor's frame at once, saying it is opening. */
export default function EditorSlot({ generation, title, appliedMessage, onApplied, onClose }) {
  if (!generation) return null;
  const output = generation.output || {};
  // Once the code is here, the editor itself: a lazy view would still wait a tick, and show
  // (and focus) the frame below for that moment.
  const CreativeTextEditor = editorModule?.default ?? LazyEditor;
  return (
    <Suspense fallback={<EditorOpening title={title} onClose={onClose} />}>
      <CreativeTextEditor
        open
        imageUrl={output.original || output.image}
        versionsUrl={output.versionsUrl}
        latestVersionUrl={output.latestVersionUrl}
        title={title}
        appliedMessage={appliedMessage}
        onApplied={onApplied}
        onClose={onClose}
      />
    </Suspense>
  );
}

const closeIcon =
  "M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z";

/** The editor's dialog while its code is still on its way: the same frame, title, Close and
 * Cancel as the editor's own opening state (TextOverlayEditor), so the click shows at once and
 * the editor then fills the frame in. Escape, Close and Cancel close it; focus goes back to
 * the button that opened it. */
function EditorOpening({ title, onClose }) {
  const ref = useRef(null);
  const titleId = useId();
  useFocusTrap(ref, { onEscape: onClose });
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-stretch justify-center bg-slate-950/70 sm:items-center sm:p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="text-editor-opening"
        className="relative flex h-[100dvh] w-full max-w-6xl flex-col overflow-hidden bg-white shadow-xl focus:outline-none sm:h-[92dvh] sm:rounded-2xl dark:bg-slate-900 dark:text-slate-100"
      >
        <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id={titleId} className={ui.heading2}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            title="Close"
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d={closeIcon} />
            </svg>
          </button>
        </header>
        <div className="flex flex-1 items-center justify-center bg-slate-100 p-3 dark:bg-slate-950">
          <p role="status" className={ui.muted}>
            Opening the text editor…
          </p>
        </div>
        <footer className="flex justify-end gap-2 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <button type="button" className={ui.buttonSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={ui.buttonPrimary} disabled>
            Apply Text
          </button>
        </footer>
      </div>
    </div>,
    document.body,
  );
}

/**
 * A creative and its text editor, however the creative is drawn (a result card on a tool
 * page, a history entry). `children({ image, edited, editText })` draws it: `image` is what
 * to show and download (the edited version once text is applied here), `edited` whether it
 * carries custom text, `editText` opens the editor (null for an output with no versions to
 * edit). `image` (the prop) is the creative as the output names it.
 */
export function CreativeWithTextEditor({ output, image, editLabel, appliedMessage, children }) {
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(null);
  const editable = Boolean(output?.versionsUrl);
  useEffect(() => {
    if (editable) preloadEditor();
  }, [editable]);
  return (
    <>
      {children({
        image: version?.image || image,
        edited: Boolean(version) || Boolean(output?.edited),
        editText: editable ? () => setEditing(true) : null,
      })}
      {editing && (
        <EditorSlot
          generation={{ output }}
          title={editLabel}
          appliedMessage={appliedMessage}
          onApplied={(applied) => {
            setVersion(applied);
            setEditing(false);
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}

/** A tool page's creative result with its text editor ('Add Text' / 'Edit Text'). */
export function EditableCreative({ generation, title, editLabel, appliedMessage, downloadName, hint, headingRef }) {
  const output = generation.output || {};
  return (
    <CreativeWithTextEditor output={output} image={output.image} editLabel={editLabel} appliedMessage={appliedMessage}>
      {({ image, edited, editText }) => (
        <CreativeResult
          output={output}
          title={title}
          image={image}
          edited={edited}
          editLabel={editLabel}
          onEditText={editText}
          downloadName={downloadName}
          hint={hint}
          headingRef={headingRef}
        />
      )}
    </CreativeWithTextEditor>
  );
}
