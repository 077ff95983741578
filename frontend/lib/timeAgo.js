/** How long ago `then` (an ISO timestamp or a Date) was, in words for "… ago": "less than a
 * minute", "1 minute", "12 minutes", "3 hours", "2 days" — whole units, rounded down, so an
 * analysis from 59 minutes ago is not called an hour old. A time in the future (a clock a little
 * ahead of the server's) reads "less than a minute". */
export function timeAgo(then, now = Date.now()) {
  const seconds = Math.max(0, (now - new Date(then).getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return "less than a minute";
  const [count, unit] =
    seconds < 3600 ? [seconds / 60, "minute"] : seconds < 86400 ? [seconds / 3600, "hour"] : [seconds / 86400, "day"];
  const whole = Math.floor(count);
  return `${whole} ${unit}${whole === 1 ? "" : "s"}`;
}
