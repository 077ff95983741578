import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initDialogs } from "./dialogs.js";

beforeAll(() => initDialogs());

function render(busy) {
  document.body.innerHTML = `
    <dialog id="d" open ${busy ? 'aria-busy="true"' : ""}>
      <button type="button" data-dialog-close>Keep</button>
    </dialog>`;
  const dialog = document.getElementById("d");
  dialog.close = vi.fn(); // jsdom has no modal dialogs
  return dialog;
}

describe("site dialogs", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("close from their close buttons, the backdrop and Escape", () => {
    const dialog = render(false);
    dialog.querySelector("[data-dialog-close]").click();
    dialog.click(); // the backdrop
    const escape = new Event("cancel", { cancelable: true });
    dialog.dispatchEvent(escape);
    expect(dialog.close).toHaveBeenCalledTimes(2);
    expect(escape.defaultPrevented).toBe(false);
  });

  it("stay open while busy (aria-busy: their action is on its way)", () => {
    const dialog = render(true);
    dialog.querySelector("[data-dialog-close]").click();
    dialog.click();
    const escape = new Event("cancel", { cancelable: true });
    dialog.dispatchEvent(escape);
    expect(dialog.close).not.toHaveBeenCalled();
    expect(escape.defaultPrevented).toBe(true);
  });
});
