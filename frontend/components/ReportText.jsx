// Analyses and reports from the engines (Spy Master's, Meta Ads Full's website report) are often
// written in Markdown: shown raw, "## Hook", "**bold**" and "|---|---|" look unfinished. The
// marks such texts use become React elements; nothing is ever parsed as HTML, and the text stays
// one paragraph with its line breaks, so copying it and reading it aloud work as before.
//
// The text comes from a model reading other people's websites and ads, so it may be made to be
// slow to read: lines are told apart by plain string checks, every pattern below has bounded
// spans, and a line longer than MAX_FORMATTED_LINE is shown as written.

const MAX_FORMATTED_LINE = 2000;
const SPAN = 300; // the longest run one mark may cover
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
// One alternative per mark, in this order: `code`, [a link](https://…), ***bold italic***,
// **bold** or __bold__, *italic* or _italic_. `__`, `_` and `*` inside a word are text, as in
// CommonMark: "@glow__naturals and @skin__care" names two accounts, and "2*3*4" is arithmetic.
// A link's address may hold one level of parentheses (Wikipedia's "Foo_(bar)").
const INLINE = new RegExp(
  [
    `\`([^\`]{1,${SPAN}})\``,
    `\\[([^\\[\\]]{1,${SPAN}})\\]\\((https?://(?:[^\\s()]|\\([^\\s()]{0,${SPAN}}\\)){1,${SPAN * 4}})\\)`,
    `\\*\\*\\*(?=\\S)(.{1,${SPAN}}?)(?<=\\S)\\*\\*\\*`,
    `\\*\\*(?=\\S)(.{1,${SPAN}}?)(?<=\\S)\\*\\*`,
    `(?<![\\p{L}\\p{N}_])__(?=\\S)(.{1,${SPAN}}?)(?<=\\S)__(?![\\p{L}\\p{N}_])`,
    `(?<![\\p{L}\\p{N}*])\\*(?=[^\\s*])(.{1,${SPAN}}?)(?<=[^\\s*])\\*(?![\\p{L}\\p{N}*])`,
    `(?<![\\p{L}\\p{N}_])_(?=[^\\s_])(.{1,${SPAN}}?)(?<=[^\\s_])_(?![\\p{L}\\p{N}_])`,
  ].join("|"),
  "gu",
);

/** One line's inline marks as elements; everything else as text. */
function inline(line, key) {
  const parts = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    const [, code, label, href, strongEm, strong, strongUnderscores, em, emUnderscore] = match;
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
    else if (strongEm !== undefined)
      parts.push(
        <strong key={at}>
          <em>{inline(strongEm, at)}</em>
        </strong>,
      );
    else if (strong !== undefined || strongUnderscores !== undefined)
      parts.push(<strong key={at}>{inline(strong ?? strongUnderscores, at)}</strong>);
    else parts.push(<em key={at}>{inline(em ?? emUnderscore, at)}</em>);
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}

/** "## Title ##" → "Title"; null when the line is no heading (up to 3 spaces, 1–6 #, a space). */
function headingText(line) {
  const trimmed = line.trimStart();
  if (line.length - trimmed.length > 3) return null;
  let level = 0;
  while (trimmed[level] === "#") level += 1;
  if (level < 1 || level > 6 || !/\s/.test(trimmed[level] ?? "")) return null;
  let text = trimmed.slice(level).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end -= 1;
  if (end === 0 || /\s/.test(text[end - 1])) text = text.slice(0, end).trimEnd();
  return text;
}

/** "---", "* * *", "___": a thematic break. */
function isRule(line) {
  const trimmed = line.trim();
  const mark = trimmed[0];
  if (line.length - line.trimStart().length > 3 || !"-*_".includes(mark ?? "x")) return false;
  let marks = 0;
  for (const char of trimmed) {
    if (char === mark) marks += 1;
    else if (char !== " " && char !== "\t") return false;
  }
  return marks >= 3;
}

/** A table row's cells ("| a | b |"), split on the pipes outside `code`; null for other lines. */
function tableCells(line) {
  const trimmed = line.trim();
  if (trimmed.length < 2 || trimmed[0] !== "|" || trimmed.at(-1) !== "|") return null;
  const cells = [""];
  let inCode = false;
  for (const char of trimmed.slice(1, -1)) {
    if (char === "`") inCode = !inCode;
    if (char === "|" && !inCode) cells.push("");
    else cells[cells.length - 1] += char;
  }
  return cells;
}

/** "|---|:---:|": the line under a table's header row. */
function isTableAlignment(line) {
  if (!line.includes("|")) return false;
  const cells = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
  return cells.every((cell) => /^:?-{3,}:?$/.test(cell.trim()));
}

/** A table row's cells, side by side with a separator; a header row (the one above the
 * |---|---| line, which is dropped) in bold. */
function tableRow(cells, key, header) {
  return cells.flatMap((cell, index) => {
    const content = inline(cell.trim(), `${key}-${index}`);
    return [index > 0 ? " · " : "", header ? <strong key={`${key}-${index}`}>{content}</strong> : content].flat();
  });
}

/** One line with its Markdown marks turned into elements (see the top). */
function lineNodes(line, index, next) {
  if (line.length > MAX_FORMATTED_LINE) return [line];
  if (isRule(line)) return []; // a separator line: the blank lines around it already separate
  const heading = headingText(line);
  if (heading !== null) return [<strong key={index}>{inline(heading, index)}</strong>];
  const cells = tableCells(line);
  if (cells) return tableRow(cells, index, isTableAlignment(next ?? ""));
  const bullet = line.match(BULLET);
  if (bullet) return [`${bullet[1]}• `, ...inline(bullet[2], index)];
  return inline(line, index);
}

/** The lines of `text` with their Markdown marks turned into elements (see the top). */
export function reportNodes(text) {
  const lines = String(text ?? "").split("\n");
  const nodes = [];
  let started = false;
  lines.forEach((line, index) => {
    if (line.length <= MAX_FORMATTED_LINE && isTableAlignment(line)) return; // the header row above says it
    if (started) nodes.push("\n");
    started = true;
    nodes.push(...lineNodes(line, index, lines[index + 1]));
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
