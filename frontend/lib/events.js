// Page-wide events between islands and the vanilla site script (no globals needed).

/** Shows a toast (top-right, 3 s). kind: "success" | "error" | "info". */
export function toast(message, kind = "success") {
  window.dispatchEvent(new CustomEvent("adsmith:toast", { detail: { message, kind } }));
}

/** Tells every balance display that credits changed; `balance` is the new local value
 * (if known). Displays update at once and re-read the server after 1 s. */
export function creditsChanged(balance) {
  window.dispatchEvent(new CustomEvent("adsmith:credits", { detail: { balance } }));
}
