import { useEffect, useState } from "react";

/** The balance this page shows, kept in step with creditsChanged() events. */
export function useBalance(initial) {
  const [balance, setBalance] = useState(initial);
  useEffect(() => {
    const onChange = (event) => {
      const next = event.detail?.balance;
      if (Number.isFinite(next)) setBalance(next);
    };
    window.addEventListener("adsmith:credits", onChange);
    return () => window.removeEventListener("adsmith:credits", onChange);
  }, []);
  return balance;
}
