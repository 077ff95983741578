import { describe, expect, it } from "vitest";
import { timeAgo } from "./timeAgo.js";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const before = (seconds) => new Date(NOW - seconds * 1000).toISOString();

describe("timeAgo", () => {
  it.each([
    [0, "less than a minute"],
    [59, "less than a minute"],
    [60, "1 minute"],
    [119, "1 minute"],
    [12 * 60 + 30, "12 minutes"],
    [59 * 60 + 59, "59 minutes"],
    [3600, "1 hour"],
    [3 * 3600 + 1800, "3 hours"],
    [86400, "1 day"],
    [3 * 86400, "3 days"],
  ])("says %i seconds ago is %s ago", (seconds, words) => {
    expect(timeAgo(before(seconds), NOW)).toBe(words);
  });

  it("calls a time a little in the future, or an unreadable one, less than a minute ago", () => {
    expect(timeAgo(before(-30), NOW)).toBe("less than a minute");
    expect(timeAgo("not a date", NOW)).toBe("less than a minute");
  });
});
