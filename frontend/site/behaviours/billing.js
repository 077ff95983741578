// /billing: the cancel-subscription confirmation dialog. A native modal <dialog> (the rest of
// the page is inert while it is open, Escape closes it); Tab is kept inside it as well, and
// focus returns to the button that opened it.
import { api, ApiError } from "../../lib/api.js";
import { toast } from "../../lib/events.js";

const FOCUSABLE = "button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

function trapFocus(dialog, event) {
  if (event.key !== "Tab") return;
  const items = [...dialog.querySelectorAll(FOCUSABLE)];
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

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
  const opener = document.querySelector("[data-cancel-open]");
  const card = document.querySelector("[data-subscription-card]");
  if (!dialog || !opener || !card) return;
  const confirm = dialog.querySelector("[data-cancel-confirm]");
  const label = confirm.textContent;

  opener.addEventListener("click", () => dialog.showModal());
  dialog.querySelector("[data-cancel-dismiss]").addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (event) => trapFocus(dialog, event));
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a click on the backdrop
  });
  // Focus goes back to the opener, or to the card once the opener is gone (after a cancel).
  dialog.addEventListener("close", () => (document.querySelector("[data-cancel-open]") || card).focus());

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
