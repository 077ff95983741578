// Where the tool forms keep their drafts in the tab's sessionStorage (lib/formDrafts.js), and the
// tool pages the results they showed (lib/rememberedResults.js). Apart from those modules, so the
// site script can forget them all on sign-out without loading React.
export const DRAFT_PREFIX = "adsmith:draft:";

/** Where one form's draft is kept: per signed-in user, so an account signed in later in the same
 * tab is not shown the last one's, and per form (a tool's slug; Meta Ads Full's `slug:step`; a
 * result's `slug:result`, `slug:step:result`). */
export function draftKey(userId, form) {
  return `${DRAFT_PREFIX}${userId ?? ""}:${form}`;
}

/** Removes every draft (and remembered result) from `storage`: signing out leaves nothing typed
 * or made in the tab for the next person at a shared computer. Storage that refuses has nothing
 * to remove. */
export function forgetAllDrafts(storage = globalThis.sessionStorage) {
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(DRAFT_PREFIX)) storage.removeItem(key);
  } catch {
    // A private window or a blocked storage: no drafts were kept.
  }
}
