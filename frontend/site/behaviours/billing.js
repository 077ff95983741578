// /billing: confirming a subscription's cancel dialog (opened and closed by dialogs.js; it sits
// inside that subscription's card) asks the server to cancel it at the period end, then updates
// the card in place. A user with several subscriptions has one card and one dialog for each.
import { api, ApiError } from "../../lib/api.js";
import { toast } from "../../lib/events.js";

/** The page after Stripe confirmed cancel-at-period-end: the card says when the subscription
 * ends, and whatever opened this dialog (the card's Cancel button, the Free plan card's 'Switch
 * to Free') gives way to what follows instead. */
function showCanceling(card, dialog, subscription) {
  card.querySelector("[data-renews-line]")?.setAttribute("hidden", "");
  card.querySelector("[data-ends-line]")?.removeAttribute("hidden");
  card.querySelector("[data-canceling-badge]")?.removeAttribute("hidden");
  document.querySelectorAll(`[data-cancel-open="${dialog.id}"]`).forEach((el) => el.remove());
  document.querySelectorAll(`[data-after-cancel="${dialog.id}"]`).forEach((el) => el.removeAttribute("hidden"));
  const status = card.querySelector("[data-subscription-status]");
  if (status && subscription?.status) status.textContent = subscription.status;
}

/** One subscription's dialog: confirming cancels that subscription and updates its card. */
function initCancelDialog(dialog) {
  const card = dialog.closest("[data-subscription-card]");
  const confirm = dialog.querySelector("[data-cancel-confirm]");
  const error = dialog.querySelector("[data-cancel-error]");
  if (!card || !confirm || !error) return;
  const label = confirm.textContent;
  const showError = (message) => {
    error.textContent = message;
    error.hidden = !message;
  };
  dialog.addEventListener("close", () => showError(""));

  const keep = dialog.querySelector("[data-dialog-close]");
  const setBusy = (busy) => {
    dialog.setAttribute("aria-busy", String(busy)); // dialogs.js keeps it open meanwhile
    confirm.disabled = busy;
    if (keep) keep.disabled = busy;
    confirm.textContent = busy ? "Canceling..." : label;
  };

  confirm.addEventListener("click", async () => {
    showError("");
    setBusy(true);
    try {
      const data = await api(dialog.dataset.url, {
        method: "POST",
        json: { subscriptionId: dialog.dataset.subscriptionId },
      });
      setBusy(false);
      showCanceling(card, dialog, data.subscription);
      dialog.close();
      card.focus(); // the button that opened the dialog is gone
      toast("Subscription will be canceled at the end of the billing period");
    } catch (err) {
      const signedOut = err instanceof ApiError && (err.status === 401 || err.status === 403);
      // In the dialog, which stays open: a toast would be under its backdrop.
      showError(signedOut ? "Please sign in to cancel subscription" : "Failed to cancel subscription");
      setBusy(false);
      confirm.focus(); // the disabled button had lost it: Enter tries again
    }
  });
}

export function initCancelSubscription() {
  document.querySelectorAll("[data-cancel-dialog]").forEach(initCancelDialog);
}
