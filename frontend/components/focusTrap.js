// Its own module so the progress overlay (shown at start) does not pull in the modal.
import { useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside `ref` while mounted, focuses its first control (or the container),
 * and gives focus back to where it was on close (unless focus moved elsewhere meanwhile). */
export function useFocusTrap(ref, { onEscape } = {}) {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    const previous = document.activeElement;
    const focusables = () => [...container.querySelectorAll(FOCUSABLE)];
    (container.querySelector("[data-autofocus]") || focusables()[0] || container).focus();
    const onKeyDown = (event) => {
      if (event.key === "Escape" && escape.current) {
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === first || !container.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    container.addEventListener("keydown", onKeyDown);
    return () => {
      container.removeEventListener("keydown", onKeyDown);
      // Only when nothing else took focus as the container closed: a result heading that
      // FocusWhenShown focused in the same commit keeps it.
      const current = document.activeElement;
      const unclaimed = !current || current === document.body || container.contains(current);
      if (unclaimed && previous && typeof previous.focus === "function" && document.contains(previous)) previous.focus();
    };
  }, [ref]);
}
