// /billing: confirming the cancel-subscription dialog (opened and closed by dialogs.js) asks
// the server to cancel at the period end, then updates the subscription card in place.
import { api, ApiError } from "../../lib/api.js";
import { toast } from "../../lib/events.js";

/** The subscription card after Stripe confirmed cancel-at-period-end. */
function showCanceling(card, subscription) {
  card.querySelector("[data-renews-line]")?.setAttribute("hidden", "");
  card.querySelector("[data-ends-line]")?.removeAttribute("hidden");
  card.querySelector("[data-canceling-badge]")?.removeAttribute("hidden");
  card.querySelector("[data-cancel-open]")?.remove();
  const status = card.querySelector("[data-subscription-status]");
  if (status && subscription?.status) status.textContent = subscription.status;
}

export function initCancelSubscription() {
  const dialog = document.querySelector("[data-cancel-dialog]");
  const card = document.querySelector("[data-subscription-card]");
  if (!dialog || !card) return;
  const confirm = dialog.querySelector("[data-cancel-confirm]");
  const label = confirm.textContent;

  confirm.addEventListener("click", async () => {
    confirm.disabled = true;
    confirm.textContent = "Canceling...";
    try {
      const data = await api(dialog.dataset.url, {
        method: "POST",
        json: { subscriptionId: dialog.dataset.subscriptionId },
      });
      showCanceling(card, data.subscription);
      dialog.close();
      card.focus(); // the button that opened the dialog is gone
      toast("Subscription will be canceled at the end of the billing period");
    } catch (err) {
      const signedOut = err instanceof ApiError && (err.status === 401 || err.status === 403);
      toast(signedOut ? "Please sign in to cancel subscription" : "Failed to cancel subscription", "error");
    } finally {
      confirm.disabled = false;
      confirm.textContent = label;
    }
  });
}
