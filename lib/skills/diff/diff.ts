import { diffArrays, diffWordsWithSpace } from "diff";
import type { FrontmatterValue } from "../format/skill-md";

// Isomorphic on purpose: the history page computes diffs on the server, and the editor's
// save-conflict view computes one in the browser against the user's unsaved files.

export interface DiffInputFile {
  path: string;
  size: number;
  sha256: string;
  mediaType: string;
  /** The file decoded as UTF-8; null for a binary file (or, with `binary` set, a text not read). */
  text: string | null;
  /**
   * Set when `text` was not read because the file is byte for byte the same on the other side
   * (see `filesToRead`): whether it is binary. Such a file is only compared by digest.
   */
  binary?: boolean;
  /** The execute bit (absent: not executable). */
  executable?: boolean;
}

export interface DiffOptions {
  /** Unchanged lines kept around each change; longer unchanged runs are collapsed. Default 3. */
  context?: number;
  /** Past this many lines on either side a file is not diffed line by line. Default 20,000. */
  maxLines?: number;
  /** The line diff gives up past this many inserted plus deleted lines. Default 8,000. */
  maxEditLength?: number;
  /** Word-level marks are skipped on lines longer than this. Default 1,000 characters. */
  maxWordDiffLineLength?: number;
  /** Files bigger than this (on either side) are compared by size and digest only. Default 1 MiB. */
  maxBytes?: number;
}

/** A half-open range [start, end) of UTF-16 offsets in a line's text. */
export interface Range {
  start: number;
  end: number;
}

export type LineKind = "context" | "add" | "remove";

export interface DiffLine {
  kind: LineKind;
  /** 1-based line in the old file; null for an added line. */
  oldLine: number | null;
  /** 1-based line in the new file; null for a removed line. */
  newLine: number | null;
  /** The line without its line ending. */
  text: string;
  /**
   * Words that changed, when this line is one of a removed/added pair that still share most of
   * their text. Absent when the whole line is new, or when the pair differs too much for marks
   * to help.
   */
  marks?: Range[];
}

