import { afterEach, describe, expect, it } from "vitest";
import { TZ_COOKIE, rememberTimeZone } from "./time-zone.js";

function cookieValue() {
  return document.cookie
    .split("; ")
    .find((pair) => pair.startsWith(`${TZ_COOKIE}=`))
    ?.split("=")[1];
}

// A Date whose zone is fixed: getTimezoneOffset() is minutes *behind* UTC (480 in Los Angeles).
const at = (behind) => ({ getTimezoneOffset: () => behind });

describe("rememberTimeZone", () => {
  afterEach(() => {
    document.cookie = `${TZ_COOKIE}=; path=/; max-age=0`;
  });

  it("stores the offset in minutes east of UTC", () => {
    rememberTimeZone(document, at(480));
    expect(cookieValue()).toBe("-480");
    rememberTimeZone(document, at(-840)); // Kiritimati, UTC+14
    expect(cookieValue()).toBe("840");
    rememberTimeZone(document, at(-330)); // Kolkata, UTC+5:30
    expect(cookieValue()).toBe("330");
  });

  it("writes nothing when the offset is unchanged", () => {
    rememberTimeZone(document, at(0));
    const writes = [];
    const doc = {
      get cookie() {
        return document.cookie;
      },
      set cookie(value) {
        writes.push(value);
      },
      location: { protocol: "http:" },
    };
    rememberTimeZone(doc, at(0));
    expect(writes).toEqual([]);
    rememberTimeZone(doc, at(60));
    expect(writes).toEqual([`${TZ_COOKIE}=-60; path=/; max-age=31536000; samesite=lax`]);
  });

  it("marks the cookie secure on https", () => {
    const writes = [];
    const doc = { cookie: "", location: { protocol: "https:" } };
    Object.defineProperty(doc, "cookie", { get: () => "", set: (value) => writes.push(value) });
    rememberTimeZone(doc, at(0));
    expect(writes[0]).toMatch(/; secure$/);
  });
});
