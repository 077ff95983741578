import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetTab, keepInTab, readTab, readTabJSON } from "./tabStorage.js";

afterEach(() => vi.restoreAllMocks());

describe("the tab's storage", () => {
  it("keeps text as it is and anything else as JSON, and forgets", () => {
    keepInTab("a", "7");
    keepInTab("b", { id: 7 });
    expect([readTab("a"), readTabJSON("b")]).toEqual(["7", { id: 7 }]);
    forgetTab("a");
    expect(readTab("a")).toBeNull();
  });

  it("forgets a value that does not parse", () => {
    sessionStorage.setItem("c", "{not json");
    expect(readTabJSON("c")).toBeNull();
    expect(sessionStorage.getItem("c")).toBeNull();
  });

  it("keeps nothing, and never throws, when the storage refuses", () => {
    for (const method of ["getItem", "setItem", "removeItem"]) {
      vi.spyOn(Storage.prototype, method).mockImplementation(() => {
        throw new DOMException("refused", "SecurityError");
      });
    }
    expect(() => keepInTab("d", { id: 1 })).not.toThrow();
    expect(() => forgetTab("d")).not.toThrow();
    expect([readTab("d"), readTabJSON("d")]).toEqual([null, null]);
  });
});
