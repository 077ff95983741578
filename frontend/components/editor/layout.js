// Where each text element goes, in the image's natural pixels. The preview and the exported
// PNG both draw through drawScene() on a canvas of the natural size (the preview is only
// scaled by CSS), so what the user sees is exactly what is saved, at any zoom.

import { cssFamily } from "../../lib/fonts.js";
import { paragraphDirection } from "./direction.js";
import { paragraphsOf, wrapLines } from "./wrap.js";

export const LINE_HEIGHT = 1.2; // line pitch as a multiple of the font size
const HIT_PADDING = 8; // natural pixels of slack around a block when picking it with the pointer
// Wrapped text keeps this share of the image's shorter side clear of every edge.
export const EDGE_MARGIN = 0.03;
// The narrowest a layer wraps to, as a share of the widest it could be (centred on the image):
// a layer parked at an edge becomes a column, never a letter per line.
export const MIN_WRAP_FRACTION = 1 / 3;

/** The canvas font shorthand for an element, e.g. `italic 700 32px "Overlay Arial", sans-serif`. */
export function fontString(el) {
  const weight = el.fontWeight === "bold" ? 700 : 400;
  const style = el.fontStyle === "italic" ? "italic" : "normal";
  return `${style} ${weight} ${el.fontSize}px ${cssFamily(el.fontFamily)}`;
}

/** How far one can go from (x, y) along (dx, dy) before leaving `box`; 0 from outside it. */
function reach(x, y, dx, dy, box) {
  let t = Infinity;
  if (dx > 0) t = Math.min(t, (box.right - x) / dx);
  if (dx < 0) t = Math.min(t, (box.left - x) / dx);
  if (dy > 0) t = Math.min(t, (box.bottom - y) / dy);
  if (dy < 0) t = Math.min(t, (box.top - y) / dy);
  return Math.max(0, t);
}

/**
 * The width a layer's lines wrap to, in natural pixels. The block is centred on its anchor
 * whatever the alignment (alignment only lines the lines up inside it), and its lines run
 * along the rotation; so the box is the longest line centred on the anchor, in that
 * direction, that stays inside the image less EDGE_MARGIN: the image's width minus the
 * margins for a level layer in the middle, its height for one turned a quarter, less as the
 * layer moves towards an edge. Never under MIN_WRAP_FRACTION of the centred width.
 */
export function wrapWidth(anchorX, anchorY, rotation, { width, height }) {
  const margin = EDGE_MARGIN * Math.min(width, height);
  const box = { left: margin, top: margin, right: width - margin, bottom: height - margin };
  const dx = Math.cos(rotation);
  const dy = Math.sin(rotation);
  const span = (x, y) => 2 * Math.min(reach(x, y, dx, dy, box), reach(x, y, -dx, -dy, box));
  return Math.max(span(anchorX, anchorY), span(width / 2, height / 2) * MIN_WRAP_FRACTION, 1);
}

/**
 * The geometry of one element on an image of `width` × `height` natural pixels.
 * `measure(text, font, direction)` returns a line's advance width (ctx.measureText in the
 * browser). Returns the anchor (the block's centre), the rotation in radians, and each line's
 * position relative to the anchor before rotation (after wrapping to wrapWidth()) and its
 * direction (its paragraph's, direction.js), plus the block's half extents.
 */
export function layoutElement(el, { width, height }, measure) {
  const font = fontString(el);
  const lineHeight = el.fontSize * LINE_HEIGHT;
  const anchorX = (el.x / 100) * width;
  const anchorY = (el.y / 100) * height;
  const rotation = (el.rotation * Math.PI) / 180;
  const maxWidth = wrapWidth(anchorX, anchorY, rotation, { width, height });
  // A paragraph's wrapped lines keep its direction: measured as they are drawn.
  const texts = paragraphsOf(el.text).flatMap((paragraph) => {
    const direction = paragraphDirection(paragraph);
    return wrapLines(paragraph, maxWidth, (line) => measure(line, font, direction)).map((text) => ({ text, direction }));
  });
  const widths = texts.map((t) => measure(t.text, font, t.direction));
  const blockWidth = Math.max(0, ...widths);
  const blockHeight = texts.length * lineHeight;
  const halfW = blockWidth / 2;
  const halfH = blockHeight / 2;
  const lines = texts.map(({ text, direction }, i) => ({
    text,
    direction,
    // canvas textAlign does the per-line alignment; x is the edge (or centre) it aligns to.
    // "left" and "right" are sides of the image whichever way the line runs.
    x: el.textAlign === "left" ? -halfW : el.textAlign === "right" ? halfW : 0,
    y: -halfH + (i + 0.5) * lineHeight, // drawn with textBaseline "middle"
    width: widths[i],
  }));
  return {
    id: el.id,
    font,
    color: el.color,
    opacity: el.opacity,
    textAlign: el.textAlign,
    anchorX,
    anchorY,
    rotation,
    halfW,
    halfH,
    lines,
  };
}

