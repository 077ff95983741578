// The signed-in shell's sidebar as a drawer below the lg breakpoint: the menu button opens
// it, the X, the overlay, Escape or choosing a link close it. Focus moves into the drawer,
// stays there while it is open, and returns to the menu button. While open it is a modal
// dialog and the page behind it is inert, so a screen reader's cursor stays in it too.
import { keepTabInside } from "./focus-trap.js";

export function initDrawer() {
  const drawer = document.querySelector("[data-drawer]");
  const opener = document.querySelector("[data-drawer-open]");
  const overlay = document.querySelector("[data-drawer-overlay]");
  if (!drawer || !opener || !overlay) return;

  const behind = document.querySelectorAll("[data-drawer-behind]");
  const isOpen = () => drawer.hasAttribute("data-open");
  const markOpen = (open) => {
    drawer.toggleAttribute("data-open", open);
    overlay.hidden = !open;
    opener.setAttribute("aria-expanded", String(open));
    document.documentElement.classList.toggle("overflow-hidden", open);
    if (open) {
      drawer.setAttribute("role", "dialog");
      drawer.setAttribute("aria-modal", "true");
      drawer.setAttribute("aria-label", "Menu");
    } else {
      for (const name of ["role", "aria-modal", "aria-label"]) drawer.removeAttribute(name);
    }
    for (const element of behind) element.inert = open;
  };
  const setOpen = (open) => {
    markOpen(open);
    if (open) {
      // Next frame: the drawer must be visible (it is `invisible` while closed) to take focus.
      requestAnimationFrame(() => drawer.querySelector("[data-drawer-close]")?.focus());
    } else {
      opener.focus();
    }
  };

  opener.addEventListener("click", () => setOpen(true));
  overlay.addEventListener("click", () => setOpen(false));
  drawer.querySelector("[data-drawer-close]")?.addEventListener("click", () => setOpen(false));
  drawer.addEventListener("click", (event) => {
    if (isOpen() && event.target.closest("a[href]")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (!isOpen()) return;
    if (event.key === "Escape") {
      setOpen(false);
    } else if (event.key === "Tab") {
      keepTabInside(drawer, event);
    }
  });
  // Growing past the breakpoint while open: the sidebar is simply there, so drop the drawer state.
  window.matchMedia("(min-width: 64rem)").addEventListener("change", (event) => {
    if (event.matches && isOpen()) markOpen(false);
  });
}
