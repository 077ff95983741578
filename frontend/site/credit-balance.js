// The shell's credit balance (top bar) in plain DOM rather than React: it is the only island
// on the dashboard and most shell pages, which then load no React at all.
import { api } from "../lib/api.js";
import { balanceRead, onCreditsChanged } from "../lib/events.js";
import { formatCredits } from "../lib/numbers.js";

const REFRESH_MS = 30_000; // documented: refreshed every 30 seconds
const REREAD_MS = 1_000; // documented: re-read 1 second after a change

/**
 * Shows the signed-in user's balance in `el` and keeps it current: re-read every 30 s while the
 * tab is visible, and once as soon as a hidden tab is shown again; on a creditsChanged() event
 * (lib/events.js) the new balance shows at once and the server is re-read 1 s later. A failed
 * read keeps the balance last shown (at first, the one the server rendered into the page): a
 * blip or a deploy must not tell a user with credits that they have none. Each balance read is
 * passed on to the page's islands (balanceRead).
 * Returns a function that stops the updates.
 */
export function mountCreditBalance(el, { url, initial = 0, label = "credits" }) {
  const amount = document.createElement("span");
  amount.className = "font-semibold tabular-nums";
  const display = document.createElement("span");
  display.dataset.testid = "credit-balance";
  display.setAttribute("aria-live", "polite");
  display.className = "whitespace-nowrap";
  // On a phone the top bar keeps room for the page title: the unit is for screen readers only.
  const unit = document.createElement("span");
  unit.className = "max-sm:sr-only";
  unit.textContent = ` ${label}`;
  display.append(amount, unit);
  el.replaceChildren(display);

  // The display is a polite live region: writing the same figure again (every 30 s) would
  // have screen readers read it out again.
  const show = (credits) => {
    const text = formatCredits(credits);
    if (amount.textContent !== text) amount.textContent = text;
  };
  const load = async () => {
    try {
      const data = await api(url);
      if (Number.isFinite(data?.credits)) {
        show(data.credits);
        balanceRead(data.credits);
      }
    } catch {
      // Unreachable or signed out: keep the balance last shown; the next read corrects it.
    }
  };
  let reread;
  const onChange = (balance) => {
    if (Number.isFinite(balance)) show(balance);
    clearTimeout(reread);
    reread = setTimeout(load, REREAD_MS);
  };

  // A hidden tab asks nothing; shown again, it reads at once and every 30 s from then on.
  const refresh = () => {
    if (!document.hidden) load();
  };
  let timer = setInterval(refresh, REFRESH_MS);
  const onVisibility = () => {
    if (document.hidden) return;
    clearInterval(timer);
    load();
    timer = setInterval(refresh, REFRESH_MS);
  };

  show(initial);
  const stopFollowingChanges = onCreditsChanged(onChange);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    clearInterval(timer);
    clearTimeout(reread);
    stopFollowingChanges();
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
