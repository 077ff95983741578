import { describe, expect, it } from "vitest";
import {
  blockCorners,
  clientToNatural,
  drawScene,
  EDGE_MARGIN,
  fontString,
  hitTest,
  layoutElement,
  LINE_HEIGHT,
  MIN_WRAP_FRACTION,
  wrapWidth,
} from "./layout.js";
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
    expect(l.lines).toEqual([{ text: "Your Text Here", direction: "ltr", x: 0, y: 0, width: 224 }]);
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

describe("wrapWidth", () => {
  // 1000 x 500: the margin is 3 % of the shorter side, 15 px on every edge.
  const margin = EDGE_MARGIN * 500;

  it("is the image's width less the margins for a level layer in the middle", () => {
    expect(wrapWidth(500, 250, 0, size)).toBe(1000 - 2 * margin);
  });

  it("narrows as the layer moves towards a side, so the centred block stays inside", () => {
    expect(wrapWidth(250, 250, 0, size)).toBe(2 * (250 - margin));
    expect(wrapWidth(750, 100, 0, size)).toBe(2 * (1000 - margin - 750)); // height plays no part when level
  });

  it("keeps a column a third of the centred width at the very edge, never a letter per line", () => {
    expect(MIN_WRAP_FRACTION).toBeCloseTo(1 / 3);
    expect(wrapWidth(0, 250, 0, size)).toBeCloseTo((1000 - 2 * margin) / 3);
    expect(wrapWidth(-50, 250, 0, size)).toBeCloseTo((1000 - 2 * margin) / 3);
  });

  it("follows the rotation: a quarter turn wraps to the image's height", () => {
    expect(wrapWidth(500, 250, Math.PI / 2, size)).toBeCloseTo(500 - 2 * margin);
    expect(wrapWidth(500, 250, -Math.PI / 2, size)).toBeCloseTo(500 - 2 * margin);
    expect(wrapWidth(500, 250, Math.PI, size)).toBeCloseTo(1000 - 2 * margin);
    // 45°: the line reaches the top and bottom margins first
    expect(wrapWidth(500, 250, Math.PI / 4, size)).toBeCloseTo(2 * (250 - margin) * Math.SQRT2);
  });
});

describe("layoutElement wraps long text", () => {
  const offer = "LIMITED OFFER: 50% OFF EVERYTHING THIS WEEKEND ONLY — https://glow-naturals.example.com/summer-sale";
  const inside = (l) =>
    blockCorners(l).every((c) => c.x >= 0 && c.x <= size.width && c.y >= 0 && c.y <= size.height);

  it("wraps a line wider than the image, and the block (the selection box) encloses every line", () => {
    const el = createTextElement("t1", { text: offer, fontSize: 40 }); // 20 px a character
    const l = layoutElement(el, size, measure);
    expect(l.lines.map((line) => line.text)).toEqual([
      "LIMITED OFFER: 50% OFF EVERYTHING THIS WEEKEND",
      "ONLY —",
      "https://glow-naturals.example.com/summer-sale",
    ]);
    expect(Math.max(...l.lines.map((line) => line.width))).toBeLessThanOrEqual(wrapWidth(500, 250, 0, size));
    expect(l.halfW).toBe(Math.max(...l.lines.map((line) => line.width)) / 2);
    expect(l.halfH).toBe((3 * 40 * LINE_HEIGHT) / 2);
    expect(l.lines.map((line) => line.y)).toEqual([-48, 0, 48]);
    expect(inside(l)).toBe(true);
    // grabbed by its last line, it can be dragged; below the block, nothing is picked
    expect(hitTest([l], 500 + 400, 250 + 48)).toBe("t1");
    expect(hitTest([l], 500, 250 + 72 + 20)).toBeNull();
  });

  it("keeps typed newlines and wraps each paragraph within the narrower box near a side", () => {
    const el = createTextElement("t1", { text: `SALE\n${offer}`, x: 25, textAlign: "left" });
    const l = layoutElement(el, size, measure);
    expect(l.lines[0].text).toBe("SALE");
    expect(l.lines.length).toBeGreaterThan(3);
    expect(Math.max(...l.lines.map((line) => line.width))).toBeLessThanOrEqual(wrapWidth(250, 250, 0, size));
    expect(l.lines.every((line) => line.x === -l.halfW)).toBe(true); // left-aligned inside the block
    expect(inside(l)).toBe(true);
  });

  it("wraps a rotated layer along its own lines", () => {
    const el = createTextElement("t1", { text: offer, fontSize: 20, rotation: 90 }); // 10 px a character
    const l = layoutElement(el, size, measure);
    expect(l.lines.length).toBe(3); // 101 characters in a box 470 px long: 47 at most a line
    expect(inside(l)).toBe(true);
  });
});

