export type Severity = "error" | "warning";

/**
 * Which rule set applies:
 * - `spec`: the agentskills.io specification. A name that differs from its folder and unknown
 *   top-level keys are warnings (real published skills do both).
 * - `anthropic`: the spec plus Anthropic's upload rules (claude.ai, Claude API): no XML tags in
 *   name or description, no reserved words in the name, ASCII kebab-case names, no unknown keys.
 * - `claude-code`: the spec plus the keys Claude Code defines (agent-keys.ts), checked by value;
 *   other unknown keys stay warnings.
 */
export type Profile = "spec" | "anthropic" | "claude-code";

export const PROFILES: readonly Profile[] = ["spec", "anthropic", "claude-code"];

/**
 * One problem found in a skill or an archive.
 * - `path`: the file it is about, relative to the skill root for skill findings ("SKILL.md"),
 *   the entry name for archive findings, "" for the archive as a whole.
 * - `line`: 1-based line in that file, when the problem has a place.
 * - `field`: the frontmatter field, dotted for nested ones ("metadata.version").
 */
export interface Finding {
  severity: Severity;
  code: FindingCode;
  message: string;
  path: string;
  line?: number;
  field?: string;
}

export type FindingCode =
  // SKILL.md structure and YAML
  | "skill-md-invalid-utf8"
  | "skill-md-too-large"
  | "frontmatter-missing"
  | "frontmatter-unclosed"
  | "frontmatter-too-large"
  | "frontmatter-empty"
  | "frontmatter-not-mapping"
  | "yaml-syntax"
  | "yaml-duplicate-key"
  | "yaml-alias-limit"
  | "yaml-warning"
  // fields (spec)
  | "name-missing"
  | "name-not-string"
  | "name-empty"
  | "name-too-long"
  | "name-uppercase"
  | "name-hyphen-edge"
  | "name-double-hyphen"
  | "name-invalid-chars"
  | "name-folder-mismatch"
  | "description-missing"
  | "description-not-string"
  | "description-empty"
  | "description-too-long"
  | "compatibility-not-string"
  | "compatibility-empty"
  | "compatibility-too-long"
  | "license-not-string"
  | "metadata-not-mapping"
  | "metadata-value-not-string"
  | "allowed-tools-not-string"
  | "allowed-tools-list"
  | "allowed-tools-commas"
  | "agent-key"
  | "agent-key-invalid"
  | "unknown-key"
  // tools bound to the skill (metadata.tools, or a top-level tools list)
  | "tools-not-list"
  | "tools-too-many"
  | "tool-not-mapping"
  | "tool-name-missing"
  | "tool-name-invalid"
  | "tool-name-reserved"
  | "tool-name-duplicate"
  | "tool-description-missing"
  | "tool-description-invalid"
  | "tool-script-missing"
  | "tool-script-invalid"
  | "tool-script-not-found"
  | "tool-schema-not-object"
  | "tool-schema-invalid"
  | "tool-key-unknown"
  // fields (anthropic)
  | "name-xml-tag"
  | "name-reserved-word"
  | "name-non-ascii"
  | "description-xml-tag"
  // body (recommendations)
  | "skill-md-too-many-lines"
  | "body-too-many-tokens"
  // skill folder
  | "skill-md-lowercase"
  | "skill-md-missing"
  | "duplicate-skill-name"
  | "skill-too-many-files"
  | "skill-too-large"
  | "trigger-tests-invalid"
  // archive and entries
  | "input-unsupported"
  | "input-not-found"
  | "archive-invalid"
  | "archive-junk-before"
  | "archive-junk-after"
  | "archive-too-many-entries"
  | "archive-too-large"
  | "archive-ratio"
  | "entry-too-large"
  | "entry-size-mismatch"
  | "entry-ratio"
  | "entry-crc-mismatch"
  | "entry-corrupt"
  | "entry-encrypted"
  | "entry-unsupported-method"
  | "entry-symlink"
  | "entry-special"
  | "path-traversal"
  | "path-absolute"
  | "path-backslash"
  | "path-empty-segment"
  | "path-too-long"
  | "path-control-char"
  | "path-bidi-char"
  | "path-windows-reserved"
  | "path-invalid-utf8"
  | "path-duplicate"
  | "path-collision";

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "error");
}
