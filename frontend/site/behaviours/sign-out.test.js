import { afterEach, describe, expect, it } from "vitest";
import { draftKey, forgetAllDrafts } from "../../lib/draftKeys.js";
import { initSignOut } from "./sign-out.js";

describe("signing out", () => {
  afterEach(() => sessionStorage.clear());

  it("forgets every tool form's draft and remembered result, and nothing else in the tab", () => {
    sessionStorage.setItem(draftKey(7, "meta-copy"), '{"brand":"Glow"}');
    sessionStorage.setItem(draftKey(7, "meta-ads-full:scrape"), '{"websiteUrl":"glow.example"}');
    sessionStorage.setItem(draftKey(7, "meta-copy:result"), '{"id":5}');
    sessionStorage.setItem("something-else", "kept");
    document.body.innerHTML = `<form data-sign-out method="post" action="/signout"><button>Sign out</button></form>`;
    initSignOut(document);
    const form = document.querySelector("form");
    form.addEventListener("submit", (event) => event.preventDefault()); // jsdom cannot navigate
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(Object.keys(sessionStorage)).toEqual(["something-else"]);
  });

  it("leaves the drafts when another form is sent", () => {
    sessionStorage.setItem(draftKey(7, "meta-copy"), "{}");
    document.body.innerHTML = `<form><button>Save</button></form>`;
    initSignOut(document);
    const form = document.querySelector("form");
    form.addEventListener("submit", (event) => event.preventDefault());
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(sessionStorage.getItem(draftKey(7, "meta-copy"))).toBe("{}");
  });

  it("takes a storage that refuses as nothing to forget", () => {
    const refusing = {
      get length() {
        throw new Error("SecurityError");
      },
    };
    expect(() => forgetAllDrafts(refusing)).not.toThrow();
  });
});
