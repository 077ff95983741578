import { forgetAllDrafts } from "../../lib/draftKeys.js";

/** Signing out (a `form[data-sign-out]`) forgets the tool forms' drafts and the results the tool
 * pages remember in the tab, so the next person at a shared computer finds nothing the last one
 * typed or made. */
export function initSignOut(root = document) {
  root.addEventListener("submit", (event) => {
    if (event.target.matches?.("form[data-sign-out]")) forgetAllDrafts();
  });
}
