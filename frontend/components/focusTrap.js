// Its own module so the progress overlay (shown at start) does not pull in the modal.
import { useEffect, useRef } from "react";
import { focusablesIn, tabCycle } from "../lib/focusable.js";

// The traps now open, in the order they opened. Keys pressed while focus has fallen out to
// <body> (the focused control was disabled or removed, or the backdrop was clicked) go to the
// innermost: the latest opened of those holding no other (a nested one opens first).
const openTraps = [];
const innermostTrap = () => openTraps.filter((c) => !openTraps.some((o) => o !== c && c.contains(o))).at(-1);

/** Keeps Tab inside `ref` while mounted, focuses its first control (or the container),
 * and gives focus back to where it was on close (unless focus moved elsewhere meanwhile).
 * Should focus fall to <body> meanwhile, Tab brings it back in and Escape still reaches the
 * dialog (its `onEscape`, or its own key handler). */
export function useFocusTrap(ref, { onEscape } = {}) {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    const previous = document.activeElement;
    (container.querySelector("[data-autofocus]") || focusablesIn(container)[0] || container).focus();
    const onKeyDown = (event) => {
      if (event.key === "Escape" && escape.current) {
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key === "Tab") tabCycle(container, event);
    };
    const onStrayKey = (event) => {
      if (innermostTrap() !== container) return;
      if (event.target !== document.body && event.target !== document.documentElement) return;
      if (event.key === "Tab") {
        event.preventDefault();
        const items = focusablesIn(container);
        (items.at(event.shiftKey ? -1 : 0) || container).focus();
      } else if (event.key === "Escape") {
        event.preventDefault();
        container.focus();
        container.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
      }
    };
    openTraps.push(container);
    container.addEventListener("keydown", onKeyDown);
    document.addEventListener("keydown", onStrayKey);
    return () => {
      openTraps.splice(openTraps.lastIndexOf(container), 1);
      container.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("keydown", onStrayKey);
      // Only when nothing else took focus as the container closed: a result heading that
      // FocusWhenShown focused in the same commit keeps it.
      const current = document.activeElement;
      const unclaimed = !current || current === document.body || container.contains(current);
      if (unclaimed && previous && typeof previous.focus === "function" && document.contains(previous)) previous.focus();
    };
  }, [ref]);
}
