// What a page keeps in the tab's sessionStorage across a reload or Back: the forms' drafts, the
// run it follows, the result it shows, Meta Ads Full's analysis put aside. Storage that refuses
// (a private window, a full quota, a blocked storage) means nothing is kept: reads answer null
// and writes do nothing, never an error the page would have to handle.

/** The text kept under `key`, or null. */
export function readTab(key) {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The value kept as JSON under `key`, or null; one that does not parse is forgotten. */
export function readTabJSON(key) {
  const text = readTab(key);
  try {
    return JSON.parse(text); // null when there is none
  } catch {
    forgetTab(key);
    return null;
  }
}

/** Keeps `value` under `key`: a string as it is, anything else as JSON. */
export function keepInTab(key, value) {
  try {
    sessionStorage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  } catch {
    // Refused: nothing is kept.
  }
}

export function forgetTab(key) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Refused: nothing was kept.
  }
}
