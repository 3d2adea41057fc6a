import { formatBytes, formatNumber } from "../../display";
import { hasErrors, type Finding, type FindingCode, type Profile, type Severity } from "./findings";
import { agentKey, agentKeyProblem } from "./agent-keys";
import { normalizeAllowedTools, toolDeclarationSource } from "./bound-tools";
import { checkToolDeclarations } from "./bound-tools-check";
import { DEFAULT_LIMITS, RESERVED_NAME_WORDS, SPEC_KEYS, SPEC_LIMITS } from "./limits";
import { parseSkillMd, type Frontmatter, type FrontmatterField, type FrontmatterValue, type ParsedSkillMd } from "./skill-md";
import { codePointLength, countLines, describeValue as describe, utf8ByteLength } from "./text";
import { fixedSkillName } from "./skill-name";
import { countTokens } from "./tokens";

// Isomorphic on purpose: the browser editor validates as the user types.

export interface ValidateOptions {
  profile?: Profile;
  /** The folder holding SKILL.md; the name is compared with it when given. */
  folderName?: string;
  /** File path findings are reported against. */
  path?: string;
  /**
   * The skill's file paths, relative to its root, when the whole skill is validated: each bound
   * tool's script must be one of them. Without them (SKILL.md alone) that check is skipped.
   */
  files?: readonly string[];
  /** Skip the body token count (the frontmatter-only benchmark, or a caller that has it). */
  countBodyTokens?: boolean;
  maxFrontmatterBytes?: number;
  maxAliasCount?: number;
  maxSkillMdBytes?: number;
}

export interface SkillMdValidation {
  frontmatter: Frontmatter | null;
  fields: FrontmatterField[];
  /** The frontmatter name, trimmed and NFKC-normalised, when it is a non-empty string. */
  name: string | null;
  /** The frontmatter description, trimmed, when it is a non-empty string. */
  description: string | null;
  body: string;
  bodyStartLine: number;
  /** Lines of the whole SKILL.md. */
  lines: number;
  /** Approximate (o200k_base) tokens of the body; null when not counted. */
  bodyTokens: number | null;
  findings: Finding[];
  /** No error findings. */
  ok: boolean;
}

const XML_TAG = /<\/?[A-Za-z_][\w.:-]*(?:\s[^<>]*)?\/?>/;
const NAME_CHARS = /^[\p{L}\p{N}-]+$/u;
const NOT_NAME_CHAR = /[^\p{L}\p{N}-]/gu;

export function validateSkillMd(text: string, options: ValidateOptions = {}): SkillMdValidation {
  const tooLarge = checkSkillMdSize(text, options);
  if (tooLarge) return tooLarge;
  const parsed = parseSkillMd(text, {
    path: options.path,
    maxFrontmatterBytes: options.maxFrontmatterBytes ?? DEFAULT_LIMITS.maxFrontmatterBytes,
    maxAliasCount: options.maxAliasCount ?? DEFAULT_LIMITS.maxAliasCount,
  });
  return validateParsedSkillMd(parsed, options);
}

