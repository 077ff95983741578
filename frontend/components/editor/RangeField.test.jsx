import { describe, expect, it } from "vitest";
import { typedNumber } from "./RangeField.jsx";

describe("typedNumber", () => {
  it("keeps a number in range as typed", () => {
    expect(typedNumber("48", 12, 120)).toBe(48);
    expect(typedNumber(" 0.5 ", 0, 1)).toBe(0.5);
    expect(typedNumber("-15", -180, 180)).toBe(-15);
  });

  it("brings a number out of range to the nearest bound", () => {
    expect(typedNumber("150", 12, 120)).toBe(120);
    expect(typedNumber("5", 12, 120)).toBe(12);
    expect(typedNumber("-400", -180, 180)).toBe(-180);
    expect(typedNumber("1e3", 0, 100)).toBe(100);
  });

  it("gives nothing for an empty box or text that is not a number", () => {
    expect(typedNumber("", 12, 120)).toBeNull();
    expect(typedNumber("   ", 12, 120)).toBeNull();
    expect(typedNumber("abc", 12, 120)).toBeNull();
    expect(typedNumber("-", 12, 120)).toBeNull();
    expect(typedNumber(undefined, 12, 120)).toBeNull();
  });
});
