// What Tab reaches, for the focus traps: the site's dialogs and drawer
// (site/behaviours/focus-trap.js) and the islands' dialogs (components/focusTrap.js). No React:
// the site's pages use it without loading any.

// The browser's Tab skips a disabled control, so a trap must not count one as its first or
// last: focus would then leave the dialog from the real last control instead of wrapping.
// ([disabled] rather than :disabled: jsdom, which the unit tests run in, returns the matches of
// a list using :disabled out of document order.)
export const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  'input:not([disabled]):not([type="hidden"])',
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"]):not([disabled])',
].join(", ");

/** The controls inside `container` that Tab can reach, in document order. */
export function focusablesIn(container) {
  return [...container.querySelectorAll(FOCUSABLE)];
}

/**
 * Keeps a Tab keydown inside `container`: Tab on its last control wraps to the first, Shift+Tab
 * on the first to the last; with focus outside it (fallen to the page) or on the container
 * itself, Tab enters at the first and Shift+Tab at the last. Anywhere else the browser moves focus as usual. With nothing to
 * focus, the key does nothing. `items` are the controls to cycle through (by default every
 * focusable one inside).
 */
export function tabCycle(container, event, items = focusablesIn(container)) {
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = active === container || !container.contains(active);
  if (event.shiftKey && (outside || active === items[0])) {
    event.preventDefault();
    items.at(-1).focus();
  } else if (!event.shiftKey && (outside || active === items.at(-1))) {
    event.preventDefault();
    items[0].focus();
  }
}
