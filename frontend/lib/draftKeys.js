// Where the tool forms keep their drafts in the tab's sessionStorage (lib/formDrafts.js). Apart
// from that module, which needs React, so the site script can forget them on sign-out.
export const DRAFT_PREFIX = "adsmith:draft:";

/** Where one form's draft is kept: per signed-in user, so an account signed in later in the same
 * tab is not shown the last one's, and per form (a tool's slug; Meta Ads Full's `slug:step`). */
export function draftKey(userId, form) {
  return `${DRAFT_PREFIX}${userId ?? ""}:${form}`;
}

/** Removes every draft from `storage`: signing out leaves nothing typed in the tab for the next
 * person at a shared computer. Storage that refuses has nothing to remove. */
export function forgetAllDrafts(storage = globalThis.sessionStorage) {
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(DRAFT_PREFIX)) storage.removeItem(key);
  } catch {
    // A private window or a blocked storage: no drafts were kept.
  }
}
