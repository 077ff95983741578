// A page's figures that follow the balance — the dashboard's welcome line and each tool card's
// bar and its Use Tool / Need Credits link, Billing's and Usage's "credits remaining" — kept in
// step with the top bar, which re-reads the balance every 30 s (site/credit-balance.js). The
// page itself is rendered once: without this a grant or a purchase in another tab showed one
// balance in the top bar and another, with 'Need Credits', below it.
import { onBalanceRead } from "../../lib/events.js";
import { formatCredits } from "../../lib/numbers.js";

function showCard(card, balance) {
  const cost = Number(card.dataset.toolCost);
  const affordable = balance >= cost;
  const progress = card.querySelector("progress");
  progress.value = Math.min(balance, cost);
  progress.toggleAttribute("data-short", !affordable);
  progress.setAttribute("aria-label", `${card.dataset.toolTitle}: ${balance} credits available, ${cost} needed`);
  card.querySelector("[data-tool-progress]").textContent = formatCredits(Math.min(balance, cost));
  const [shown, hidden] = affordable
    ? [card.querySelector("[data-when-affordable]"), card.querySelector("[data-when-short]")]
    : [card.querySelector("[data-when-short]"), card.querySelector("[data-when-affordable]")];
  const hadFocus = document.activeElement === hidden;
  shown.hidden = false;
  hidden.hidden = true;
  if (hadFocus) shown.focus(); // a keyboard user on the link that went keeps their place
}

/** Returns the function that stops following the balance (none on pages without the figures). */
export function initBalanceFigures(root = document) {
  const figures = [...root.querySelectorAll("[data-balance-credits]")];
  const cards = [...root.querySelectorAll("[data-tool-cost]")];
  if (!figures.length && !cards.length) return () => {};
  return onBalanceRead((balance) => {
    if (!Number.isFinite(balance)) return;
    for (const figure of figures) figure.textContent = formatCredits(balance);
    for (const card of cards) showCard(card, balance);
  });
}
