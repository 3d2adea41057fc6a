// The contract between the scanner (lib/skills/scan: rules, engine, CLI) and what uses its results
// (the store's write path, the review gate, the upload preview, the Security tab, the list badge).
// Pure and isomorphic: no Next, React, Prisma, environment variables or node: modules.

export type ScanSeverity = "critical" | "high" | "medium" | "low";

export type ScanCategory = "hidden-text" | "prompt-injection" | "remote-code" | "credentials-exfiltration" | "system-damage" | "secrets" | "files";

/** Which files a rule reads: Markdown prose, code (scripts, code blocks are the rule's call), or any text. */
export type ScanTarget = "markdown" | "code" | "any" | "file-list";

export interface ScanRule {
  /** Stable id, e.g. "hidden-text/tag-characters". */
  id: string;
  category: ScanCategory;
  severity: ScanSeverity;
  appliesTo: ScanTarget;
  /** The risk in plain words, shown to reviewers. */
  message: string;
}

export interface ScanFinding {
  rule: string;
  severity: ScanSeverity;
  category: ScanCategory;
  /** Path inside the skill ("SKILL.md", "scripts/install.sh"). */
  file: string;
  /** 1-based line; null for findings about the file as a whole (binary, nested archive). */
  line: number | null;
  /** The matched text (trimmed to a readable length) with invisible characters made visible,
   *  e.g. "<U+200B>" or "⟦TAG: ignore all previous instructions⟧" for decoded tag characters. */
  excerpt: string;
  message: string;
  /** Where the match stands and what that did to its severity (results since ruleset 2026.11.25-1). */
  context?: FindingContext;
  /** The rule's own severity, present when the context lowered it (or a combination raised it). */
  ruleSeverity?: ScanSeverity;
}

/**
 * The context that set a finding's severity: "script" and "instruction" keep the rule's own
 * rating; the others say why it was lowered ("negated", "attack-example", "table", "mention",
 * "detection", "placeholder") or why two findings together rate higher ("combination").
 */
export interface FindingContext {
  kind: FindingContextKind;
  /** One sentence for reviewers: why this severity. */
  note: string;
}

export type FindingContextKind =
  "script" | "instruction" | "reference" | "document" | "negated" | "attack-example" | "table" | "mention" | "detection" | "placeholder" | "combination";

export interface ScanSkipped {
  path: string;
  reason: "too-large" | "binary" | "error";
  detail?: string;
}

export interface ScanResult {
  /** The rule-set version that produced this result; a rescan is due when it differs from RULESET_VERSION. */
  ruleset: string;
  findings: ScanFinding[];
  /** Highest severity among the findings; null when there are none. */
  highest: ScanSeverity | null;
  /** false when any file was skipped or failed: the result can then never read as "no findings". */
  complete: boolean;
  skipped: ScanSkipped[];
  filesScanned: number;
  bytesScanned: number;
  /** Findings left out because one rule matched too often in one file (present only when > 0). */
  findingsOmitted?: number;
}

export interface ScanInputFile {
  path: string;
  bytes: Uint8Array;
  /** From lib/skills detectMediaType when known. */
  mediaType?: string;
}

export const SEVERITY_ORDER: readonly ScanSeverity[] = ["critical", "high", "medium", "low"];
