// The engine: decode each file once, run every rule over it, and fail closed. A file that cannot
// be read as text (too large, binary) or that makes a rule or the engine throw is listed in `skipped` and the
// result is incomplete, so it can never read as "no findings". Isomorphic.

import { detectMediaType, isTextMediaType, sniffBinary } from "../format/media-type";
import { decodeUtf8 } from "../format/text";
import { excerptAt, extension, indexWords, lineOf, makeTextFile } from "./context";
import type { RuleDef, ScanFile } from "./rule";
import { assessContext, capSeverity, type ContextVerdict } from "./severity";
import {
  SEVERITY_ORDER,
  type FindingContext,
  type ScanCategory,
  type ScanFinding,
  type ScanInputFile,
  type ScanResult,
  type ScanSeverity,
  type ScanSkipped,
} from "./types";
import { makeVisible } from "./visible";
import type { Steps } from "../archive/steps";
import { WordSearch } from "./word-search";

const searches = new WeakMap<readonly RuleDef[], WordSearch>();

/** One automaton for the quick words of a rule set, built once. */
function wordSearchFor(rules: readonly RuleDef[]): WordSearch {
  let search = searches.get(rules);
  if (!search) {
    search = new WordSearch(rules.flatMap((r) => r.quickWords ?? []));
    searches.set(rules, search);
  }
  return search;
}

/** Text files larger than this are not read by the rules (1 MiB: far above any real SKILL.md or script). */
export const DEFAULT_MAX_SCAN_BYTES = 1024 * 1024;

/** At most this many findings of one rule in one file; the rest are counted in `findingsOmitted`. */
export const MAX_FINDINGS_PER_RULE_AND_FILE = 25;

const EXCERPT_MAX = 200;

/** Categories whose findings depend on where they stand; hidden text and file-level checks do not. */
const CONTEXTUAL: ReadonlySet<ScanCategory> = new Set(["prompt-injection", "remote-code", "credentials-exfiltration", "system-damage", "secrets"]);

type Add = (line: number | null, excerpt: string, verdict?: ContextVerdict) => void;

const rank = (s: ScanSeverity): number => SEVERITY_ORDER.indexOf(s);

const contextOf = (verdict: ContextVerdict | undefined): FindingContext | undefined => (verdict ? { kind: verdict.kind, note: verdict.note } : undefined);

export interface ScanOptions {
  /** Text files larger than this are skipped as "too-large" (default DEFAULT_MAX_SCAN_BYTES). */
  maxFileBytes?: number;
}

export function runScan(files: readonly ScanInputFile[], rules: readonly RuleDef[], ruleset: string, options: ScanOptions = {}): ScanResult {
  return finish(runScanSteps(files, rules, ruleset, options));
}