export function validateParsedSkillMd(parsed: ParsedSkillMd, options: ValidateOptions = {}): SkillMdValidation {
  const profile = options.profile ?? "spec";
  const path = options.path ?? "SKILL.md";
  const findings: Finding[] = [...parsed.findings];
  const lineOf = new Map(parsed.fields.map((f) => [f.key, f.line]));
  const add = (severity: Severity, code: FindingCode, message: string, field?: string): void => {
    const finding: Finding = { severity, code, message, path };
    // A missing required field points at the closing ---, where its line belongs.
    const missing = code === "name-missing" || code === "description-missing";
    const line = field === undefined ? undefined : missing ? parsed.bodyStartLine - 1 : lineOf.get(field.split(".")[0]);
    if (line !== undefined) finding.line = line;
    if (field !== undefined) finding.field = field;
    findings.push(finding);
  };
  const error = (code: FindingCode, message: string, field?: string): void => add("error", code, message, field);

  let name: string | null = null;
  let description: string | null = null;
  const fm = parsed.frontmatter;
  if (fm) {
    name = checkName(fm, profile, options.folderName, add);
    description = checkDescription(fm, profile, add);

    if ("compatibility" in fm) {
      const value = fm.compatibility;
      if (typeof value !== "string") {
        error("compatibility-not-string", `compatibility must be text (got ${describe(value)}); put it in quotes`, "compatibility");
      } else if (value.trim() === "") {
        error("compatibility-empty", "compatibility is empty; remove it or say what the skill needs (1-500 characters)", "compatibility");
      } else {
        const length = codePointLength(value);
        if (length > SPEC_LIMITS.compatibilityMaxChars) {
          error(
            "compatibility-too-long",
            `compatibility is ${formatNumber(length)} characters; the limit is ${formatNumber(SPEC_LIMITS.compatibilityMaxChars)}`,
            "compatibility",
          );
        }
      }
    }
    if ("license" in fm && typeof fm.license !== "string") {
      error("license-not-string", `license must be text, a license name or a file in the skill (got ${describe(fm.license)})`, "license");
    }
    if ("metadata" in fm) {
      const metadata = fm.metadata;
      if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) {
        error("metadata-not-mapping", `metadata must be a map of keys to text values (got ${describe(metadata)})`, "metadata");
      } else {
        for (const [key, value] of Object.entries(metadata)) {
          // metadata.tools holds tool declarations, checked by their own rules below.
          if (key === "tools") continue;
          if (typeof value !== "string") {
            error("metadata-value-not-string", `metadata.${key} must be text (got ${describe(value)}); metadata is a map of strings`, `metadata.${key}`);
          }
        }
      }
    }
    for (const finding of checkToolDeclarations(fm, parsed.lineOf, options.files)) findings.push({ ...finding, path });
    const allowed = fm["allowed-tools"];
    if (typeof allowed === "string" && commaOutsideParens(allowed)) {
      // Claude Code splits on commas too, but the spec's form is spaces: say how it is read.
      add(
        "warning",
        "allowed-tools-commas",
        `allowed-tools separates tools with commas; it is read as "${normalizeAllowedTools(allowed).join(" ")}" (the specification's form is one space-separated string: write it that way)`,
        "allowed-tools",
      );
    }
    if ("allowed-tools" in fm && typeof fm["allowed-tools"] !== "string") {
      const value = fm["allowed-tools"];
      if (allowedToolsList(value)) {
        // Claude Code documents both forms and real skills (Stripe's, Trail of Bits') ship the list.
        add(
          "warning",
          "allowed-tools-list",
          `allowed-tools is a YAML list; it is read as "${normalizeAllowedTools(value).join(" ")}" (the specification's form is one space-separated string, which Claude Code also accepts)`,
          "allowed-tools",
        );
      } else {
        error("allowed-tools-not-string", `allowed-tools must be a space-separated string or a list of tool names (got ${describe(value)})`, "allowed-tools");
      }
    }
    for (const field of parsed.fields) {
      if (SPEC_KEYS.includes(field.key)) continue;
      const known = agentKey(field.key);
      if (known) {
        const problem = agentKeyProblem(field.key, field.value);
        if (problem) add(profile === "spec" ? "warning" : "error", "agent-key-invalid", problem, field.key);
        else if (profile === "anthropic")
          error(
            "unknown-key",
            `"${field.key}" is ${known.agent}'s key (${known.summary}): Anthropic's upload accepts only ${SPEC_KEYS.join(", ")}; check with the claude-code profile for ${known.agent}`,
            field.key,
          );
        else if (profile === "spec")
          add(
            "warning",
            "agent-key",
            `"${field.key}" is ${known.agent}'s key (${known.summary}); agents that follow only the specification ignore it`,
            field.key,
          );
        continue;
      }
      if (field.key === "tools") {
        add(
          profile === "anthropic" ? "error" : "warning",
          "unknown-key",
          toolDeclarationSource(fm)?.field === "tools"
            ? `top-level "tools" is read as the skill's tool declarations (Wegent's form), but the specification has no such key${profile === "anthropic" ? " and Anthropic rejects it" : ""}: move the list under metadata (metadata.tools)`
            : `top-level "tools" is ignored: metadata.tools declares this skill's tools; remove it, or move its entries under metadata.tools`,
          field.key,
        );
      } else if (profile === "anthropic") {
        error("unknown-key", `unknown top-level key "${field.key}": Anthropic accepts only ${SPEC_KEYS.join(", ")}; move it under metadata`, field.key);
      } else {
        add(
          "warning",
          "unknown-key",
          `unknown top-level key "${field.key}": the specification defines ${SPEC_KEYS.join(", ")}; other tools may reject it (consider metadata)`,
          field.key,
        );
      }
    }
  }

  const lines = countLines(parsed.text);
  if (lines > SPEC_LIMITS.skillMdMaxLines) {
    findings.push({
      severity: "warning",
      code: "skill-md-too-many-lines",
      message: `SKILL.md is ${formatNumber(lines)} lines; keep it under ${formatNumber(SPEC_LIMITS.skillMdMaxLines)} and move details into references/`,
      path,
    });
  }
  let bodyTokens: number | null = null;
  if (options.countBodyTokens !== false) {
    bodyTokens = countTokens(parsed.body);
    if (bodyTokens > SPEC_LIMITS.bodyMaxTokens) {
      findings.push({
        severity: "warning",
        code: "body-too-many-tokens",
        message: `the body is about ${formatNumber(bodyTokens)} tokens; keep it under ${formatNumber(SPEC_LIMITS.bodyMaxTokens)} and move details into references/`,
        path,
      });
    }
  }

  return {
    frontmatter: fm,
    fields: parsed.fields,
    name,
    description,
    body: parsed.body,
    bodyStartLine: parsed.bodyStartLine,
    lines,
    bodyTokens,
    findings,
    ok: !hasErrors(findings),
  };
}

