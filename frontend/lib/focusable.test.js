import { afterEach, describe, expect, it } from "vitest";
import { FOCUSABLE, focusablesIn, tabCycle } from "./focusable.js";

const tab = (shiftKey = false) => new KeyboardEvent("keydown", { key: "Tab", shiftKey, bubbles: true, cancelable: true });

function dialog(html) {
  document.body.innerHTML = `<button id="behind">Behind</button><div id="dialog" tabindex="-1">${html}</div>`;
  return document.getElementById("dialog");
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("FOCUSABLE", () => {
  it("leaves out what Tab skips: disabled controls, hidden inputs, tabindex -1 and links without href", () => {
    const container = dialog(`
      <a href="/billing">Billing</a><a>No href</a>
      <button>Keep</button><button disabled>Off</button>
      <input name="q"><input name="off" disabled><input type="hidden" name="token">
      <select name="s"></select><select name="off" disabled></select>
      <textarea name="t"></textarea><textarea name="off" disabled></textarea>
      <div tabindex="0">Card</div><div tabindex="-1">Heading</div>
    `);
    const reached = focusablesIn(container).map((el) => el.getAttribute("name") || el.textContent);
    expect(reached).toEqual(["Billing", "Keep", "q", "s", "t", "Card"]);
    expect(container.querySelector("button:disabled").matches(FOCUSABLE)).toBe(false);
  });
});

describe("tabCycle", () => {
  it.each([
    ["select", "<select disabled></select>"],
    ["textarea", "<textarea disabled></textarea>"],
    ["input", "<input disabled>"],
    ["button", "<button disabled>Confirm</button>"],
  ])("wraps Tab from the last control to the first when a disabled %s comes after it", (_, disabledLast) => {
    const container = dialog(`<button id="first">Close</button><input id="last">${disabledLast}`);
    document.getElementById("last").focus();
    const event = tab();
    tabCycle(container, event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement.id).toBe("first");

    const back = tab(true);
    tabCycle(container, back);
    expect(back.defaultPrevented).toBe(true);
    expect(document.activeElement.id).toBe("last");
  });

  it("leaves Tab between the first and last controls to the browser", () => {
    const container = dialog('<button id="first">Close</button><input id="middle"><button id="last">Save</button>');
    document.getElementById("middle").focus();
    const event = tab();
    tabCycle(container, event);
    expect(event.defaultPrevented).toBe(false);
    expect(document.activeElement.id).toBe("middle");
  });

  it("brings focus that is outside the container, or on the container itself, back in", () => {
    const container = dialog('<button id="first">Close</button><button id="last">Save</button>');
    document.getElementById("behind").focus();
    tabCycle(container, tab());
    expect(document.activeElement.id).toBe("first");
    container.focus();
    tabCycle(container, tab(true));
    expect(document.activeElement.id).toBe("last");
  });

  it("cycles through the controls it is given, and keeps Tab still when there are none", () => {
    const container = dialog('<button id="first">Close</button><button id="shown">Save</button><button id="off-screen">More</button>');
    document.getElementById("shown").focus();
    tabCycle(container, tab(), [document.getElementById("first"), document.getElementById("shown")]);
    expect(document.activeElement.id).toBe("first");

    const event = tab();
    tabCycle(container, event, []);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement.id).toBe("first");
  });
});
