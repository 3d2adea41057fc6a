// Severity from context: the same pattern is an attack when a skill tells the agent to do it or a
// script does it, and documentation when a reference quotes it, teaches it or lists it to detect
// it. A context can only lower a rule's severity (never raise it, never hide the finding), and it
// says why, so a reviewer sees the rule's own rating beside the one that counts. Isomorphic.

import { isCodeAt, isFencedLine, lineOf, lineText, type TextFile } from "./context";
import { SEVERITY_ORDER, type FindingContext, type ScanSeverity } from "./types";

export interface ContextVerdict extends FindingContext {
  /** The highest severity this context allows; none when the rule's own severity stands. */
  cap?: ScanSeverity;
}

/** A rule-specific reading of one match (e.g. a credential path named rather than read). */
export type ContextHook = (file: TextFile, offset: number, length: number) => ContextVerdict | null;

// Words that say a line or a section is about an attack: describing, teaching or detecting it.
const ATTACK_WORDS =
  /\b(?:attackers?|attacks?|attacked|malicious|malware|exploit\w*|payloads?|injections?|injected|pwn\w*|evil|steal\w*|theft|stolen|compromis\w*|backdoors?|vulnerab\w*|dangerous|insecure|unsafe|red flags?|indicators?|iocs?|suspicious|phishing|exfiltrat\w*|persistence|disguis\w*|detect\w*|yara|threats?|traversal|ssrf|rce|supply[- ]chain|mitigat\w*|sharp edges?|footguns?|pitfalls?)\b/i;

