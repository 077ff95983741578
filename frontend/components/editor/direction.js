// Which way a paragraph of a text layer runs. The text box (dir="auto", which browsers show
// with unicode-bidi: plaintext) gives each typed paragraph the direction of its first strong
// character, left-to-right when it has none; the canvas must draw and measure each paragraph
// the same way, or Hebrew and Arabic come out with their punctuation at the wrong end.

// Bidi class R or AL: the blocks of Hebrew, Arabic, Syriac, Thaana, N'Ko and the other
// right-to-left scripts, their presentation forms, and the right-to-left marks.
const RIGHT_TO_LEFT = /[\u0590-\u08FF\u200F\uFB1D-\uFDFF\uFE70-\uFEFC\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
// A strong character: a letter of any script, or a direction mark. Digits, punctuation, spaces,
// combining marks and emoji are weak or neutral: they run the way the text around them does.
const STRONG = /[\p{L}\u061C\u200E\u200F]/u;

/** "rtl" when the first strong character of `paragraph` is right-to-left, else "ltr"
 * (also for a paragraph without one, such as "50% !"). */
export function paragraphDirection(paragraph) {
  const first = String(paragraph).match(STRONG)?.[0];
  return first && RIGHT_TO_LEFT.test(first) ? "rtl" : "ltr";
}
