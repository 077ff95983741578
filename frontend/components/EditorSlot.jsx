import { lazy, Suspense, useState } from "react";
import { CreativeResult } from "./Results.jsx";

// The text-overlay editor (the editor helper's components/editor/) loads only when a user
// opens it, so tool pages stay small.
const CreativeTextEditor = lazy(() => import("./editor/CreativeTextEditor.jsx"));

/** Where a creative's 'Add Text' / 'Edit Text' opens the editor. `generation` is the
 * finished creative generation; `onApplied(version)` receives the saved version
 * ({id, image, layers}) whose image the page then shows and downloads. */
export default function EditorSlot({ generation, title, appliedMessage, onApplied, onClose }) {
  if (!generation) return null;
  const output = generation.output || {};
  return (
    <Suspense fallback={null}>
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
  return (
    <>
      {children({
        image: version?.image || image,
        edited: Boolean(version) || Boolean(output?.edited),
        editText: output?.versionsUrl ? () => setEditing(true) : null,
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
