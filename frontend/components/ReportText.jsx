// Analyses and reports from the engines (Spy Master's, Meta Ads Full's website report) are often
// written in Markdown: shown raw, "## Hook" and "**bold**" look unfinished. The few marks such
// texts use become React elements; nothing is ever parsed as HTML, and the text stays one
// paragraph with its line breaks, so copying it and reading it aloud work as before.

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
// `__` inside a word is text, as in CommonMark: "@glow__naturals and @skin__care" names two
// accounts, not a bold run between them.
const STRONG = /\*\*(?=\S)(.+?)(?<=\S)\*\*|(?<![\p{L}\p{N}_])__(?=\S)(.+?)(?<=\S)__(?![\p{L}\p{N}_])/gu;

/** `**bold**` and `__bold__` inside one line, as <strong>; everything else as text. */
function inline(line, key) {
  const parts = [];
  let last = 0;
  for (const match of line.matchAll(STRONG)) {
    if (match.index > last) parts.push(line.slice(last, match.index));
    parts.push(<strong key={`${key}-${match.index}`}>{match[1] ?? match[2]}</strong>);
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}

/** The lines of `text` with their Markdown marks turned into elements (see the top). */
export function reportNodes(text) {
  const lines = String(text ?? "").split("\n");
  const nodes = [];
  lines.forEach((line, index) => {
    if (index > 0) nodes.push("\n");
    if (RULE.test(line)) return; // a separator line: the blank lines around it already separate
    const heading = line.match(HEADING);
    if (heading) {
      nodes.push(<strong key={index}>{inline(heading[1], index)}</strong>);
      return;
    }
    const bullet = line.match(BULLET);
    if (bullet) {
      nodes.push(`${bullet[1]}• `, ...inline(bullet[2], index));
      return;
    }
    nodes.push(...inline(line, index));
  });
  return nodes;
}

/** A report or analysis text, its Markdown marks shown as formatting. */
export function ReportText({ text, className = "", ...props }) {
  return (
    <p dir="auto" className={`whitespace-pre-line ${className}`} {...props}>
      {reportNodes(text)}
    </p>
  );
}
