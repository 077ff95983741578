// Native modal dialogs: [data-dialog-open="<dialog id>"] opens one with showModal() (the rest
// of the page becomes inert; Escape closes it), [data-dialog-close] or a click on the backdrop
// closes it, and Tab cycles inside it. The browser returns focus to the opener on close.
const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

function trapFocus(dialog, event) {
  const items = [...dialog.querySelectorAll(FOCUSABLE)];
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export function initDialogs() {
  document.addEventListener("click", (event) => {
    const opener = event.target.closest("[data-dialog-open]");
    if (opener) {
      const dialog = document.getElementById(opener.dataset.dialogOpen);
      if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
      return;
    }
    if (event.target.closest("[data-dialog-close]")) {
      event.target.closest("dialog")?.close();
    } else if (event.target instanceof HTMLDialogElement && event.target.open) {
      event.target.close(); // the click landed on the backdrop, outside the dialog's content
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const dialog = document.querySelector("dialog[open]");
    if (dialog) trapFocus(dialog, event);
  });
}
