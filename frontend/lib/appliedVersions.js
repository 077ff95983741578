import { useEffect, useState } from "react";
import { onCreativeEdited } from "./events.js";

// What was applied to each creative on this page (events.creativeEdited), by its versionsUrl: a
// view opened (or opened again) after the edit starts from it, not from the output it was
// handed, read before.
const applied = new Map();
onCreativeEdited((versionsUrl, version) => applied.set(versionsUrl, version));

/** The version applied to the creative `versionsUrl` names since the page loaded — null once
 * its text was taken off, undefined while nothing was applied (its output stands) — kept up to
 * date wherever it is applied. */
export function useAppliedVersion(versionsUrl) {
  const [version, setVersion] = useState(() => applied.get(versionsUrl));
  useEffect(() => {
    if (!versionsUrl) return undefined;
    setVersion(applied.get(versionsUrl));
    return onCreativeEdited((url, next) => {
      if (url === versionsUrl) setVersion(next);
    });
  }, [versionsUrl]);
  return version;
}
