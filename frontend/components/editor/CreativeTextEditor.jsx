import { useEffect, useState } from "react";
import { toast } from "../../lib/events.js";
import TextOverlayEditor from "./TextOverlayEditor.jsx";
import { loadLatestVersion, removeCreativeText, saveCreativeVersion } from "./versions.js";

/**
 * The editor wired to a generation's versions (history/versions.py). On open it reads the
 * latest version, so the editor starts from the ORIGINAL image with that version's layers;
 * the dialog shows at once and says it is opening meanwhile (closing it then aborts the
 * read). Apply saves a new version and hands it to `onApplied({id, image, layers})` so the
 * page shows and downloads the edited image. Applied with every text removed from a creative
 * that has a version, it takes the text off instead and calls `onApplied(null)`: the page
 * shows the original again, without the 'With Custom Text' badge.
 *
 * URLs come from the generation's output JSON: `output.versionsUrl`, `output.latestVersionUrl`;
 * `imageUrl` is `output.original || output.image` (used when no version exists yet).
 */
export default function CreativeTextEditor({
  open,
  imageUrl,
  versionsUrl,
  latestVersionUrl,
  onApplied,
  onClose,
  title,
  appliedMessage,
}) {
  const [start, setStart] = useState(null); // {imageUrl, layers, textApplied}

  useEffect(() => {
    if (!open) {
      setStart(null);
      return undefined;
    }
    const abort = new AbortController();
    (latestVersionUrl ? loadLatestVersion(latestVersionUrl, { signal: abort.signal }) : Promise.resolve(null)).then(
      (latest) => setStart({ imageUrl: latest?.original || imageUrl, layers: latest?.layers || null, textApplied: Boolean(latest) }),
      (err) => {
        if (err.name === "AbortError") return;
        // Without the saved layers the user can still start afresh on the original.
        toast(err.message, "error");
        setStart({ imageUrl, layers: null, textApplied: false });
      },
    );
    return () => abort.abort();
  }, [open, imageUrl, latestVersionUrl]);

  if (!open) return null;
  return (
    <TextOverlayEditor
      open
      opening={!start}
      imageUrl={start?.imageUrl}
      initialLayers={start?.layers}
      textApplied={Boolean(start?.textApplied)}
      title={title}
      appliedMessage={appliedMessage}
      onClose={onClose}
      onApply={async (blob, layers) => {
        const version = await saveCreativeVersion(versionsUrl, blob, layers);
        onApplied?.(version);
      }}
      onRemoveText={async () => {
        await removeCreativeText(versionsUrl);
        onApplied?.(null);
      }}
    />
  );
}
