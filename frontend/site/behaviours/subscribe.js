// Subscribe buttons on the plan cards (landing pricing and /billing). The card carries what
// the server knows: the checkout URL with the user attached (client_reference_id and
// prefilled_email), whether the plan is free, or sold through sales ('#' link).
import { toast } from "../../lib/events.js";

/** What clicking Subscribe on `card` does: a toast, and maybe a URL to open in a new tab. */
export function subscribeOutcome(card) {
  if (!card || !card.dataset.planId) return { message: "Plan not found", kind: "error" };
  if (card.dataset.planFree !== undefined) return { message: "You are already on the free plan", kind: "info" };
  if (card.dataset.contactSales !== undefined) {
    return card.dataset.salesEmail
      ? { message: "Opening an e-mail to our sales team...", kind: "info", open: `mailto:${card.dataset.salesEmail}` }
      : { message: "Please contact sales to subscribe to this plan", kind: "info" };
  }
  const url = card.dataset.checkoutUrl;
  if (!url) return { message: "Payment link not available", kind: "error" };
  return { message: "Redirecting to Stripe checkout...", kind: "success", open: url };
}

export function initSubscribe() {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-subscribe]");
    if (!button) return;
    event.preventDefault();
    const id = button.dataset.planId;
    const card = [...document.querySelectorAll("[data-plan-card]")].find((c) => id && c.dataset.planId === id);
    const outcome = subscribeOutcome(card);
    toast(outcome.message, outcome.kind);
    if (outcome.open?.startsWith("mailto:")) window.location.href = outcome.open;
    else if (outcome.open) window.open(outcome.open, "_blank", "noopener");
  });
}
