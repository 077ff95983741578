import { describe, expect, it } from "vitest";
import { initShellTitle } from "./shell-title.js";

// jsdom has no layout: each case sets the widths the browser would measure.
function shellTitle(text, { scrollWidth, clientWidth }) {
  const root = document.createElement("div");
  root.innerHTML = `<h1 data-shell-title class="truncate">${text}</h1>`;
  const title = root.querySelector("h1");
  Object.defineProperty(title, "scrollWidth", { value: scrollWidth });
  Object.defineProperty(title, "clientWidth", { value: clientWidth });
  initShellTitle(root);
  return title;
}

describe("initShellTitle", () => {
  it("gives a title cut short by its ellipsis the whole title as its tooltip", () => {
    const title = shellTitle(" Social Media Creative ", { scrollWidth: 168, clientWidth: 120 });
    expect(title.getAttribute("title")).toBe("Social Media Creative");
  });

  it("adds no tooltip to a title that fits", () => {
    const title = shellTitle("Dashboard", { scrollWidth: 80, clientWidth: 120 });
    expect(title.hasAttribute("title")).toBe(false);
  });
});
