import { formatBytes, formatNumber } from "../../display";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type YAMLMap } from "yaml";
import { type Finding } from "./findings";
import { DEFAULT_LIMITS } from "./limits";
import { decodeUtf8, findInvalidUtf8, lineAtOffset, utf8ByteLength } from "./text";

// Isomorphic on purpose: the browser editor runs this on every keystroke.

export type FrontmatterValue = string | number | boolean | null | FrontmatterValue[] | { [key: string]: FrontmatterValue };
export type Frontmatter = { [key: string]: FrontmatterValue };

export interface FrontmatterField {
  key: string;
  value: FrontmatterValue;
  /** 1-based line of the key in SKILL.md. */
  line: number;
}

export interface ParsedSkillMd {
  /**
   * Every top-level field, nested maps and lists included, as a plain object in source order.
   * (JavaScript puts integer-like keys such as "2024" first; `fields` keeps the true order.)
   * Null when there is no usable frontmatter.
   */
  frontmatter: Frontmatter | null;
  fields: FrontmatterField[];
  /** Markdown after the closing delimiter, line endings normalised to \n. */
  body: string;
  /** 1-based line in SKILL.md of the first frontmatter line (the one after the opening ---). */
  frontmatterStartLine: number;
  /** 1-based line in SKILL.md where the body starts; 1 when there is no frontmatter. */
  bodyStartLine: number;
  /** The text parsed: BOM stripped, otherwise as given. */
  text: string;
  findings: Finding[];
  /**
   * 1-based line in SKILL.md of a nested frontmatter node: a map entry's key, a list item's first
   * line. `["metadata", "tools", 1, "script"]` is the `script:` line of the second tool. Undefined
   * when the path leads nowhere (or there is no frontmatter); `fields` holds the top-level lines.
   */
  lineOf(path: readonly (string | number)[]): number | undefined;
}

export interface ParseOptions {
  /** File path findings are reported against. */
  path?: string;
  maxFrontmatterBytes?: number;
  maxAliasCount?: number;
}

const BOM = "\uFEFF";

/**
 * Splits SKILL.md into YAML frontmatter and Markdown body and parses the YAML safely (YAML 1.2,
 * no code execution, duplicate keys rejected, alias expansion capped, size capped before parsing).
 * Never throws for bad input: every problem becomes a finding.
 */
export function parseSkillMd(input: string, options: ParseOptions = {}): ParsedSkillMd {
  const path = options.path ?? "SKILL.md";
  const maxBytes = options.maxFrontmatterBytes ?? DEFAULT_LIMITS.maxFrontmatterBytes;
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const result: ParsedSkillMd = {
    frontmatter: null,
    fields: [],
    body: normalizeNewlines(text),
    frontmatterStartLine: 2,
    bodyStartLine: 1,
    text,
    findings: [],
    lineOf: () => undefined,
  };
  const error = (code: Finding["code"], message: string, line?: number): void => {
    result.findings.push(line === undefined ? { severity: "error", code, message, path } : { severity: "error", code, message, path, line });
  };

  const firstEnd = lineEnd(text, 0);
  const firstLine = stripCr(text.slice(0, firstEnd));
  if (firstLine !== "---") {
    if (firstLine.startsWith("---") && firstLine.slice(3).trim() === "") {
      error("frontmatter-missing", `line 1 is "${firstLine}" with trailing whitespace; it must be exactly ---`, 1);
    } else {
      error("frontmatter-missing", "SKILL.md must start with YAML frontmatter: a first line that is exactly ---, then name and description, then ---", 1);
    }
    return result;
  }

  // The closing delimiter is the next line that is exactly "---": a value containing "a---b",
  // or a line like "--- # end", stays part of the frontmatter.
  let lineStart = firstEnd + 1;
  let lineNo = 2;
  let closeStart = -1;
  let closeEnd = -1;
  while (lineStart <= text.length && firstEnd < text.length) {
    const end = lineEnd(text, lineStart);
    if (stripCr(text.slice(lineStart, end)) === "---") {
      closeStart = lineStart;
      closeEnd = end;
      break;
    }
    if (end >= text.length) break;
    lineStart = end + 1;
    lineNo++;
  }
  if (closeStart === -1) {
    error("frontmatter-unclosed", "the frontmatter is not closed: add a line that is exactly --- after the last field", 1);
    return result;
  }

  const rawYaml = text.slice(firstEnd + 1, closeStart);
  const yamlText = normalizeNewlines(rawYaml);
  result.body = closeEnd >= text.length ? "" : normalizeNewlines(text.slice(closeEnd + 1));
  result.bodyStartLine = lineNo + 1;

  const yamlBytes = utf8ByteLength(rawYaml);
  if (yamlBytes > maxBytes) {
    error(
      "frontmatter-too-large",
      `the frontmatter is ${formatNumber(yamlBytes)} bytes; the limit is ${formatBytes(maxBytes, "prose")} (move long content into the body or references/)`,
      2,
    );
    return result;
  }

  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, {
    lineCounter,
    version: "1.2",
    uniqueKeys: true,
    stringKeys: true,
    // !!binary, !!timestamp and friends would produce Buffers and Dates; keep plain JSON values.
    resolveKnownTags: false,
    prettyErrors: false,
    logLevel: "silent",
  });
  const toFileLine = (offset: number | undefined): number | undefined => (offset === undefined ? undefined : lineCounter.linePos(offset).line + 1);

  let fatalYamlError = false;
  for (const e of doc.errors) {
    const line = toFileLine(e.pos[0]);
    if (e.code === "DUPLICATE_KEY") {
      const key = keyAt(doc, e.pos[0]) ?? yamlText.slice(e.pos[0], e.pos[1]);
      error("yaml-duplicate-key", `key "${key}" appears more than once${line ? ` (again on line ${line})` : ""}; keep one`, line);
    } else {
      fatalYamlError = true;
      error("yaml-syntax", `invalid YAML in the frontmatter: ${firstSentence(e.message)}`, line);
    }
  }
  for (const w of doc.warnings) {
    const line = toFileLine(w.pos[0]);
    const finding: Finding = { severity: "warning", code: "yaml-warning", message: `YAML: ${firstSentence(w.message)}`, path };
    if (line !== undefined) finding.line = line;
    result.findings.push(finding);
  }
  if (fatalYamlError) return result;

  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    error("frontmatter-empty", "the frontmatter is empty; add at least name and description", 2);
    return result;
  }
  if (!isMap(doc.contents)) {
    error("frontmatter-not-mapping", "the frontmatter must be a YAML mapping of keys to values (name: ..., description: ...), not a list or a single value", 2);
    return result;
  }

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: options.maxAliasCount ?? DEFAULT_LIMITS.maxAliasCount });
  } catch (e) {
    if (e instanceof ReferenceError) {
      error(
        "yaml-alias-limit",
        `the frontmatter expands YAML aliases more than ${options.maxAliasCount ?? DEFAULT_LIMITS.maxAliasCount} times; remove the anchors (&) and aliases (*)`,
        2,
      );
      return result;
    }
    throw e;
  }
  const frontmatter = data as Frontmatter;
  coerceMetadataScalars(doc, frontmatter);

  result.frontmatter = frontmatter;
  result.lineOf = (path) => toFileLine(offsetOf(doc, path));
  for (const pair of (doc.contents as YAMLMap).items) {
    const keyNode = pair.key;
    const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
    const offset = isScalar(keyNode) && keyNode.range ? keyNode.range[0] : undefined;
    result.fields.push({ key, value: frontmatter[key], line: toFileLine(offset) ?? 2 });
  }
  return result;
}