// Refused before parsing: YAML, line and token counts all grow with the text, and a multi-MB body
// stalled the server on upload and in every search that reached it.
function checkSkillMdSize(text: string, options: ValidateOptions): SkillMdValidation | null {
  const limit = options.maxSkillMdBytes ?? DEFAULT_LIMITS.maxSkillMdBytes;
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most texts are cleared without a byte count.
  if (text.length * 3 <= limit) return null;
  const bytes = utf8ByteLength(text);
  if (bytes <= limit) return null;
  const path = options.path ?? "SKILL.md";
  const message = `${path} is ${formatNumber(bytes)} bytes; the limit for SKILL.md is ${formatBytes(limit, "prose")}: move details into references/`;
  const finding: Finding = { severity: "error", code: "skill-md-too-large", message, path };
  return {
    frontmatter: null,
    fields: [],
    name: null,
    description: null,
    body: "",
    bodyStartLine: 1,
    lines: 0,
    bodyTokens: null,
    findings: [finding],
    ok: false,
  };
}

type Add = (severity: Severity, code: FindingCode, message: string, field?: string) => void;

function checkName(fm: Frontmatter, profile: Profile, folderName: string | undefined, add: Add): string | null {
  const error = (code: FindingCode, message: string): void => add("error", code, message, "name");
  if (!("name" in fm)) {
    error("name-missing", "name is missing; add a line like `name: my-skill` (lowercase letters, digits and hyphens)");
    return null;
  }
  const raw = fm.name;
  if (raw === null || (typeof raw === "string" && raw.trim() === "")) {
    error("name-empty", "name is empty; give the skill a name like my-skill");
    return null;
  }
  if (typeof raw !== "string") {
    error("name-not-string", `name must be text (got ${describe(raw)}); put it in quotes`);
    return null;
  }
  // The reference validator strips, then NFKC-normalises before every check.
  const name = raw.trim().normalize("NFKC");
  const length = codePointLength(name);
  if (length > SPEC_LIMITS.nameMaxChars) {
    error("name-too-long", `name is ${formatNumber(length)} characters; the limit is ${formatNumber(SPEC_LIMITS.nameMaxChars)}`);
  }
  // One suggestion that passes every rule below, not only this one ("My_Skill" → "my-skill").
  const fixed = fixedSkillName(name);
  const suggestion = fixed !== null && fixed !== name ? ` ("${fixed}")` : "";
  if (name !== name.toLowerCase()) {
    error("name-uppercase", `name "${name}" must be lowercase${suggestion}`);
  }
  if (name.startsWith("-") || name.endsWith("-")) {
    error("name-hyphen-edge", `name "${name}" must not start or end with a hyphen`);
  }
  if (name.includes("--")) {
    error("name-double-hyphen", `name "${name}" must not contain two hyphens in a row`);
  }
  if (!NAME_CHARS.test(name)) {
    const bad = [...new Set(name.match(NOT_NAME_CHAR) ?? [])].map((c) => JSON.stringify(c)).join(", ");
    error("name-invalid-chars", `name "${name}" contains ${bad}; use only lowercase letters, digits and hyphens${suggestion}`);
  }
  if (folderName !== undefined && folderName !== "") {
    const folder = folderName.normalize("NFKC");
    if (folder !== name) {
      add(
        "warning",
        "name-folder-mismatch",
        `name "${name}" differs from its folder "${folderName}"; the skill is stored and exported under "${name}"`,
        "name",
      );
    }
  }
  if (profile === "anthropic") {
    if (/[^\x00-\x7f]/.test(name)) {
      error("name-non-ascii", `name "${name}" has non-ASCII characters; Anthropic accepts only a-z, 0-9 and hyphens`);
    }
    if (XML_TAG.test(name)) {
      error("name-xml-tag", `name "${name}" contains an XML tag; Anthropic rejects them`);
    }
    const lower = name.toLowerCase();
    for (const word of RESERVED_NAME_WORDS) {
      if (lower.includes(word)) error("name-reserved-word", `name "${name}" contains the reserved word "${word}"; Anthropic rejects it`);
    }
  }
  return name;
}