// Guidance against what follows on the line: "never", "don't", "avoid", "wrong", a ✗ mark.
const NEGATION = /\b(?:never|do\s+not|don't|avoid|must\s+not|mustn't|should\s+not|shouldn't|instead\s+of|prohibited|forbidden|wrong|bad)\b|[❌✗✘🚫]/i;

// A YARA string definition: `$name = "text"`, `$name = { 4D 5A }` or `$name = /regex/`.
const YARA_STRING = /^\s*\$\w*\s*=\s*["{/]/;

const HEADING = /^ {0,3}#{1,6}\s+(.*)$/;

/** Placeholder hosts reserved for documentation (RFC 2606): nothing can be fetched from or sent to them. */
const RESERVED_EXAMPLE_HOST = /\bhttps?:\/\/(?:www\.)?example\.(?:com|org|net)(?=[/:\s"'`)]|$)/i;

const isSkillMd = (file: TextFile): boolean => file.path.toLowerCase() === "skill.md";

export function capSeverity(severity: ScanSeverity, cap: ScanSeverity | undefined): ScanSeverity {
  if (!cap) return severity;
  return SEVERITY_ORDER.indexOf(severity) < SEVERITY_ORDER.indexOf(cap) ? cap : severity;
}

/**
 * The context of a match, and how far it lowers the rule's severity. Scripts and other code run
 * as written, so only a YARA rule file's detection strings are lowered there; in SKILL.md, a
 * fenced block is what the agent is told to run and keeps its rating; prose and reference
 * documents are read for context.
 */
export function assessContext(file: TextFile, offset: number, length: number, hook?: ContextHook, ruleSeverity: ScanSeverity = "critical"): ContextVerdict {
  const line = lineOf(file, offset);
  const text = lineText(file, line);
  const matched = file.text.slice(offset, offset + length);

  if (file.kind !== "markdown") {
    if ((file.ext === "yar" || file.ext === "yara") && YARA_STRING.test(text)) return DETECTION;
    return file.kind === "code"
      ? { kind: "script", note: "In a script or code file, which runs as written: the rule's own severity." }
      : { kind: "document", note: "In a data or text file: the rule's own severity." };
  }

  const skillMd = isSkillMd(file);
  const fenced = isFencedLine(file, line);
  if (RESERVED_EXAMPLE_HOST.test(matched)) {
    return {
      kind: "placeholder",
      cap: "low",
      note: "Uses a reserved documentation host (example.com): a template of a command, nothing real is fetched or sent.",
    };
  }
  if (fenced && YARA_STRING.test(text)) return DETECTION;

  const ruleVerdict = hook?.(file, offset, length);
  if (ruleVerdict) return ruleVerdict;

  // What the agent is told to run in SKILL.md stands as written, whatever words surround it.
  if (skillMd && fenced) return { kind: "instruction", note: "In a code block of SKILL.md: a command the agent is told to run, so the rule's own severity." };

  const lineStart = file.lineStarts[line - 1];
  const before = text.slice(0, offset - lineStart);
  // SKILL.md's prose is what the agent reads as instructions: a word on the line lowers a finding
  // one step there (a critical one still needs a review), and as far as medium in references.
  const proseCap: ScanSeverity = skillMd ? (ruleSeverity === "critical" ? "high" : "medium") : "medium";
  if (NEGATION.test(before)) {
    return {
      kind: "negated",
      cap: proseCap,
      note: `Negated guidance: the line tells the agent not to do this (“${(NEGATION.exec(before)?.[0] ?? "").trim()}”).`,
    };
  }
  const attack = ATTACK_WORDS.exec(text);
  if (attack) {
    return { kind: "attack-example", cap: proseCap, note: `The line describes an attack or a pattern to detect (“${attack[0]}”), rather than asking for it.` };
  }
  if (!skillMd) {
    if (/^\s*\|/.test(text) && !fenced) {
      return { kind: "table", cap: "medium", note: "A row of a table in a reference document: a pattern listed, not a step to take." };
    }
    const section = sectionAbout(file, line);
    if (section) {
      return {
        kind: "attack-example",
        cap: "medium",
        note: `In a reference document's section about attacks or detection (${section}): quoted to teach or detect it.`,
      };
    }
    return { kind: "reference", note: "In a reference document the agent reads when told to: the rule's own severity." };
  }
  return { kind: "instruction", note: "In SKILL.md's instructions to the agent: the rule's own severity." };
}

const DETECTION: ContextVerdict = {
  kind: "detection",
  cap: "low",
  note: "A detection string (a YARA rule's `$name = …`): text a rule looks for, not something the skill does.",
};

interface Section {
  /** 1-based line of the heading; 0 for the text before the first heading. */
  line: number;
  level: number;
  title: string;
  /** Whether the heading or any line under it (code included) uses an attack word. */
  aboutAttacks: boolean;
  parent: Section | null;
}

const sectionCache = new WeakMap<TextFile, Section[]>();

/** The file's sections in order, each knowing its parent heading: built once per file. */
function sectionsOf(file: TextFile): Section[] {
  const cached = sectionCache.get(file);
  if (cached) return cached;
  const sections: Section[] = [{ line: 0, level: 0, title: "", aboutAttacks: false, parent: null }];
  const open: Section[] = [sections[0]];
  for (let n = 1; n <= file.lineStarts.length; n++) {
    const text = lineText(file, n);
    const heading = isFencedLine(file, n) ? null : HEADING.exec(text);
    if (heading) {
      const level = /^ {0,3}(#+)/.exec(text)![1].length;
      while (open.length > 1 && open[open.length - 1].level >= level) open.pop();
      const section: Section = { line: n, level, title: heading[1].trim().slice(0, 80), aboutAttacks: false, parent: open[open.length - 1] };
      sections.push(section);
      open.push(section);
    }
    if (ATTACK_WORDS.test(text)) sections[sections.length - 1].aboutAttacks = true;
  }
  sectionCache.set(file, sections);
  return sections;
}

/**
 * Whether the section holding `line`, or a heading it sits under, talks about attacks or
 * detection: returns how to name it ("heading “Attack Scenarios”"), or null.
 */
function sectionAbout(file: TextFile, line: number): string | null {
  const sections = sectionsOf(file);
  let lo = 0;
  let hi = sections.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sections[mid].line <= line) lo = mid;
    else hi = mid - 1;
  }
  for (let section: Section | null = sections[lo]; section; section = section.parent) {
    if (section.aboutAttacks) return section.line === 0 ? "its opening lines" : `heading “${section.title}”`;
  }
  return null;
}

// Verbs and commands that read, copy or send a file (as opposed to naming it).
const ACTS_ON_FILE =
  /\b(?:cat|cp|mv|scp|rsync|tar|zip|7z|base64|xxd|curl|wget|less|more|head|tail|grep|jq|sed|awk|open|readFile\w*|read_text|read_bytes|Get-Content|upload|send|post|exfiltrate|copy|print|dump|collect|grab|steal|attach|include|load|source|read)\b|[<>]\s*[~$/]/i;

/**
 * A credential path named in prose or in a comment, with nothing on the line that reads or sends
 * it: "the AWS credentials file: `~/.aws/credentials`" documents where a tool looks, it does not
 * read it.
 */
export const namedNotRead: ContextHook = (file, offset) => {
  const line = lineOf(file, offset);
  const text = lineText(file, line);
  const comment = /^\s*(?:#|\/\/|<!--|;|--\s)/.test(text);
  if (isFencedLine(file, line) && !comment) return null;
  if (ACTS_ON_FILE.test(text.replace(/^\s*(?:#|\/\/|<!--)\s*/, ""))) return null;
  return {
    kind: "mention",
    cap: "low",
    note: comment
      ? "Named in a comment, not read: no command on the line reads or sends it."
      : "Named in prose, not read: no command on the line reads or sends it.",
  };
};

/** A flag named on its own in a `code span` ("`--yolo`") is documentation; in a command line it is used. */
export const flagNamedNotUsed: ContextHook = (file, offset, length) => {
  if (!isCodeAt(file, offset)) return null;
  const line = lineOf(file, offset);
  if (isFencedLine(file, line)) return null;
  const start = file.lineStarts[line - 1];
  const text = lineText(file, line);
  const from = offset - start;
  const open = text.lastIndexOf("`", from - 1);
  const close = text.indexOf("`", from + length);
  if (open === -1 || close === -1) return null;
  const span = text.slice(open + 1, close).trim();
  // the span holds the flag (and maybe its value), no command around it
  if (/^--?[\w-]+(?:[=\s]["']?[\w-]+["']?)?$/.test(span)) {
    return { kind: "mention", cap: "low", note: `The flag is named (\`${span}\`), not used in a command.` };
  }
  return null;
};
