import { describe, expect, it } from "vitest";
import { formatCredits } from "./numbers.js";

describe("formatCredits", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1000, "1,000"],
    [12345, "12,345"],
    [1000000, "1,000,000"],
    [10000000, "10,000,000"],
    [-1500, "-1,500"],
  ])("writes %d as %s, the same as en-US", (n, text) => {
    expect(formatCredits(n)).toBe(text);
    expect(formatCredits(n)).toBe(n.toLocaleString("en-US"));
  });
});
