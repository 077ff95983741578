import { lazy, Suspense, useEffect, useState } from "react";
import { useAppliedVersion } from "../lib/appliedVersions.js";
import { creativeEdited } from "../lib/events.js";
import EditorFrame, { OpeningStatus } from "./EditorFrame.jsx";
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

/** Where a creative's 'Add Text' / 'Edit Text' opens the editor. `output` is the finished
 * creative's output (its image, the original without text, its versions' URLs);
 * `onApplied(version)` receives the saved version ({id, image, layers}) whose image the page
 * then shows and downloads, or null once the text was taken off (the original is shown
 * again). Opened before the editor's code is here, it shows the editor's frame at once,
 * saying it is opening. */
export default function EditorSlot({ output, title, appliedMessage, onApplied, onClose }) {
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

/** The editor's dialog while its code is still on its way: the editor's own frame, title,
 * Close and Cancel, so the click shows at once and the editor then fills the frame in.
 * Escape, Close and Cancel close it; focus goes back to the button that opened it. */
function EditorOpening({ title, onClose }) {
  return (
    <EditorFrame
      title={title}
      testId="text-editor-opening"
      onEscape={onClose}
      onClose={onClose}
      footerActions={
        <>
          <button type="button" className={ui.buttonSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={ui.buttonPrimary} disabled>
            Apply Text
          </button>
        </>
      }
    >
      <div className="flex flex-1 items-center justify-center bg-slate-100 p-3 dark:bg-slate-950">
        <OpeningStatus />
      </div>
    </EditorFrame>
  );
}

/**
 * A creative and its text editor, however the creative is drawn (a result card on a tool
 * page, a history entry). `children({ image, edited, editText })` draws it: `image` is what
 * to show and download (the edited version once text is applied here), `edited` whether it
 * carries custom text, `editText` opens the editor (null for an output with no versions to
 * edit). `image` (the prop) is the creative as the output names it; `output.original` the
 * one without text, shown again once the editor took the text off. Every view of one creative
 * on the page shows what was applied in any of them.
 */
export function CreativeWithTextEditor({ output, image, editLabel, appliedMessage, children }) {
  const [editing, setEditing] = useState(false);
  // What the editor applied, here or in another view of the same creative: a version, null
  // once it took the text off, undefined while nothing was applied (the output's own image
  // and flag stand).
  const version = useAppliedVersion(output?.versionsUrl);
  const editable = Boolean(output?.versionsUrl);
  useEffect(() => {
    if (editable) preloadEditor();
  }, [editable]);
  return (
    <>
      {children({
        image: version === undefined ? image : version ? version.image : output?.original || image,
        edited: version === undefined ? Boolean(output?.edited) : Boolean(version),
        editText: editable ? () => setEditing(true) : null,
      })}
      {editing && (
        <EditorSlot
          output={output}
          title={editLabel}
          appliedMessage={appliedMessage}
          onApplied={(applied) => {
            creativeEdited(output.versionsUrl, applied);
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
