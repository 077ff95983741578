// Native modal dialogs: [data-dialog-open="<dialog id>"] opens one with showModal() (the rest
// of the page becomes inert; Escape closes it), [data-dialog-close] or a click on the backdrop
// closes it, and Tab cycles inside it. The browser returns focus to the opener on close. A dialog
// marked aria-busy="true" (its action is on its way) stays open until the answer comes.
import { keepTabInside } from "./focus-trap.js";

export function initDialogs() {
  document.addEventListener("click", (event) => {
    const opener = event.target.closest("[data-dialog-open]");
    if (opener) {
      const dialog = document.getElementById(opener.dataset.dialogOpen);
      if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
      return;
    }
    const dialog = event.target.closest("dialog");
    if (!dialog || isBusy(dialog)) return;
    if (event.target.closest("[data-dialog-close]")) {
      dialog.close();
    } else if (event.target === dialog && dialog.open) {
      dialog.close(); // the click landed on the backdrop, outside the dialog's content
    }
  });
  // Escape
  document.addEventListener(
    "cancel",
    (event) => {
      if (event.target instanceof HTMLDialogElement && isBusy(event.target)) event.preventDefault();
    },
    true,
  );
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const dialog = document.querySelector("dialog[open]");
    if (dialog) keepTabInside(dialog, event);
  });
}

const isBusy = (dialog) => dialog.getAttribute("aria-busy") === "true";
