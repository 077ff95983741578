// The successful result a tool page shows, remembered in the tab's sessionStorage by its
// generation's id, so that Back, a sidebar link and back, or a reload show it again, read anew
// from the server (a creative then carries the text edited onto it since). A failure is not
// worth bringing back, so only a success is remembered. Keys are drafts' keys (lib/draftKeys.js),
// so signing out forgets these too; storage that refuses just means nothing is remembered.
import { api } from "./api.js";
import { forgetTab, keepInTab, readTabJSON } from "./tabStorage.js";
import { urlFor } from "./urls.js";

/** Remembers `generation` as the result shown under `key`, with `extra` beside its id (Meta
 * Ads Full: the analysis it sits beside); null forgets it (a run started, or one failed). */
export function rememberResult(key, generation, extra) {
  if (generation) keepInTab(key, { ...extra, id: generation.id });
  else forgetTab(key);
}

function remembered(key) {
  const kept = readTabJSON(key);
  return kept?.id != null ? kept : null;
}

/** The result remembered under `key`, read again from `template` (the generation's URL):
 * resolves to the generation, or null. One that `fits(kept)` refuses (`kept`: what was
 * remembered) or that cannot be read (deleted, another user's, the server unreachable) is
 * forgotten, without a word: the page simply starts without it. Null also when, meanwhile, a
 * run started or another result was remembered: the page shows that one now. */
export async function restoreResult(key, template, fits = () => true) {
  const kept = remembered(key);
  if (!kept) return null;
  const generation = fits(kept) ? await api(urlFor(template, kept.id)).catch(() => null) : null;
  const still = remembered(key)?.id === kept.id;
  if (generation?.status === "success") return still ? generation : null;
  if (still) rememberResult(key, null);
  return null;
}
