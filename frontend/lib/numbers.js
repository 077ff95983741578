/** `12345` → "12,345": credit amounts as the server's `intcomma` writes them.
 *
 * Not `toLocaleString("en-US")`: its first call loads the ICU number data, which took the
 * credit badge 35 ms on every page load (140 ms on a slow phone, a long task Lighthouse counts
 * as blocking). Integers need only the separators. */
export function formatCredits(n) {
  const sign = n < 0 ? "-" : "";
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+$)/g, ",");
}