export interface HunkHeader {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

export type DiffSegment =
  /** A hunk: changed lines with their context. */
  | { type: "hunk"; header: HunkHeader; lines: DiffLine[] }
  /** A run of unchanged lines hidden by default (the lines are kept so a viewer can expand them). */
  | { type: "collapsed"; lines: DiffLine[] };

export type LineEnding = "lf" | "crlf" | "mixed" | "none";

export interface TextDiff {
  kind: "text";
  segments: DiffSegment[];
  linesAdded: number;
  linesRemoved: number;
  oldLineCount: number;
  newLineCount: number;
  /** Whether each side ends with a line break (empty files count as ending with one). */
  finalNewline: { old: boolean; new: boolean };
  /** Line endings are compared apart from the text, so a CRLF→LF conversion is one visible fact rather than every line changed. */
  lineEndings: { old: LineEnding; new: LineEnding };
}

export interface BinaryDiff {
  kind: "binary";
}

export interface TooLargeDiff {
  kind: "too-large";
  /** Why the file was not diffed line by line, for the viewer to show. */
  reason: string;
}

export type FileContentDiff = TextDiff | BinaryDiff | TooLargeDiff;

export type FrontmatterChangeStatus = "added" | "removed" | "changed";

export interface FrontmatterChange {
  key: string;
  status: FrontmatterChangeStatus;
  before?: FrontmatterValue;
  after?: FrontmatterValue;
  /** For a string that changed into another string: word-level marks on each side. */
  marks?: { before: Range[]; after: Range[] };
}

export interface SkillMdDiff {
  /** Top-level frontmatter fields that differ, in the new file's order, then removed ones. */
  fields: FrontmatterChange[];
  /** The YAML between the delimiters as text (file line numbers); shows comments and formatting changes the field table cannot. */
  yaml: FileContentDiff;
  /** The Markdown body (file line numbers). */
  body: FileContentDiff;
}

export type FileStatus = "added" | "removed" | "changed" | "renamed" | "unchanged";

/** The only permissions a skill file keeps, git-like. */
export type FileMode = "644" | "755";

export interface FileSide {
  path: string;
  size: number;
  sha256: string;
  mediaType: string;
  binary: boolean;
  executable: boolean;
}

export interface FileDiff {
  /** The path in the new version (the old path for a removed file). */
  path: string;
  status: FileStatus;
  /** Null for an added file. */
  before: FileSide | null;
  /** Null for a removed file. */
  after: FileSide | null;
  /** Null when the content is identical (unchanged or a pure rename). */
  content: FileContentDiff | null;
  /** Set for a root SKILL.md whose frontmatter parses on both sides; `content` then covers the whole file. */
  skillMd: SkillMdDiff | null;
  linesAdded: number;
  linesRemoved: number;
  /** Set when the execute bit changed (git's "mode 100644 → 100755"); a file that changed only this is "changed" with no content diff. */
  modeChange?: { from: FileMode; to: FileMode };
  /**
   * Set when the body (`content`, `skillMd`) was left out to keep a big diff's page small (see
   * `deferBodies`): a viewer loads it on demand. An unchanged file so marked has no sides either.
   */
  deferred?: true;
}

export interface DiffStats {
  filesAdded: number;
  filesRemoved: number;
  filesChanged: number;
  filesRenamed: number;
  filesUnchanged: number;
  linesAdded: number;
  linesRemoved: number;
}

export interface SkillDiff {
  /** SKILL.md first, then by path. Unchanged files are included (status "unchanged"). */
  files: FileDiff[];
  stats: DiffStats;
  /** True when nothing differs. */
  identical: boolean;
}

export const DIFF_DEFAULTS: Required<DiffOptions> = { context: 3, maxLines: 20_000, maxEditLength: 8_000, maxWordDiffLineLength: 1_000, maxBytes: 1024 * 1024 };

interface SplitText {
  lines: string[];
  finalNewline: boolean;
  ending: LineEnding;
}

export function splitLines(text: string): SplitText {
  if (text === "") return { lines: [], finalNewline: true, ending: "none" };
  const raw = text.split("\n");
  const finalNewline = raw[raw.length - 1] === "";
  if (finalNewline) raw.pop();
  let crlf = 0;
  let lf = 0;
  const lines = raw.map((line, i) => {
    const terminated = i < raw.length - 1 || finalNewline;
    if (line.endsWith("\r")) {
      if (terminated) crlf++;
      return terminated ? line.slice(0, -1) : line;
    }
    if (terminated) lf++;
    return line;
  });
  const ending: LineEnding = crlf && lf ? "mixed" : crlf ? "crlf" : lf ? "lf" : "none";
  return { lines, finalNewline, ending };
}

interface TextDiffPlacement {
  /** Added to line numbers, for a part of a file (the SKILL.md body starts below the frontmatter). */
  oldOffset?: number;
  newOffset?: number;
  oldAbsent?: boolean;
  newAbsent?: boolean;
}

/** A line diff of two texts with context, collapsed unchanged runs and word-level marks. */
export function diffText(oldText: string, newText: string, options: DiffOptions = {}, placement: TextDiffPlacement = {}): FileContentDiff {
  const opts = { ...DIFF_DEFAULTS, ...options };
  const a = splitLines(oldText);
  const b = splitLines(newText);
  if (a.lines.length > opts.maxLines || b.lines.length > opts.maxLines) {
    return {
      kind: "too-large",
      reason: `${Math.max(a.lines.length, b.lines.length).toLocaleString("en-US")} lines is more than the ${opts.maxLines.toLocaleString("en-US")} a line diff is shown for`,
    };
  }
  const changes = diffArrays(a.lines, b.lines, { maxEditLength: opts.maxEditLength });
  if (!changes) {
    return { kind: "too-large", reason: `more than ${opts.maxEditLength.toLocaleString("en-US")} lines differ` };
  }
  const oldOffset = placement.oldOffset ?? 0;
  const newOffset = placement.newOffset ?? 0;
  const lines: DiffLine[] = [];
  let oldNo = 0;
  let newNo = 0;
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const change of changes) {
    for (const text of change.value) {
      if (change.removed) {
        lines.push({ kind: "remove", oldLine: ++oldNo + oldOffset, newLine: null, text });
        linesRemoved++;
      } else if (change.added) {
        lines.push({ kind: "add", oldLine: null, newLine: ++newNo + newOffset, text });
        linesAdded++;
      } else {
        lines.push({ kind: "context", oldLine: ++oldNo + oldOffset, newLine: ++newNo + newOffset, text });
      }
    }
  }
  markWords(lines, opts.maxWordDiffLineLength);
  return {
    kind: "text",
    segments: segment(lines, opts.context),
    linesAdded,
    linesRemoved,
    oldLineCount: a.lines.length,
    newLineCount: b.lines.length,
    finalNewline: { old: placement.oldAbsent ? b.finalNewline : a.finalNewline, new: placement.newAbsent ? a.finalNewline : b.finalNewline },
    lineEndings: { old: placement.oldAbsent ? b.ending : a.ending, new: placement.newAbsent ? a.ending : b.ending },
  };
}

