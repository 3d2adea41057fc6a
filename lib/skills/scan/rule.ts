// How a rule is written: the public ScanRule plus the function that finds it. Most rules are a
// pattern over a text file with a context check; file rules look at bytes and names. Isomorphic.

import { isCodeAt, lineOf, lineText, type TextFile, type TextKind } from "./context";
import type { ContextHook } from "./severity";
import type { ScanFinding, ScanRule } from "./types";

/** A match in a text file; the engine turns the offset into a line and an excerpt. */
export interface TextMatch {
  offset: number;
  length: number;
  /** Replaces the line around the match as the excerpt (e.g. decoded tag characters). */
  excerpt?: string;
}

/** A finding about a file as a whole (line null) or at a line the rule computed. */
export interface FileHit {
  line: number | null;
  excerpt: string;
}

export interface ScanFile {
  path: string;
  /** Lowercase name without folders. */
  name: string;
  /** Lowercase extension without the dot. */
  ext: string;
  bytes: Uint8Array;
  mediaType: string;
  /** The decoded text when the file is scannable text; null for binaries and files too large. */
  text: TextFile | null;
}

export interface RuleDef extends ScanRule {
  /** Lowercase words every match contains; the engine indexes them once per file for all rules. */
  quickWords?: readonly string[];
  /** Called for every text file within the size limit. */
  text?: (file: TextFile) => Iterable<TextMatch>;
  /** Called for every file, binaries and oversized files included (their bytes may be cut short). */
  file?: (file: ScanFile) => Iterable<FileHit>;
  /**
   * Called once per text file after every other rule, with that file's findings: for what two
   * findings mean together (a credential read and a network send in one script).
   */
  combine?: (file: TextFile, found: readonly ScanFinding[]) => Iterable<CombinedHit>;
  /** Whether the context of a match may lower its severity (see ./severity); default by category. */
  contextual?: boolean;
  /** The rule's own reading of a match's context, consulted before the general one. */
  contextHook?: ContextHook;
}

export interface CombinedHit extends FileHit {
  /** Why the combination rates as it does, naming the findings it combines. */
  note: string;
}

export type Where = "any" | "code" | "prose";

export interface PatternSpec {
  /** One or more patterns; each gets the global flag if it lacks it. */
  pattern: RegExp | readonly RegExp[];
  /**
   * Lowercase substrings, one of which every match contains (lowercased). Unless `multiline`,
   * the patterns then only run on the lines holding one of them, one line at a time.
   */
  quick?: readonly string[];
  /** The patterns can match across lines: run them over the whole file (when a quick word occurs). */
  multiline?: boolean;
  /** Kinds of text file the rule reads (default: all). */
  kinds?: readonly TextKind[];
  /** "code": code files, plain text and Markdown code (fenced or inline); "prose": Markdown outside code. */
  where?: Where;
  /** Last word on a match, e.g. the host a command downloads from. */
  accept?: (match: RegExpExecArray, file: TextFile) => boolean;
  excerpt?: (match: RegExpExecArray, file: TextFile) => string;
}

/** A rule made of one or more pattern specs (e.g. line patterns plus one that spans lines). */
export function patternRule(rule: ScanRule, ...specs: PatternSpec[]): RuleDef {
  const matchers = specs.map(specMatcher);
  return {
    ...rule,
    quickWords: specs.some((s) => !s.quick) ? undefined : specs.flatMap((s) => s.quick ?? []),
    *text(file) {
      for (const matcher of matchers) yield* matcher(file);
    },
  };
}

function specMatcher(spec: PatternSpec): (file: TextFile) => Iterable<TextMatch> {
  const patterns = (Array.isArray(spec.pattern) ? spec.pattern : [spec.pattern]).map((p: RegExp) => (p.global ? p : new RegExp(p.source, `${p.flags}g`)));
  const where = spec.where ?? "any";
  const keep = (m: RegExpExecArray, file: TextFile): TextMatch | null => {
    if (where !== "any" && isCodeAt(file, m.index) !== (where === "code")) return null;
    if (spec.accept && !spec.accept(m, file)) return null;
    return { offset: m.index, length: m[0].length, excerpt: spec.excerpt?.(m, file) };
  };
  return function* (file) {
    if (spec.kinds && !spec.kinds.includes(file.kind)) return;
    if (!spec.quick || spec.multiline) {
      if (spec.quick && !hasAnyWord(file, spec.quick)) return;
      for (const pattern of patterns) {
        for (const m of execAll(pattern, file.text, 0)) {
          const hit = keep(m, file);
          if (hit) yield hit;
        }
      }
      return;
    }
    // Patterns confined to one line only run on the lines holding one of the quick words:
    // finding those in one pass for all rules is far cheaper than running every pattern over
    // the whole file.
    for (const line of candidateLines(file, spec.quick)) {
      const start = file.lineStarts[line];
      const text = lineText(file, line + 1);
      for (const pattern of patterns) {
        for (const m of execAll(pattern, text, start)) {
          const hit = keep(m, file);
          if (hit) yield hit;
        }
      }
    }
  };
}

/**
 * Every match of a global pattern in `text`, with `index` shifted by `base`. Unlike matchAll it
 * does not clone the pattern on each call, which dominated the cost of running on many lines.
 */
export function* execAll(pattern: RegExp, text: string, base: number): Iterable<RegExpExecArray> {
  pattern.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(text)) !== null) {
    const end = pattern.lastIndex;
    // an empty match would not advance
    if (m[0].length === 0) pattern.lastIndex++;
    m.index += base;
    yield m;
    pattern.lastIndex = Math.max(pattern.lastIndex, end);
  }
}

/** Whether any of the words occurs in the file. */
export function hasAnyWord(file: TextFile, words: readonly string[]): boolean {
  return words.some((w) => (file.indexedWords?.has(w) ? file.wordLines?.has(w) : file.lower.includes(w)));
}

/** 0-based lines on which at least one of the (lowercase) words occurs, in order. */
export function candidateLines(file: TextFile, words: readonly string[]): number[] {
  const lines = new Set<number>();
  const { lower, lineStarts } = file;
  for (const word of words) {
    if (file.indexedWords?.has(word)) {
      for (const line of file.wordLines?.get(word) ?? []) lines.add(line);
      continue;
    }
    let i = lower.indexOf(word);
    while (i !== -1) {
      const line = lineOf(file, i) - 1;
      lines.add(line);
      i = line + 1 < lineStarts.length ? lower.indexOf(word, lineStarts[line + 1]) : -1;
    }
  }
  return [...lines].sort((a, b) => a - b);
}

/** A rule's public face, without the functions (what the UI and the CLI list). */
export function describeRule(rule: RuleDef): ScanRule {
  return { id: rule.id, category: rule.category, severity: rule.severity, appliesTo: rule.appliesTo, message: rule.message };
}
