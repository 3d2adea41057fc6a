// What the rules see of a file: its text, where lines start, and for Markdown which lines are code
// (fenced blocks) so a rule can tell a command shown in installation docs from prose. Isomorphic.

import type { WordSearch } from "./word-search";

export type TextKind = "markdown" | "code" | "text";

export interface TextFile {
  path: string;
  /** Lowercase file name without folders, e.g. "install.sh". */
  name: string;
  /** Lowercase extension without the dot ("" when none). */
  ext: string;
  mediaType: string;
  kind: TextKind;
  text: string;
  /** `text` lowercased once, for the rules' cheap "could this match at all" checks. */
  lower: string;
  /** Offset of the first character of each line (line n starts at lineStarts[n - 1]). */
  lineStarts: number[];
  /** Markdown only: 1 for lines inside a fenced code block (fence lines included). */
  fenced: Uint8Array | null;
  /** 0-based lines on which each indexed word occurs (filled by the engine in one pass; see WordSearch). */
  wordLines: Map<string, number[]> | null;
  /** The words `wordLines` covers: one of these with no entry does not occur in the file. */
  indexedWords: ReadonlySet<string> | null;
}

const MARKDOWN_EXT = new Set(["md", "markdown", "mdx"]);
const PLAIN_EXT = new Set(["txt", "csv", "tsv", "text", "rst", "adoc"]);

export function textKind(path: string, mediaType: string): TextKind {
  const ext = extension(path);
  if (mediaType === "text/markdown" || MARKDOWN_EXT.has(ext)) return "markdown";
  if (mediaType === "text/plain" && (PLAIN_EXT.has(ext) || ext === "")) return "text";
  if (mediaType === "text/csv" || mediaType === "text/tab-separated-values") return "text";
  return "code";
}

export function extension(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Lowercase with the same offsets as the original (a few letters, like "İ", grow when lowercased). */
function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i].toLowerCase();
    out += c.length === 1 ? c : text[i];
  }
  return out;
}

export function makeTextFile(path: string, text: string, mediaType: string): TextFile {
  const kind = textKind(path, mediaType);
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const file: TextFile = {
    path,
    name: path.slice(path.lastIndexOf("/") + 1).toLowerCase(),
    ext: extension(path),
    mediaType,
    kind,
    text,
    lower: lowerSameLength(text),
    lineStarts,
    fenced: null,
    wordLines: null,
    indexedWords: null,
  };
  if (kind === "markdown") markFences(file);
  return file;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;

function markFences(file: TextFile): void {
  const { text, lineStarts } = file;
  const fenced = new Uint8Array(lineStarts.length);
  let open: { char: string; length: number } | null = null;
  for (let n = 0; n < lineStarts.length; n++) {
    const start = lineStarts[n];
    // only lines that can be fences are sliced out
    const head = text.slice(start, start + 4).trimStart()[0];
    const fence = head === "`" || head === "~" ? FENCE.exec(lineText(file, n + 1)) : null;
    if (open) {
      fenced[n] = 1;
      if (fence && fence[1][0] === open.char && fence[1].length >= open.length && fence[2] === "") open = null;
    } else if (fence) {
      open = { char: fence[1][0], length: fence[1].length };
      fenced[n] = 1;
    }
  }
  file.fenced = fenced;
}

/** Records, for every word of `search`, the lines it occurs on: one pass over the file. */
export function indexWords(file: TextFile, search: WordSearch): void {
  const lines = new Map<string, number[]>();
  const perWord: (number[] | undefined)[] = [];
  const starts = file.lineStarts;
  let line = 0;
  search.scan(file.lower, (word, end) => {
    const offset = end - search.words[word].length;
    while (line + 1 < starts.length && starts[line + 1] <= offset) line++;
    // occurrences come in order, so a line already noted is the last one in the list
    let at = line;
    if (offset < starts[line]) at = lineOf(file, offset) - 1;
    const list = perWord[word];
    if (list === undefined) {
      perWord[word] = [at];
      lines.set(search.words[word], perWord[word]);
    } else if (list[list.length - 1] !== at) list.push(at);
  });
  file.wordLines = lines;
  file.indexedWords = search.wordSet;
}

/** 1-based line of a character offset. */
export function lineOf(file: TextFile, offset: number): number {
  const starts = file.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The text of a 1-based line, without its line break. */
export function lineText(file: TextFile, line: number): string {
  const start = file.lineStarts[line - 1];
  const next = line < file.lineStarts.length ? file.lineStarts[line] - 1 : file.text.length;
  const end = next > start && file.text[next - 1] === "\r" ? next - 1 : next;
  return file.text.slice(start, end);
}

/**
 * Whether an offset is code rather than Markdown prose: any offset of a code or plain-text file,
 * and in Markdown a fenced line or an inline `code span` on the line.
 */
export function isCodeAt(file: TextFile, offset: number): boolean {
  if (file.kind !== "markdown") return true;
  const line = lineOf(file, offset);
  if (file.fenced?.[line - 1]) return true;
  return inInlineCode(file.text, file.lineStarts[line - 1], offset);
}

export function isFencedLine(file: TextFile, line: number): boolean {
  return file.fenced?.[line - 1] === 1;
}

/** Whether `offset` falls inside a backtick span that starts on the same line. */
function inInlineCode(text: string, lineStart: number, offset: number): boolean {
  let inside = false;
  let ticks = 0;
  for (let i = lineStart; i < offset; i++) {
    if (text.charCodeAt(i) !== 0x60) continue;
    let run = 1;
    while (text.charCodeAt(i + run) === 0x60) run++;
    if (!inside) {
      inside = true;
      ticks = run;
    } else if (run === ticks) inside = false;
    i += run - 1;
  }
  if (!inside) return false;
  // an unclosed backtick does not make a code span
  const end = text.indexOf("\n", offset);
  const rest = text.slice(offset, end === -1 ? text.length : end);
  return rest.includes("`".repeat(ticks));
}

/** The line around an offset, trimmed to at most `max` characters centred on the match. */
export function excerptAt(file: TextFile, offset: number, length: number, max = 200): string {
  const line = lineOf(file, offset);
  const full = lineText(file, line);
  const start = file.lineStarts[line - 1];
  const from = offset - start;
  if (full.length <= max) return full.trim();
  const matchEnd = Math.min(full.length, from + Math.max(length, 1));
  const room = Math.max(0, max - (matchEnd - from));
  let a = Math.max(0, from - Math.floor(room / 2));
  const b = Math.min(full.length, Math.max(matchEnd, a + max));
  a = Math.max(0, Math.min(a, b - max));
  return `${a > 0 ? "…" : ""}${full.slice(a, b).trim()}${b < full.length ? "…" : ""}`;
}

/**
 * Whether a match is quoted on its line: inside "double", “curly” or `code` quotes, as text that
 * talks about a phrase (a list of attack examples) rather than saying it.
 */
export function isQuotedAt(file: TextFile, offset: number): boolean {
  const line = lineOf(file, offset);
  const start = file.lineStarts[line - 1];
  const before = file.text.slice(start, offset);
  const straight = before.split('"').length - 1;
  if (straight % 2 === 1) return true;
  if (before.lastIndexOf("“") > before.lastIndexOf("”")) return true;
  if (before.lastIndexOf("‘") > before.lastIndexOf("’") && /‘[^’]*$/.test(before)) return true;
  if (/(?:^|[\s(])'[^']*$/.test(before)) return true;
  return (before.split("`").length - 1) % 2 === 1;
}
