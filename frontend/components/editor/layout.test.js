import { describe, expect, it } from "vitest";
import { blockCorners, clientToNatural, fontString, hitTest, layoutElement, LINE_HEIGHT } from "./layout.js";
import { createTextElement } from "./model.js";

// Every character is half an em wide: easy numbers, same math as the browser's.
const measure = (text, font) => text.length * Number(font.match(/(\d+)px/)[1]) * 0.5;
const size = { width: 1000, height: 500 };

describe("layoutElement", () => {
  it("centres the default element on the middle of the image", () => {
    const l = layoutElement(createTextElement("t1"), size, measure);
    expect([l.anchorX, l.anchorY]).toEqual([500, 250]);
    expect(l.halfW).toBe(("Your Text Here".length * 32 * 0.5) / 2);
    expect(l.halfH).toBe((32 * LINE_HEIGHT) / 2);
    expect(l.lines).toEqual([{ text: "Your Text Here", x: 0, y: 0, width: 224 }]);
  });

  it("uses natural-pixel font sizes and the bundled face", () => {
    const el = createTextElement("t1", { fontSize: 48, fontFamily: "Lobster", fontStyle: "italic", fontWeight: "normal" });
    expect(fontString(el)).toBe('italic 400 48px "Overlay Lobster", sans-serif');
    expect(fontString(createTextElement("t2", { fontFamily: "Lora" }))).toBe('normal 700 32px "Overlay Lora", serif');
  });

  it("stacks lines around the anchor and aligns them inside the block", () => {
    const el = createTextElement("t1", { text: "ab\nabcd", fontSize: 20, textAlign: "left", x: 10, y: 20 });
    const l = layoutElement(el, size, measure);
    expect([l.anchorX, l.anchorY]).toEqual([100, 100]);
    expect(l.halfW).toBe(20); // widest line: 4 chars * 10px = 40
    expect(l.lines.map((line) => [line.x, line.y])).toEqual([
      [-20, -12],
      [-20, 12],
    ]);
    const right = layoutElement({ ...el, textAlign: "right" }, size, measure);
    expect(right.lines.map((line) => line.x)).toEqual([20, 20]);
  });

  it("converts rotation to radians and keeps opacity and colour", () => {
    const l = layoutElement(createTextElement("t1", { rotation: -90, opacity: 0.3, color: "#112233" }), size, measure);
    expect(l.rotation).toBeCloseTo(-Math.PI / 2);
    expect([l.opacity, l.color]).toEqual([0.3, "#112233"]);
  });

  it("does not depend on the preview's zoom: the same element lands on the same natural pixels", () => {
    const el = createTextElement("t1", { x: 25, y: 75 });
    const onScreen = { left: 10, top: 20, width: 250, height: 125 }; // shown at 1/4 size
    const p = clientToNatural(10 + 62.5, 20 + 93.75, onScreen, size);
    const l = layoutElement(el, size, measure);
    expect([p.x, p.y]).toEqual([l.anchorX, l.anchorY]);
  });
});

describe("hitTest and corners", () => {
  it("finds the topmost element under the pointer, respecting rotation", () => {
    const a = layoutElement(createTextElement("a", { text: "wide wide wide" }), size, measure);
    const b = layoutElement(createTextElement("b", { text: "x", rotation: 90 }), size, measure);
    expect(hitTest([a, b], 500, 250)).toBe("b");
    expect(hitTest([a, b], 600, 250)).toBe("a");
    expect(hitTest([a, b], 500, 100)).toBeNull();
  });

  it("rotates the block's corners about its centre", () => {
    const l = layoutElement(createTextElement("a", { text: "abcd", fontSize: 20, rotation: 90 }), size, measure);
    const corners = blockCorners(l).map((c) => [Math.round(c.x), Math.round(c.y)]);
    // a 40 x 24 block turned a quarter: now 24 wide and 40 tall around (500, 250)
    expect(corners).toEqual([
      [512, 230],
      [512, 270],
      [488, 270],
      [488, 230],
    ]);
  });
});
