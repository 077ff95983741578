import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";

const REFRESH_MS = 30_000; // documented: refreshed every 30 seconds
const REREAD_MS = 1_000; // documented: re-read 1 second after a change

/** The signed-in user's balance. Read failures show 0 rather than breaking the page. */
export default function CreditBalance({ url, initial = 0, label = "credits" }) {
  const [credits, setCredits] = useState(initial);
  const reread = useRef(null);

  const load = useCallback(async () => {
    try {
      const data = await api(url);
      setCredits(Number.isFinite(data?.credits) ? data.credits : 0);
    } catch {
      setCredits(0);
    }
  }, [url]);

  useEffect(() => {
    const timer = setInterval(load, REFRESH_MS);
    const onChange = (event) => {
      const balance = event.detail?.balance;
      if (Number.isFinite(balance)) setCredits(balance);
      clearTimeout(reread.current);
      reread.current = setTimeout(load, REREAD_MS);
    };
    window.addEventListener("adsmith:credits", onChange);
    return () => {
      clearInterval(timer);
      clearTimeout(reread.current);
      window.removeEventListener("adsmith:credits", onChange);
    };
  }, [load]);

  return (
    <span data-testid="credit-balance" aria-live="polite" className="whitespace-nowrap">
      <span className="font-semibold tabular-nums">{credits.toLocaleString("en-US")}</span> {label}
    </span>
  );
}
