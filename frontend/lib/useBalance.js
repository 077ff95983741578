import { useEffect, useState } from "react";
import { onBalanceRead, onCreditsChanged } from "./events.js";

/** The balance this page shows, kept in step with creditsChanged() events and with every
 * balance the shell reads from the server (every 30 s, and 1 s after a change) — so a balance
 * that changed elsewhere (another tab, a refused spend) reaches the page and its submit button. */
export function useBalance(initial) {
  const [balance, setBalance] = useState(initial);
  useEffect(() => {
    const follow = (next) => {
      if (Number.isFinite(next)) setBalance(next);
    };
    const stops = [onCreditsChanged(follow), onBalanceRead(follow)];
    return () => stops.forEach((stop) => stop());
  }, []);
  return balance;
}
