import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keepTabInside } from "./focus-trap.js";

const tab = (shiftKey = false) => new KeyboardEvent("keydown", { key: "Tab", shiftKey, bubbles: true, cancelable: true });

// jsdom lays nothing out, so offsetParent is always null there; here an element is "on screen"
// unless it or an ancestor is `hidden`, as display:none would make it in a browser.
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetParent");
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, "offsetParent", {
    configurable: true,
    get() {
      return this.closest("[hidden]") ? null : this.parentElement;
    },
  });
});
afterEach(() => {
  Object.defineProperty(HTMLElement.prototype, "offsetParent", offsetParent);
  document.body.innerHTML = "";
});

describe("the site's focus trap (dialogs, drawer)", () => {
  it("wraps Tab from the last control to the first when the dialog ends in a disabled select or textarea", () => {
    document.body.innerHTML = `
      <dialog open id="cancel">
        <button id="keep">Keep Subscription</button>
        <button id="confirm">Cancel Subscription</button>
        <select disabled><option>Reason</option></select>
        <textarea disabled></textarea>
      </dialog>`;
    const dialog = document.getElementById("cancel");
    document.getElementById("confirm").focus();
    const event = tab();
    keepTabInside(dialog, event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement.id).toBe("keep");

    keepTabInside(dialog, tab(true));
    expect(document.activeElement.id).toBe("confirm");
  });

  it("skips controls that are not on screen", () => {
    document.body.innerHTML = `
      <nav id="drawer">
        <button id="close">Close menu</button>
        <a id="last" href="/history">History</a>
        <div hidden><a href="/admin">Admin</a></div>
      </nav>`;
    document.getElementById("last").focus();
    keepTabInside(document.getElementById("drawer"), tab());
    expect(document.activeElement.id).toBe("close");
  });
});
