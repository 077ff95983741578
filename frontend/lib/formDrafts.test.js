import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftKey, restoredValues, useFormDraft } from "./formDrafts.js";

// A schema in the shape services/schema.py sends: a field of each kind a draft keeps.
const schema = {
  sections: [
    {
      title: "Product",
      fields: [
        { name: "brand", type: "text", default: "" },
        { name: "productDescription", type: "textarea", default: "" },
        { name: "copyStructure", type: "select", required: true, default: "AIDA", options: [{ value: "AIDA" }, { value: "PAS" }] },
        { name: "niche", type: "select", required: true, default: "", options: [{ value: "Fashion" }] },
        { name: "versions", type: "number", required: true, default: 3 },
        { name: "primaryColor", type: "color", default: "" },
        { name: "productImage", type: "image", default: "" },
        { name: "scrapeId", type: "hidden", default: "" },
      ],
    },
  ],
};
const defaults = { brand: "", productDescription: "", copyStructure: "AIDA", niche: "", versions: 3, primaryColor: "", productImage: "", scrapeId: "" };
const KEY = draftKey(7, "meta-copy");

const stored = () => JSON.parse(sessionStorage.getItem(KEY));

describe("restoredValues", () => {
  it("is the defaults when there is no draft", () => {
    expect(restoredValues(KEY, schema)).toEqual(defaults);
  });

  it("puts the draft's text, choices, numbers, colours and uploaded images over the defaults", () => {
    const draft = { brand: "Glow", copyStructure: "PAS", niche: "Fashion", versions: "2", primaryColor: "#59F7FF", productImage: "/files/products/7/serum.png" };
    sessionStorage.setItem(KEY, JSON.stringify(draft));
    expect(restoredValues(KEY, schema)).toEqual({ ...defaults, ...draft });
  });

  it("drops what does not fit the schema: unknown fields, wrong types, choices no longer offered, hidden fields", () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({
        brand: "Glow",
        oldField: "gone since the last deployment",
        productDescription: { text: "an object" },
        copyStructure: "FAB", // no longer offered
        niche: "", // none chosen: this select offers that
        versions: true,
        primaryColor: 12,
        scrapeId: "41", // the page's, not typed
        csrfmiddlewaretoken: "x",
      }),
    );
    expect(restoredValues(KEY, schema)).toEqual({ ...defaults, brand: "Glow" });
  });

  it("does not take 'none chosen' for a choice the form always has one for", () => {
    sessionStorage.setItem(KEY, JSON.stringify({ copyStructure: "" }));
    expect(restoredValues(KEY, schema).copyStructure).toBe("AIDA");
  });

  it("forgets a draft that does not parse, or is not a form's values", () => {
    sessionStorage.setItem(KEY, "{not json");
    expect(restoredValues(KEY, schema)).toEqual(defaults);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    sessionStorage.setItem(KEY, JSON.stringify(["Glow"]));
    expect(restoredValues(KEY, schema)).toEqual(defaults);
  });

  it("keeps each user's and each form's drafts apart", () => {
    sessionStorage.setItem(draftKey(8, "meta-copy"), JSON.stringify({ brand: "Someone else's" }));
    sessionStorage.setItem(draftKey(7, "social-media-copy"), JSON.stringify({ brand: "Another form's" }));
    expect(restoredValues(KEY, schema).brand).toBe("");
  });
});

describe("useFormDraft", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function form(initial = defaults) {
    return renderHook(({ values }) => useFormDraft(KEY, schema, values), { initialProps: { values: initial } });
  }

  it("writes the form's values once typing pauses, not on every keystroke", () => {
    const writes = vi.spyOn(Storage.prototype, "setItem");
    const hook = form();
    for (const brand of ["G", "Gl", "Glo", "Glow"]) {
      hook.rerender({ values: { ...defaults, brand } });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(writes).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(400));
    expect(writes).toHaveBeenCalledTimes(1);
    const typed = { ...defaults, brand: "Glow" };
    delete typed.scrapeId; // the page's, never kept
    expect(stored()).toEqual(typed);
  });

  it("writes at once when the page is left before typing pauses", () => {
    const hook = form();
    hook.rerender({ values: { ...defaults, brand: "Glow", versions: "2" } });
    window.dispatchEvent(new Event("pagehide"));
    expect(stored()).toMatchObject({ brand: "Glow", versions: "2" });
  });

  it("keeps form values only: no hidden field, nothing the schema does not name", () => {
    const hook = form();
    hook.rerender({ values: { ...defaults, brand: "Glow", scrapeId: 41, balance: 100 } });
    act(() => vi.advanceTimersByTime(400));
    expect(stored()).not.toHaveProperty("scrapeId");
    expect(stored()).not.toHaveProperty("balance");
  });

  it("does not write the values the form started with", () => {
    const writes = vi.spyOn(Storage.prototype, "setItem");
    form();
    act(() => vi.advanceTimersByTime(1000));
    window.dispatchEvent(new Event("pagehide"));
    expect(writes).not.toHaveBeenCalled();
  });

  it("takes storage that refuses (a private window, a full quota) as no draft, without an error", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    vi.spyOn(Storage.prototype, "removeItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(restoredValues(KEY, schema)).toEqual(defaults);
    const hook = form();
    hook.rerender({ values: { ...defaults, brand: "Glow" } });
    expect(() => act(() => vi.advanceTimersByTime(400))).not.toThrow();
    expect(() => window.dispatchEvent(new Event("pagehide"))).not.toThrow();
  });
});