function checkDescription(fm: Frontmatter, profile: Profile, add: Add): string | null {
  const error = (code: FindingCode, message: string): void => add("error", code, message, "description");
  if (!("description" in fm)) {
    error("description-missing", "description is missing; say what the skill does and when to use it (up to 1,024 characters)");
    return null;
  }
  const raw = fm.description;
  if (raw === null || (typeof raw === "string" && raw.trim() === "")) {
    error("description-empty", "description is empty; say what the skill does and when to use it");
    return null;
  }
  if (typeof raw !== "string") {
    error("description-not-string", `description must be text (got ${describe(raw)}); put it in quotes`);
    return null;
  }
  const length = codePointLength(raw);
  if (length > SPEC_LIMITS.descriptionMaxChars) {
    error("description-too-long", `description is ${formatNumber(length)} characters; the limit is ${formatNumber(SPEC_LIMITS.descriptionMaxChars)}`);
  }
  if (profile === "anthropic") {
    const tag = raw.match(XML_TAG);
    if (tag) error("description-xml-tag", `description contains the XML tag ${tag[0]}; Anthropic rejects XML tags (write it without angle brackets)`);
  }
  return raw.trim();
}

/** A comma between tools, not inside a rule's parentheses (`Bash(git add:*, git commit:*)`). */
function commaOutsideParens(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (char === "," && depth === 0) return true;
  }
  return false;
}

/** A YAML list of non-empty tool names, as Claude Code accepts for allowed-tools; null otherwise. */
function allowedToolsList(value: FrontmatterValue | undefined): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const tools = value.map((item) => (typeof item === "string" ? item.trim() : ""));
  return tools.every((tool) => tool !== "") ? tools : null;
}
