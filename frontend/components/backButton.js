// The browser's (and Android's) Back closes a full-screen dialog instead of leaving the page
// under it: phone users close sheets with the Back gesture, and leaving the page would throw
// away whatever the dialog holds. Its own small module, outside the editor's chunk: the
// editor's stand-in (shown before that code is here) owns the entry too.
import { useEffect, useLayoutEffect, useRef } from "react";

// Our entry's mark in history.state, with a number telling one opening from the next.
const MARK = "adsmithDialog";

// The dialogs now open, in the order they opened; Back goes to the latest.
const owners = [];
let ourEntry = null; // the mark of our entry while it is the current one
let popping = false; // our history.back() is on its way (it is asynchronous)
let settling = false;
let listening = false;
let openings = 0;

const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Brings the history in line with the owners: one entry of ours on top of the page's while
 * any is open, none once all are closed. */
function settle() {
  settling = false;
  // A push now would be the one the pending back() then takes off.
  if (popping) return;
  if (owners.length && ourEntry === null) {
    openings += 1;
    ourEntry = openings;
    const state = window.history.state;
    // Same URL, and the page's own state kept, so the page under the dialog is unchanged.
    window.history.pushState({ ...(isPlainObject(state) ? state : {}), [MARK]: ourEntry }, "");
  } else if (!owners.length && ourEntry !== null) {
    // Only if ours is still the current entry (nothing was pushed over it): back() must
    // never take the user anywhere but the page's own entry.
    const current = window.history.state?.[MARK] === ourEntry;
    ourEntry = null;
    if (current) {
      popping = true;
      window.history.back();
    }
  }
}

// One microtask after a change, so that a dialog taking another's place in one commit (the
// editor its stand-in) and React StrictMode's mount, unmount and mount again keep the one
// entry instead of popping it and pushing another.
function settleSoon() {
  if (settling) return;
  settling = true;
  queueMicrotask(settle);
}

function onPopState() {
  if (popping) {
    // Our own back() has landed: whatever opened meanwhile gets its entry now.
    popping = false;
    settle();
    return;
  }
  // Not from our entry (a stale one of ours reached with Forward, say): nothing to do.
  if (ourEntry === null) return;
  // Back took the page off our entry: the dialog on top decides. Pushed again at once when it
  // stays open, so that the next Back comes here too.
  ourEntry = null;
  const stays = owners.at(-1)?.onBack.current?.();
  if (stays) settle();
}

/**
 * While the calling dialog is mounted the page has one history entry of its own (same URL)
 * on top of the page's, pushed as it opens and taken off as it closes by any other means, so
 * the page's own Back works as before afterwards. Back calls `onBack()`, which returns true
 * when the dialog stays open (it asked a question first, or is busy) and false when it closes.
 *
 * Chrome marks a page's entries skippable when it pushes one without a user activation since
 * the last Back, so the push after a Back that keeps the dialog open is: until the user next
 * taps or types, a second Back leaves the page (the editor guards that with beforeunload).
 */
export function useBackButton(onBack) {
  const latest = useRef(onBack);
  useLayoutEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    if (!listening) {
      window.addEventListener("popstate", onPopState);
      listening = true;
    }
    const owner = { onBack: latest };
    owners.push(owner);
    settleSoon();
    return () => {
      owners.splice(owners.lastIndexOf(owner), 1);
      settleSoon();
    };
  }, []);
}
