// The reader's UTC offset, for the dates the server writes (the dashboard's days, billing
// dates): a `tz_offset` cookie in minutes east of UTC, read by config/time_zones.py. Written
// only when it changed, so an ordinary page load sets nothing.
//
// The offset, not the zone's name: naming the zone (Intl.DateTimeFormat) loads ICU's date data,
// 50-90 ms on every first page load, for a difference only near midnight on the days clocks
// change.
export const TZ_COOKIE = "tz_offset";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberTimeZone(doc = document, now = new Date()) {
  const offset = String(-now.getTimezoneOffset());
  const current = doc.cookie.split("; ").find((pair) => pair.startsWith(`${TZ_COOKIE}=`));
  if (current === `${TZ_COOKIE}=${offset}`) return;
  const secure = doc.location?.protocol === "https:" ? "; secure" : "";
  doc.cookie = `${TZ_COOKIE}=${offset}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
}
