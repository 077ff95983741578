// Analyses and reports from the engines (Spy Master's, Meta Ads Full's website report) are often
// written in Markdown: shown raw, "## Hook", "**bold**" and "|---|---|" look unfinished. The
// marks such texts use become React elements; nothing is ever parsed as HTML, and the text stays
// one paragraph with its line breaks, so copying it and reading it aloud work as before.

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const TABLE_ALIGNMENT = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
// One alternative per mark, in this order: `code`, [a link](https://…), **bold** or __bold__,
// *italic* or _italic_. `__`, `_` and `*` inside a word are text, as in CommonMark:
// "@glow__naturals and @skin__care" names two accounts, and "2*3*4" is arithmetic.
const INLINE = new RegExp(
  [
    /`([^`]+)`/.source,
    /\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/.source,
    /\*\*(?=\S)(.+?)(?<=\S)\*\*/.source,
    /(?<![\p{L}\p{N}_])__(?=\S)(.+?)(?<=\S)__(?![\p{L}\p{N}_])/.source,
    /(?<![\p{L}\p{N}*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\p{L}\p{N}*])/.source,
    /(?<![\p{L}\p{N}_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\p{L}\p{N}_])/.source,
  ].join("|"),
  "gu",
);

/** One line's inline marks as elements; everything else as text. */
function inline(line, key) {
  const parts = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    const [, code, label, href, strong, strongUnderscores, em, emUnderscore] = match;
    const at = `${key}-${match.index}`;
    if (match.index > last) parts.push(line.slice(last, match.index));
    if (code !== undefined)
      parts.push(
        <code key={at} className="rounded bg-slate-100 px-1 text-[0.9em] dark:bg-slate-800">
          {code}
        </code>,
      );
    else if (href !== undefined)
      parts.push(
        // Only http(s) addresses match, so a report cannot link to javascript: or data: URLs.
        <a key={at} href={href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
          {inline(label, at)}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>,
      );
    else if (strong !== undefined || strongUnderscores !== undefined)
      parts.push(<strong key={at}>{inline(strong ?? strongUnderscores, at)}</strong>);
    else parts.push(<em key={at}>{inline(em ?? emUnderscore, at)}</em>);
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}

/** A table row's cells, side by side with a separator; a header row (the one above the
 * |---|---| line, which is dropped) in bold. */
function tableRow(cells, key, header) {
  return cells.flatMap((cell, index) => {
    const content = inline(cell.trim(), `${key}-${index}`);
    return [index > 0 ? " · " : "", header ? <strong key={`${key}-${index}`}>{content}</strong> : content].flat();
  });
}

/** The lines of `text` with their Markdown marks turned into elements (see the top). */
export function reportNodes(text) {
  const lines = String(text ?? "").split("\n");
  const nodes = [];
  let first = true;
  lines.forEach((line, index) => {
    if (TABLE_ALIGNMENT.test(line) && line.includes("|")) return; // the header row above says it
    if (!first) nodes.push("\n");
    first = false;
    if (RULE.test(line)) return; // a separator line: the blank lines around it already separate
    const heading = line.match(HEADING);
    if (heading) {
      nodes.push(<strong key={index}>{inline(heading[1], index)}</strong>);
      return;
    }
    const row = line.match(TABLE_ROW);
    if (row) {
      const header = TABLE_ALIGNMENT.test(lines[index + 1] ?? "") && lines[index + 1].includes("|");
      nodes.push(...tableRow(row[1].split("|"), index, header));
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