/** Runs steps to the end at once (archive/steps' runSteps; the browser-safe scanner takes only its type). */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** runScan as steps that yield between files (see ../archive/steps), so a server can give other requests a turn. */
export function* runScanSteps(files: readonly ScanInputFile[], rules: readonly RuleDef[], ruleset: string, options: ScanOptions = {}): Steps<ScanResult> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_SCAN_BYTES;
  const findings: (ScanFinding & { order: number })[] = [];
  const skipped: ScanSkipped[] = [];
  let filesScanned = 0;
  let bytesScanned = 0;
  let omitted = 0;
  const search = wordSearchFor(rules);

  for (const [order, input] of files.entries()) {
    // Whatever goes wrong with one file (decoding, sniffing, indexing) costs only that file: the
    // other files' findings stand, so one crafted file cannot hide a critical finding elsewhere.
    try {
      scanOne(input, order);
    } catch (error) {
      skipped.push({ path: input.path, reason: "error", detail: `the scanner failed on this file: ${error instanceof Error ? error.message : String(error)}` });
    }
    yield;
  }

  function scanOne(input: ScanInputFile, order: number): void {
    const { path, bytes } = input;
    const tooLarge = bytes.length > maxFileBytes;
    let decoded = tooLarge ? null : decodeUtf8(bytes);
    const mediaType = input.mediaType ?? detectMediaType(bytes, path, decoded);
    // Stray control characters make the media type say "binary", yet they are exactly what the
    // hidden-text rules look for: UTF-8 without a binary signature or NUL is still read as text.
    const textual = decoded !== null && (isTextMediaType(mediaType) || (sniffBinary(bytes) === null && !decoded.slice(0, 8192).includes("\0")));
    if (!textual) decoded = null;
    if (decoded !== null && decoded.charCodeAt(0) === 0xfeff) decoded = decoded.slice(1);
    const text = decoded === null ? null : makeTextFile(path, decoded, isTextMediaType(mediaType) ? mediaType : "text/plain");
    if (text) indexWords(text, search);
    if (tooLarge)
      skipped.push({ path, reason: "too-large", detail: `${bytes.length} bytes, over the ${maxFileBytes}-byte scan limit: the text rules did not read it` });
    else if (text === null) skipped.push({ path, reason: "binary", detail: `${mediaType}: not text, so only the file-level rules looked at it` });
    else {
      filesScanned++;
      bytesScanned += bytes.length;
    }

    const file: ScanFile = { path, name: path.slice(path.lastIndexOf("/") + 1).toLowerCase(), ext: extension(path), bytes, mediaType, text };
    const ofThisFile: ScanFinding[] = [];
    const runRule = (rule: RuleDef, hits: (add: Add) => void): void => {
      // one finding per rule and line: the most severe reading of that line stands
      const seen = new Map<number | null, ScanFinding & { order: number }>();
      let count = 0;
      const add: Add = (line, excerpt, verdict) => {
        const rated = capSeverity(rule.severity, verdict?.cap);
        const earlier = seen.get(line);
        if (earlier) {
          if (rank(rated) < rank(earlier.severity))
            Object.assign(
              earlier,
              rated === rule.severity
                ? { severity: rated, context: contextOf(verdict), ruleSeverity: undefined }
                : { severity: rated, context: contextOf(verdict), ruleSeverity: rule.severity },
            );
          return;
        }
        if (++count > MAX_FINDINGS_PER_RULE_AND_FILE) {
          omitted++;
          return;
        }
        const finding: ScanFinding & { order: number } = {
          rule: rule.id,
          severity: rated,
          category: rule.category,
          file: path,
          line,
          excerpt: makeVisible(excerpt),
          message: rule.message,
          order,
        };
        if (verdict) finding.context = contextOf(verdict);
        if (rated !== rule.severity) finding.ruleSeverity = rule.severity;
        seen.set(line, finding);
        findings.push(finding);
        ofThisFile.push(finding);
      };
      try {
        hits(add);
      } catch (error) {
        skipped.push({ path, reason: "error", detail: `rule ${rule.id} failed: ${error instanceof Error ? error.message : String(error)}` });
      }
    };
    for (const rule of rules) {
      const contextual = rule.contextual ?? CONTEXTUAL.has(rule.category);
      runRule(rule, (add) => {
        if (rule.file) for (const hit of rule.file(file)) add(hit.line, hit.excerpt);
        if (rule.text && text) {
          for (const m of rule.text(text)) {
            const verdict = contextual ? assessContext(text, m.offset, m.length, rule.contextHook, rule.severity) : undefined;
            add(lineOf(text, m.offset), m.excerpt ?? excerptAt(text, m.offset, m.length, EXCERPT_MAX), verdict);
          }
        }
      });
    }
    if (!text) return;
    for (const rule of rules) {
      if (!rule.combine) continue;
      const found = [...ofThisFile];
      runRule(rule, (add) => {
        for (const hit of rule.combine!(text, found)) add(hit.line, hit.excerpt, { kind: "combination", note: hit.note });
      });
    }
  }

  findings.sort((a, b) => rank(a.severity) - rank(b.severity) || a.order - b.order || (a.line ?? 0) - (b.line ?? 0) || a.rule.localeCompare(b.rule));
  const result: ScanResult = {
    ruleset,
    findings: findings.map(({ order: _order, ...f }) => f),
    highest: highestSeverity(findings),
    complete: skipped.length === 0,
    skipped,
    filesScanned,
    bytesScanned,
  };
  if (omitted > 0) result.findingsOmitted = omitted;
  return result;
}

/** The most severe of the findings' severities, or null when there are none. */
export function highestSeverity(findings: readonly { severity: ScanSeverity }[]): ScanSeverity | null {
  let best: ScanSeverity | null = null;
  for (const f of findings) if (best === null || SEVERITY_ORDER.indexOf(f.severity) < SEVERITY_ORDER.indexOf(best)) best = f.severity;
  return best;
}