/** Pairs each run of removed lines with the added run right after it, line by line, and marks the words that differ. */
function markWords(lines: DiffLine[], maxLength: number): void {
  let i = 0;
  while (i < lines.length) {
    if (lines[i].kind !== "remove") {
      i++;
      continue;
    }
    const removedStart = i;
    while (i < lines.length && lines[i].kind === "remove") i++;
    const addedStart = i;
    while (i < lines.length && lines[i].kind === "add") i++;
    const pairs = Math.min(addedStart - removedStart, i - addedStart);
    for (let k = 0; k < pairs; k++) {
      const oldLine = lines[removedStart + k];
      const newLine = lines[addedStart + k];
      const marks = wordMarks(oldLine.text, newLine.text, maxLength);
      if (marks) {
        oldLine.marks = marks.before;
        newLine.marks = marks.after;
      }
    }
  }
}

/**
 * Ranges of the words that differ between two strings, or null when marks would not help: too
 * long to compare, or so different that nearly everything would be marked.
 */
export function wordMarks(before: string, after: string, maxLength = DIFF_DEFAULTS.maxWordDiffLineLength): { before: Range[]; after: Range[] } | null {
  if (before.length > maxLength || after.length > maxLength) return null;
  const changes = diffWordsWithSpace(before, after);
  const marksBefore: Range[] = [];
  const marksAfter: Range[] = [];
  let posBefore = 0;
  let posAfter = 0;
  let common = 0;
  // Ranges split only by whitespace read as one change ("x y" rather than "x" and "y").
  const push = (list: Range[], source: string, start: number, end: number) => {
    const last = list[list.length - 1];
    if (last && !source.slice(last.end, start).trim()) last.end = end;
    else list.push({ start, end });
  };
  for (const change of changes) {
    const length = change.value.length;
    if (change.removed) {
      push(marksBefore, before, posBefore, posBefore + length);
      posBefore += length;
    } else if (change.added) {
      push(marksAfter, after, posAfter, posAfter + length);
      posAfter += length;
    } else {
      if (change.value.trim()) common += length;
      posBefore += length;
      posAfter += length;
    }
  }
  if (!marksBefore.length && !marksAfter.length) return null;
  trimRanges(before, marksBefore);
  trimRanges(after, marksAfter);
  // Below about a third in common the pair reads as a rewrite; marking every word adds noise.
  const longest = Math.max(before.trim().length, after.trim().length);
  if (longest > 0 && common / longest < 0.35) return null;
  return { before: marksBefore, after: marksAfter };
}

/** Marks hug the words: spaces at a range's ends stay unmarked, unless the change is only whitespace. */
function trimRanges(text: string, ranges: Range[]): void {
  for (const r of ranges) {
    let { start, end } = r;
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (start < end) {
      r.start = start;
      r.end = end;
    }
  }
}

/** Unchanged runs longer than twice the context (plus a little, so no "1 line hidden" rows) collapse. */
function segment(lines: DiffLine[], context: number): DiffSegment[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (line.kind === "context") return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) near[j] = true;
  });
  const MIN_HIDDEN = 4;
  const segments: DiffSegment[] = [];
  let i = 0;
  while (i < lines.length) {
    const start = i;
    if (near[i]) {
      while (i < lines.length && near[i]) i++;
    } else {
      while (i < lines.length && !near[i]) i++;
      if (i - start >= MIN_HIDDEN) {
        segments.push({ type: "collapsed", lines: lines.slice(start, i) });
        continue;
      }
    }
    const prev = segments[segments.length - 1];
    if (prev?.type === "hunk") prev.lines.push(...lines.slice(start, i));
    else segments.push({ type: "hunk", header: { oldStart: 0, oldLines: 0, newStart: 0, newLines: 0 }, lines: lines.slice(start, i) });
  }
  // Unified-diff convention: a side with no lines in the hunk starts at the line before it.
  let lastOld = 0;
  let lastNew = 0;
  for (const s of segments) {
    if (s.type === "hunk") {
      const olds = s.lines.filter((l) => l.oldLine !== null);
      const news = s.lines.filter((l) => l.newLine !== null);
      s.header = { oldStart: olds[0]?.oldLine ?? lastOld, oldLines: olds.length, newStart: news[0]?.newLine ?? lastNew, newLines: news.length };
    }
    for (const l of s.lines) {
      if (l.oldLine !== null) lastOld = l.oldLine;
      if (l.newLine !== null) lastNew = l.newLine;
    }
  }
  return segments;
}

/** "@@ -1,4 +1,5 @@" for a hunk. */
export function formatHunkHeader(header: HunkHeader): string {
  return `@@ -${header.oldStart},${header.oldLines} +${header.newStart},${header.newLines} @@`;
}
