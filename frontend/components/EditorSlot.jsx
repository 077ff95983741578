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

/** A creative result with its text editor: the page's integration point for 'Add Text' /
 * 'Edit Text'. Once text is applied, the edited version is what shows and downloads. */
export function EditableCreative({ generation, title, editLabel, appliedMessage, downloadName, hint, headingRef }) {
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(null);
  const output = generation.output || {};
  return (
    <>
      <CreativeResult
        output={output}
        title={title}
        image={version?.image || output.image}
        edited={Boolean(version) || Boolean(output.edited)}
        editLabel={editLabel}
        onEditText={() => setEditing(true)}
        downloadName={downloadName}
        hint={hint}
        headingRef={headingRef}
      />
      {editing && (
        <EditorSlot
          generation={generation}
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