describe("right-to-left text", () => {
  // An Arabic offer whose wrapped second line starts with a digit and ends with "!", and a
  // Hebrew line under a Latin one: what the text box (dir="auto") shows each paragraph as.
  const arabic = "عرض خاص، خصم 50% اليوم!";
  const text = `${arabic}\nSALE\nמבצע!`;

  it("gives every line its paragraph's direction, wrapped lines included", () => {
    const el = createTextElement("t1", { text, fontSize: 40 }); // 20 px a character
    const l = layoutElement(el, { width: 320, height: 500 }, measure); // 15 characters a line
    expect(l.lines.map((line) => [line.text, line.direction])).toEqual([
      ["عرض خاص، خصم", "rtl"],
      ["50% اليوم!", "rtl"],
      ["SALE", "ltr"],
      ["מבצע!", "rtl"],
    ]);
  });

  it("measures each line in its direction while wrapping and sizing the block", () => {
    const asked = [];
    const noting = (line, font, direction) => (asked.push([line, direction]), measure(line, font));
    layoutElement(createTextElement("t1", { text }), size, noting);
    expect(asked).toContainEqual([arabic, "rtl"]);
    expect(asked).toContainEqual(["SALE", "ltr"]);
    expect(asked).toContainEqual(["מבצע!", "rtl"]);
    expect(asked.every(([line, direction]) => direction === (/[\u0590-\u06FF]/.test(line) ? "rtl" : "ltr"))).toBe(true);
  });

  // A context that records what the canvas is asked to measure and draw, with the direction
  // and alignment set at that moment.
  function recordingContext() {
    const ctx = { font: "", direction: "inherit", textAlign: "start", calls: [] };
    for (const name of ["save", "restore", "setTransform", "clearRect", "drawImage", "translate", "rotate"]) {
      ctx[name] = () => {};
    }
    ctx.measureText = (line) => {
      ctx.calls.push(["measure", line, ctx.direction]);
      return { width: measure(line, ctx.font) };
    };
    ctx.fillText = (line, x) => ctx.calls.push(["fill", line, ctx.direction, ctx.textAlign, x]);
    return ctx;
  }

  it("draws each line in its direction, keeping left, centre and right on the image's sides", () => {
    for (const [textAlign, x] of [
      ["left", -115],
      ["center", 0],
      ["right", 115],
    ]) {
      const ctx = recordingContext();
      const el = createTextElement("t1", { text: `${arabic}\nSALE`, fontSize: 20, textAlign }); // 10 px a character
      drawScene(ctx, { image: {}, ...size, elements: [el] });
      expect(ctx.calls.filter((call) => call[0] === "fill")).toEqual([
        ["fill", arabic, "rtl", textAlign, x], // "!" at its left end, where the text box shows it
        ["fill", "SALE", "ltr", textAlign, x],
      ]);
      const measured = ctx.calls.filter((call) => call[0] === "measure" && call[1] === arabic);
      expect(new Set(measured.map((call) => call[2]))).toEqual(new Set(["rtl"]));
    }
  });
});
