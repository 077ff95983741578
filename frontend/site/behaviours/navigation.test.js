import { afterEach, describe, expect, it } from "vitest";
import { initNavigation } from "./navigation.js";

describe("placeholder links", () => {
  const heard = [];
  const listener = (event) => heard.push(event.detail);
  afterEach(() => {
    window.removeEventListener("adsmith:toast", listener);
    heard.length = 0;
  });

  it("go nowhere; one with a note says it on click (its tooltip never shows on a touch screen)", () => {
    window.addEventListener("adsmith:toast", listener);
    const root = document.createElement("div");
    root.innerHTML = `
      <button type="button" data-placeholder-link title="GitHub sign-in is not available yet"><svg></svg>GitHub</button>
      <a href="#" data-placeholder-link>Privacy Policy</a>`;
    initNavigation(root);

    const social = new MouseEvent("click", { bubbles: true, cancelable: true });
    root.querySelector("svg").dispatchEvent(social);
    const footer = new MouseEvent("click", { bubbles: true, cancelable: true });
    root.querySelector("a").dispatchEvent(footer);

    expect([social.defaultPrevented, footer.defaultPrevented]).toEqual([true, true]);
    expect(heard).toEqual([{ message: "GitHub sign-in is not available yet", kind: "info" }]);
  });
});
