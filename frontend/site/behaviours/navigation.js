import { toast } from "../../lib/events.js";

// 'Go Back' buttons (404 and friends) and the documented placeholder links that go nowhere. A
// placeholder with a note (the social sign-in buttons without keys) says it on click: its
// tooltip alone never shows on a touch screen.
export function initNavigation(root = document) {
  root.addEventListener("click", (event) => {
    if (event.target.closest("[data-go-back]")) {
      event.preventDefault();
      if (window.history.length > 1) window.history.back();
      else window.location.assign("/");
      return;
    }
    const placeholder = event.target.closest("[data-placeholder-link]");
    if (placeholder) {
      event.preventDefault();
      if (placeholder.title) toast(placeholder.title, "info");
    }
  });
}
