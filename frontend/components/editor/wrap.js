// Line breaking for text layers: the one routine that decides where a layer's lines end, for
// the on-screen preview and the exported PNG alike (both lay out through layout.js), so the
// saved image breaks exactly where the user saw it break.

// Grapheme clusters, so a long word is never cut inside an emoji, a flag or a letter with its
// accent. Engines without Intl.Segmenter fall back to code points.
const graphemeSegmenter =
  typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

function graphemes(word) {
  return graphemeSegmenter ? Array.from(graphemeSegmenter.segment(word), (s) => s.segment) : Array.from(word);
}

// Only the ASCII space is a break opportunity, so only it is dropped at a break (a no-break
// space stays part of its word).
const trimSpaces = (line) => line.replace(/ +$/, "");

/** The paragraphs of `text`: what lies between the newlines the user typed. */
export const paragraphsOf = (text) => String(text).split(/\r\n|\r|\n/);

/** A word too wide for the box cut into pieces that `fits`, greedily, each at least one
 * grapheme long (a single glyph wider than the box still gets a line of its own). */
function breakWord(word, fits) {
  const pieces = [];
  let piece = "";
  for (const g of graphemes(word)) {
    if (piece && !fits(piece + g)) {
      pieces.push(piece);
      piece = g;
    } else {
      piece += g;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * The lines of `text` laid out in a box `maxWidth` wide, where `measure(line)` is a line's
 * advance width in the same unit (ctx.measureText in the browser; injected so this stays pure).
 *
 * - Newlines the user typed are kept; each paragraph wraps on its own, and an empty one stays
 *   an empty line.
 * - Lines break at spaces (the run of spaces at a break is dropped; spaces that lead a
 *   paragraph are the user's indent and stay).
 * - A word wider than the box moves to a line of its own and is cut by characters.
 */
export function wrapLines(text, maxWidth, measure) {
  const fits = (line) => measure(line) <= maxWidth;
  const lines = [];
  for (const paragraph of paragraphsOf(text)) {
    let line = ""; // the line being filled, possibly ending in spaces not yet known to be needed
    for (const token of paragraph.match(/ +|[^ ]+/g) ?? []) {
      if (token[0] === " " || fits(line + token)) {
        line += token;
        continue;
      }
      const done = trimSpaces(line);
      if (done) lines.push(done);
      const pieces = fits(token) ? [token] : breakWord(token, fits);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1);
    }
    // A last line that fits is drawn as typed, trailing spaces included.
    lines.push(fits(line) ? line : trimSpaces(line));
  }
  return lines;
}
