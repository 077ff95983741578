import { describe, expect, it } from "vitest";
import { wrapLines } from "./wrap.js";

// Every character is 10 units wide, so a box 100 wide holds 10 characters.
const measure = (line) => line.length * 10;

describe("wrapLines", () => {
  it("leaves text that fits on one line as it is", () => {
    expect(wrapLines("Summer sale", 200, measure)).toEqual(["Summer sale"]);
    expect(wrapLines("", 200, measure)).toEqual([""]);
  });

  it("breaks at the last space that fits, dropping the space", () => {
    expect(wrapLines("LIMITED OFFER: 50% OFF EVERYTHING", 150, measure)).toEqual(["LIMITED OFFER:", "50% OFF", "EVERYTHING"]);
  });

  it("fills a line to exactly the box width", () => {
    expect(wrapLines("abcd efghi jk", 100, measure)).toEqual(["abcd efghi", "jk"]);
  });

  it("drops a run of spaces at a break but keeps spaces inside a line", () => {
    expect(wrapLines("one  two     three", 80, measure)).toEqual(["one  two", "three"]);
  });

  it("keeps a paragraph's leading spaces and a last line's trailing spaces while they fit", () => {
    expect(wrapLines("  indented", 200, measure)).toEqual(["  indented"]);
    expect(wrapLines("Sale ", 200, measure)).toEqual(["Sale "]);
    expect(wrapLines("Sale now      ", 100, measure)).toEqual(["Sale now"]);
  });

  it("keeps the newlines the user typed, empty lines included, and wraps each paragraph", () => {
    expect(wrapLines("Glow\n\nVitamin C serum\r\nnow", 100, measure)).toEqual(["Glow", "", "Vitamin C", "serum", "now"]);
  });

  it("puts a word wider than the box on its own lines, cut by characters", () => {
    expect(wrapLines("Go https://glow.example.com/sale now", 100, measure)).toEqual([
      "Go",
      "https://gl",
      "ow.example",
      ".com/sale",
      "now",
    ]);
  });

  it("continues the line after the last piece of a cut word", () => {
    expect(wrapLines("abcdefghijkl mn op", 100, measure)).toEqual(["abcdefghij", "kl mn op"]);
  });

  it("never cuts inside an emoji or a letter with its combining accent", () => {
    const perGrapheme = (line) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(line)].length * 10;
    expect(wrapLines("👍🏽👍🏽👍🏽", 20, perGrapheme)).toEqual(["👍🏽👍🏽", "👍🏽"]);
    expect(wrapLines("e\u0301e\u0301e\u0301", 20, perGrapheme)).toEqual(["e\u0301e\u0301", "e\u0301"]);
  });

  it("gives a glyph wider than the box a line of its own rather than looping or dropping it", () => {
    expect(wrapLines("WWW", 5, measure)).toEqual(["W", "W", "W"]);
  });

  it("treats a no-break space as part of its word", () => {
    expect(wrapLines("50%\u00A0OFF today", 80, measure)).toEqual(["50%\u00A0OFF", "today"]);
  });

  it("measures with the caller's function, not the character count", () => {
    const wideCaps = (line) => [...line].reduce((sum, c) => sum + (c === c.toUpperCase() && c !== " " ? 20 : 10), 0);
    expect(wrapLines("AAAA aaaa", 80, wideCaps)).toEqual(["AAAA", "aaaa"]);
    expect(wrapLines("aaa aaaa", 80, wideCaps)).toEqual(["aaa aaaa"]);
  });
});
