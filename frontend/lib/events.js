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

/** The shell read the balance from the server: `credits` is the truth as of now. Page islands
 * that show the balance (and enable their submit buttons by it) follow it. A separate event from
 * "adsmith:credits", whose listeners re-read the server: answering that with it would loop. */
export function balanceRead(credits) {
  window.dispatchEvent(new CustomEvent("adsmith:balance", { detail: { balance: credits } }));
}