/**
 * The specification makes metadata a map of strings, and the reference parser reads every scalar
 * as text; so `version: 1.0` means "1.0" (its source text), never the number 1.
 */
function coerceMetadataScalars(doc: Document, frontmatter: Frontmatter): void {
  const node = doc.get("metadata", true);
  const target = frontmatter.metadata;
  if (!isMap(node) || target === null || typeof target !== "object" || Array.isArray(target)) return;
  for (const pair of node.items) {
    if (!isScalar(pair.key)) continue;
    const key = String(pair.key.value);
    const value = pair.value;
    if (value === null || value === undefined) {
      target[key] = "";
    } else if (isScalar(value) && typeof value.value !== "string" && (typeof value.value !== "object" || value.value === null)) {
      target[key] = value.source ?? String(value.value);
    }
  }
}

/** Reads SKILL.md bytes as UTF-8; invalid UTF-8 is an error finding, with the line it is on. */
export function decodeSkillMd(bytes: Uint8Array, path = "SKILL.md"): { text: string | null; findings: Finding[] } {
  const text = decodeUtf8(bytes);
  if (text !== null) return { text, findings: [] };
  const offset = findInvalidUtf8(bytes);
  const line = lineAtOffset(bytes, Math.max(offset, 0));
  return {
    text: null,
    findings: [
      {
        severity: "error",
        code: "skill-md-invalid-utf8",
        message: `SKILL.md is not valid UTF-8 (first bad byte at offset ${formatNumber(offset)}, line ${line}); save it as UTF-8`,
        path,
        line,
      },
    ],
  };
}

/** Where a path's last node starts: the key of a map entry, the node of a list item. */
function offsetOf(doc: Document, path: readonly (string | number)[]): number | undefined {
  let node: unknown = doc.contents;
  let offset: number | undefined;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair || !isScalar(pair.key)) return undefined;
      offset = pair.key.range?.[0];
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      const item = node.items[segment];
      if (!item || !(isScalar(item) || isMap(item) || isSeq(item))) return undefined;
      offset = item.range?.[0];
      node = item;
    } else return undefined;
  }
  return offset;
}

function keyAt(doc: Document, offset: number): string | null {
  let key: string | null = null;
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.range?.[0] === offset) {
        key = String(pair.key.value);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return key;
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf("\n", from);
  return i === -1 ? text.length : i;
}

function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

function normalizeNewlines(text: string): string {
  return text.includes("\r\n") ? text.replace(/\r\n/g, "\n") : text;
}

function firstSentence(message: string): string {
  const line = message.split("\n")[0];
  return line.replace(/ at line \d+, column \d+:?$/, "");
}
