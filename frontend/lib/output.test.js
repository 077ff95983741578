import { describe, expect, it } from "vitest";
import { fieldText, outputParts, outputText } from "./output.js";

describe("fieldText", () => {
  it("keeps text as it is and writes anything else as JSON, never [object Object]", () => {
    expect(fieldText("Glow Serum")).toBe("Glow Serum");
    expect(fieldText(29)).toBe("29");
    expect(fieldText(true)).toBe("true");
    expect(fieldText(["serum", "toner"])).toBe('["serum","toner"]');
    expect(fieldText({ city: "Lisbon", open: true })).toBe('{"city":"Lisbon","open":true}');
    expect(fieldText(null)).toBe("");
    expect(fieldText(undefined)).toBe("");
  });
});

describe("outputParts and outputText", () => {
  const scrape = { fields: { Brand: "Glow", Products: ["serum", "toner"], Address: { city: "Lisbon" } } };

  it("give every reader the same text for a scrape field", () => {
    expect(outputParts(scrape).fields).toEqual([
      ["Brand", "Glow"],
      ["Products", '["serum","toner"]'],
      ["Address", '{"city":"Lisbon"}'],
    ]);
    expect(outputText(outputParts(scrape))).toBe('Brand: Glow\n\nProducts: ["serum","toner"]\n\nAddress: {"city":"Lisbon"}');
  });

  it("find a creative's image in the older output shapes, else in an image file", () => {
    expect(outputParts({ creativeImage: "/files/a.png" }).image).toBe("/files/a.png");
    expect(outputParts({ data: [{ image: "/files/b.png" }] }).image).toBe("/files/b.png");
    expect(outputParts({}, "/files/generation-history/1/c.png").image).toBe("/files/generation-history/1/c.png");
    expect(outputParts({}, "/files/generation-history/1/c.txt").empty).toBe(true);
  });
});
