// Page-wide events between islands and the vanilla site script (no globals needed). The event
// names live here only: senders and listeners go through these functions, so a typo in a
// listener cannot silently break the rule between creditsChanged and balanceRead.

const CREDITS_CHANGED = "adsmith:credits";
const BALANCE_READ = "adsmith:balance";
const CREATIVE_EDITED = "adsmith:creative-edited";

/** Shows a toast (top-right, 3 s). kind: "success" | "error" | "info". */
export function toast(message, kind = "success") {
  window.dispatchEvent(new CustomEvent("adsmith:toast", { detail: { message, kind } }));
}

/** Tells every balance display that credits changed; `balance` is the new local value
 * (if known). Displays update at once and re-read the server after 1 s. */
export function creditsChanged(balance) {
  window.dispatchEvent(new CustomEvent(CREDITS_CHANGED, { detail: { balance } }));
}

/** The shell read the balance from the server: `credits` is the truth as of now. Page islands
 * that show the balance (and enable their submit buttons by it) follow it. A separate event from
 * creditsChanged, whose listeners re-read the server: answering that with it would loop. */
export function balanceRead(credits) {
  window.dispatchEvent(new CustomEvent(BALANCE_READ, { detail: { balance: credits } }));
}

/** Calls `fn(detail)` on every `name` event; returns the function that stops listening. */
function listen(name, fn) {
  const listener = (event) => fn(event.detail ?? {});
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}

/** Calls `fn(balance)` on every creditsChanged() (`balance` undefined when the sender did not
 * know it). Returns the function that stops listening. */
export function onCreditsChanged(fn) {
  return listen(CREDITS_CHANGED, (detail) => fn(detail.balance));
}

/** Calls `fn(credits)` on every balanceRead(). Returns the function that stops listening. */
export function onBalanceRead(fn) {
  return listen(BALANCE_READ, (detail) => fn(detail.balance));
}

/** Text was applied to a creative (`version`, the saved {id, image, layers}) or taken off it
 * (null) in one of its views: the result card and a history entry can show the same creative,
 * and both show what was applied. `versionsUrl` names the creative. */
export function creativeEdited(versionsUrl, version) {
  window.dispatchEvent(new CustomEvent(CREATIVE_EDITED, { detail: { versionsUrl, version } }));
}

/** Calls `fn(versionsUrl, version)` on every creativeEdited(). Returns the function that stops
 * listening. */
export function onCreativeEdited(fn) {
  return listen(CREATIVE_EDITED, (detail) => fn(detail.versionsUrl, detail.version));
}