/** A point in natural pixels expressed in the element's own unrotated frame. */
function toLocal(layout, px, py) {
  const dx = px - layout.anchorX;
  const dy = py - layout.anchorY;
  const cos = Math.cos(-layout.rotation);
  const sin = Math.sin(-layout.rotation);
  return { x: dx * cos - dy * sin, y: dx * sin + dy * cos };
}

/** The topmost element under the point (natural pixels), or null. `layouts` bottom first. */
export function hitTest(layouts, px, py) {
  for (let i = layouts.length - 1; i >= 0; i -= 1) {
    const l = layouts[i];
    const p = toLocal(l, px, py);
    if (Math.abs(p.x) <= l.halfW + HIT_PADDING && Math.abs(p.y) <= l.halfH + HIT_PADDING) return l.id;
  }
  return null;
}

/** The four corners of an element's block (natural pixels), for outlines and bounds tests. */
export function blockCorners(layout, padding = 0) {
  const w = layout.halfW + padding;
  const h = layout.halfH + padding;
  const cos = Math.cos(layout.rotation);
  const sin = Math.sin(layout.rotation);
  return [
    [-w, -h],
    [w, -h],
    [w, h],
    [-w, h],
  ].map(([x, y]) => ({ x: layout.anchorX + x * cos - y * sin, y: layout.anchorY + x * sin + y * cos }));
}

/** Whether an element's whole block lies on the image (else part of it is cut off). */
export function blockInsideImage(layout, { width, height }) {
  const slack = 0.5; // rounding, not a visible overhang
  return blockCorners(layout).every(
    (c) => c.x >= -slack && c.x <= width + slack && c.y >= -slack && c.y <= height + slack,
  );
}

/** Converts a pointer position to natural pixels, given the canvas's on-screen box. */
export function clientToNatural(clientX, clientY, rect, { width, height }) {
  return {
    x: ((clientX - rect.left) / rect.width) * width,
    y: ((clientY - rect.top) / rect.height) * height,
  };
}

/** Lays out every element with one canvas context's measurements. */
function layoutAll(ctx, elements, size) {
  const measure = (text, font, direction) => {
    ctx.font = font;
    ctx.direction = direction;
    return ctx.measureText(text).width;
  };
  return elements.map((el) => layoutElement(el, size, measure));
}

/** Draws the image and the text layers at natural size: the one drawing routine for both
 * the on-screen preview and the exported PNG. Returns the layouts it drew. */
export function drawScene(ctx, { image, width, height, elements }) {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  const layouts = layoutAll(ctx, elements, { width, height });
  for (const l of layouts) {
    ctx.save();
    ctx.globalAlpha = l.opacity;
    ctx.translate(l.anchorX, l.anchorY);
    ctx.rotate(l.rotation);
    ctx.font = l.font;
    ctx.fillStyle = l.color;
    ctx.textAlign = l.textAlign;
    ctx.textBaseline = "middle";
    for (const line of l.lines) {
      ctx.direction = line.direction; // else the canvas's own, the page's: left-to-right
      ctx.fillText(line.text, line.x, line.y);
    }
    ctx.restore();
  }
  ctx.restore();
  return layouts;
}

/** The dashed outline around the selected element (preview only, never exported).
 * `scale` is natural pixels per CSS pixel, so the outline looks the same at any zoom. */
export function drawSelection(ctx, layout, scale = 1) {
  const corners = blockCorners(layout, 6 * scale);
  ctx.save();
  ctx.lineWidth = 2 * scale;
  ctx.setLineDash([6 * scale, 4 * scale]);
  for (const [color, offset] of [
    ["#FFFFFF", 0],
    ["#4F46E5", 6 * scale],
  ]) {
    ctx.strokeStyle = color;
    ctx.lineDashOffset = offset;
    ctx.beginPath();
    corners.forEach((c, i) => (i ? ctx.lineTo(c.x, c.y) : ctx.moveTo(c.x, c.y)));
    ctx.closePath();
    ctx.stroke();
  }
  ctx.restore();
}
