import { useEffect, useState } from "react";

/** The balance this page shows, kept in step with creditsChanged() events and with every
 * balance the shell reads from the server (every 30 s, and 1 s after a change) — so a balance
 * that changed elsewhere (another tab, a refused spend) reaches the page and its submit button. */
export function useBalance(initial) {
  const [balance, setBalance] = useState(initial);
  useEffect(() => {
    const onChange = (event) => {
      const next = event.detail?.balance;
      if (Number.isFinite(next)) setBalance(next);
    };
    window.addEventListener("adsmith:credits", onChange);
    window.addEventListener("adsmith:balance", onChange);
    return () => {
      window.removeEventListener("adsmith:credits", onChange);
      window.removeEventListener("adsmith:balance", onChange);
    };
  }, []);
  return balance;
}
