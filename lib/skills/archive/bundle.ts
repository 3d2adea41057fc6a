import { formatBytes, formatNumber } from "../../display";
import { createHash } from "node:crypto";
import { hasErrors, type Finding, type Profile } from "../format/findings";
import { resolveLimits, type BundleLimits } from "../format/limits";
import { detectMediaType } from "../format/media-type";
import { checkEntryPath, collisionKey, dirname, skipReason } from "../format/paths";
import type { Frontmatter, FrontmatterField } from "../format/skill-md";
import { decodeUtf8 } from "../format/text";
import { tokenBudget, type TokenBudget, type TokenCounts } from "../format/tokens";
import { runSteps, type Steps } from "./steps";
import { collectEntries, entryError, type RawEntry } from "./bundle-entries";
import { buildSkills, compareStrings } from "./bundle-skills";
import type { EntryType } from "./zip";
import type { InflateBudget } from "./zip-extract";

// Reading a skill bundle, as agreed with the store, upload, editor and playground work (this was
// the public face of lib/skills/index.ts; import from here and from ../format/* directly). Unlike
// ../format/*, this module hashes with node:crypto, so the browser cannot load it.
//   readBundle(input, { profile, limits, countResourceTokens }) -> Bundle
//     Bundle      = { files: BundleFile[], skills: BundleSkill[], findings, skipped, ok }
//     BundleFile  = { path, bytes, size, sha256, mediaType, executable }
//     BundleSkill = { root, name, description, frontmatter, fields, body, skillMd, files, findings,
//                     ok, tokens: { approximate, tokenizer, catalog, body, resources, total } }
//   Additions to the agreed shape: Bundle.ok, BundleSkill.fields (ordered fields with lines),
//   skipped[].entries (how many entries a skipped folder held), Finding.field.

export type BundleKind = "zip" | "tar.gz" | "tar" | "files" | "skill-md";

export interface FileInput {
  /** Relative path with "/" separators, e.g. a browser File's webkitRelativePath. */
  path: string;
  bytes: Uint8Array;
  /** Non-files met while reading a folder are passed on so they are reported, not silently lost. */
  type?: EntryType;
  /** Real size when `bytes` were left unread because the file is over the per-file limit. */
  size?: number;
  /** The file's execute bit where the source has one (a file system, a ZIP or tarball entry); a browser pick has none. */
  executable?: boolean;
}

export type BundleInput =
  | { kind: "zip"; bytes: Uint8Array }
  | { kind: "tar.gz"; bytes: Uint8Array }
  | { kind: "tar"; bytes: Uint8Array }
  | { kind: "files"; files: FileInput[] }
  /** A lone SKILL.md; `folderName` (the folder it came from) enables the name check. */
  | { kind: "skill-md"; bytes: Uint8Array; folderName?: string };

export interface ReadBundleOptions {
  profile?: Profile;
  limits?: Partial<BundleLimits>;
  /** Count tokens of every resource (default true); the catalog and body are always counted. */
  countResourceTokens?: boolean;
  /** Exact resource counting left for this read (default: a fresh EXACT_TOKEN_CHARS); pass one to share it across reads. */
  tokenBudget?: TokenBudget;
}

export interface BundleFile {
  path: string;
  bytes: Uint8Array;
  size: number;
  /** Lowercase hex SHA-256 of `bytes`. */
  sha256: string;
  /** Detected from the content; the extension only refines which kind of text. */
  mediaType: string;
  /**
   * Git-like mode: only the executable bit is kept (755, else 644). It is not part of the bundle
   * digest (./digest.ts), so "unchanged" checks compare it on its own (sameVersionContent).
   */
  executable: boolean;
}

export interface BundleSkill {
  /** Folder of the skill inside the input ("" when SKILL.md is at the top). */
  root: string;
  /** Frontmatter name (trimmed, NFKC), or null when missing or invalid as text. */
  name: string | null;
  description: string | null;
  frontmatter: Frontmatter | null;
  /** Top-level fields in source order, with their lines. */
  fields: FrontmatterField[];
  body: string;
  /** SKILL.md as text (BOM stripped), or null when it is not UTF-8. */
  skillMd: string | null;
  /** Paths relative to `root`; SKILL.md included. */
  files: BundleFile[];
  /** Paths relative to `root`. */
  findings: Finding[];
  /** No error findings. */
  ok: boolean;
  tokens: TokenCounts;
}

export interface SkippedEntry {
  /** A folder ("__MACOSX/") or a file. */
  path: string;
  reason: string;
  /** Entries left out under this path. */
  entries: number;
}

export interface Bundle {
  /** Every accepted file, paths relative to the input. */
  files: BundleFile[];
  skills: BundleSkill[];
  /** Findings about the input itself: rejected entries, limits, missing SKILL.md... */
  findings: Finding[];
  skipped: SkippedEntry[];
  /** No errors anywhere and at least one skill. */
  ok: boolean;
}

/** Picks the reader from the bytes (magic numbers), then the file name. */
export function detectBundleKind(fileName: string, bytes: Uint8Array): Exclude<BundleKind, "files"> | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6)) return "zip";
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return "tar.gz";
  if (bytes.length >= 262 && String.fromCharCode(...bytes.subarray(257, 262)) === "ustar") return "tar";
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".zip") || lower.endsWith(".skill")) return "zip";
  if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) return "tar.gz";
  if (lower.endsWith(".tar")) return "tar";
  if (lower.endsWith(".md")) return "skill-md";
  const head = new TextDecoder().decode(bytes.subarray(0, 8)).replace(/^\uFEFF/, "");
  if (head.startsWith("---\n") || head.startsWith("---\r\n")) return "skill-md";
  return null;
}

/**
 * Reads an upload into a normalized in-memory bundle: every archive defense first, then skill
 * roots, SKILL.md validation, media types, hashes and token counts. Never throws for bad input.
 */
export function readBundle(input: BundleInput, options: ReadBundleOptions = {}): Bundle {
  return runSteps(readBundleSteps(input, options));
}

/** readBundle as steps that yield between files and skills (see ./steps). */
export function* readBundleSteps(input: BundleInput, options: ReadBundleOptions = {}): Steps<Bundle> {
  options = { ...options, tokenBudget: options.tokenBudget ?? tokenBudget() };
  const limits = resolveLimits(options.limits);
  const findings: Finding[] = [];
  const collected = collectEntries(input, limits, findings);
  if (hasErrors(findings)) return { files: [], skills: [], findings, skipped: [], ok: false };
  yield;

  const skippedByPrefix = new Map<string, SkippedEntry>();
  const accepted: RawEntry[] = [];
  const rejected = new Set<RawEntry>();
  const reject = (entry: RawEntry, finding: Finding): void => {
    findings.push(finding);
    rejected.add(entry);
  };

  // Names of all entries, and kinds of the ones that will be read, before reading any content.
  // Skipped folders are never extracted, so a link in node_modules/.bin does not matter; a hostile
  // name anywhere still does.
  const normalized: { entry: RawEntry; path: string; skip: ReturnType<typeof skipReason> }[] = [];
  for (const entry of collected) {
    const checked = checkEntryPath(entry.path, limits.maxPathBytes, entry.nameBytes);
    for (const f of checked.findings) reject(entry, f);
    if (entry.badUtf8Name) reject(entry, entryError("path-invalid-utf8", entry.path, "its name is flagged UTF-8 but is not valid UTF-8"));
    if (checked.path === "" && entry.type === "directory") continue;
    const skip = checked.findings.length === 0 ? skipReason(checked.path, entry.type === "directory") : null;
    normalized.push({ entry, path: checked.path, skip });
    if (skip) continue;
    for (const f of entry.findings ?? []) reject(entry, f);
    if (entry.type === "symlink") reject(entry, entryError("entry-symlink", entry.path, "is a link; links can point outside the skill and are not accepted"));
    if (entry.type === "special")
      reject(entry, entryError("entry-special", entry.path, "is a device, pipe or other special entry; only files and folders are accepted"));
    if (entry.encrypted) reject(entry, entryError("entry-encrypted", entry.path, "is encrypted; upload it without a password"));
    else if (entry.method !== undefined && entry.method !== 0 && entry.method !== 8 && entry.type === "file") {
      reject(
        entry,
        entryError("entry-unsupported-method", entry.path, `uses compression method ${entry.method}; only stored (0) and deflate (8) are accepted`),
      );
    }
  }

  // One file system must be able to hold every name: no duplicates, no case or Unicode twins,
  // no file where another entry needs a folder.
  const byKey = new Map<string, { entry: RawEntry; path: string }[]>();
  for (const item of normalized) {
    const key = collisionKey(item.path);
    const list = byKey.get(key);
    if (list) list.push(item);
    else byKey.set(key, [item]);
  }
  for (const list of byKey.values()) {
    if (list.length < 2) continue;
    // the same folder listed twice is harmless
    if (list.every((i) => i.entry.type === "directory" && i.path === list[0].path)) continue;
    for (const item of list) {
      const twins = list.filter((o) => o !== item).map((o) => JSON.stringify(o.entry.path));
      const exact = list.some((o) => o !== item && o.path === item.path);
      reject(
        item.entry,
        exact
          ? entryError("path-duplicate", item.entry.path, "appears more than once in the archive")
          : entryError("path-collision", item.entry.path, `collides with ${twins.join(", ")} on case-insensitive or Unicode-normalizing file systems`),
      );
    }
  }
  const fileKeys = new Map<string, { entry: RawEntry; path: string }>();
  for (const item of normalized) if (item.entry.type !== "directory") fileKeys.set(collisionKey(item.path), item);
  for (const item of normalized) {
    let dir = dirname(item.path);
    while (dir !== "") {
      const clash = fileKeys.get(collisionKey(dir));
      if (clash && !rejected.has(clash.entry)) {
        reject(clash.entry, entryError("path-collision", clash.entry.path, `is a file, but ${JSON.stringify(item.entry.path)} needs a folder of that name`));
      }
      dir = dirname(dir);
    }
  }

  for (const item of normalized) {
    const skip = item.skip;
    if (skip) {
      const known = skippedByPrefix.get(skip.prefix);
      if (known) known.entries++;
      else skippedByPrefix.set(skip.prefix, { path: skip.prefix, reason: skip.reason, entries: 1 });
      continue;
    }
    if (item.entry.type !== "file" || rejected.has(item.entry)) continue;
    item.entry.path = item.path;
    accepted.push(item.entry);
  }

  // Declared sizes: refuse what could never fit before inflating anything.
  let declaredTotal = 0;
  for (const entry of accepted) {
    if (entry.size > limits.maxFileBytes) {
      reject(
        entry,
        entryError("entry-too-large", entry.path, `is ${formatNumber(entry.size)} bytes; the limit per file is ${formatBytes(limits.maxFileBytes, "prose")}`),
      );
    } else if (
      entry.compressedSize !== undefined &&
      entry.size > limits.ratioGraceBytes &&
      entry.size > limits.maxCompressionRatio * Math.max(entry.compressedSize, 1)
    ) {
      reject(
        entry,
        entryError(
          "entry-ratio",
          entry.path,
          `declares ${formatNumber(entry.size)} bytes from ${formatNumber(entry.compressedSize)}, more than ${formatNumber(limits.maxCompressionRatio)}:1`,
        ),
      );
    } else {
      declaredTotal += entry.size;
    }
  }
  if (declaredTotal > limits.maxTotalBytes) {
    findings.push({
      severity: "error",
      code: "archive-too-large",
      message: `the files add up to ${formatNumber(declaredTotal)} bytes; the limit is ${formatBytes(limits.maxTotalBytes, "prose")}`,
      path: "",
    });
    return { files: [], skills: [], findings, skipped: [...skippedByPrefix.values()], ok: false };
  }

  const budget: InflateBudget = { remainingTotal: limits.maxTotalBytes };
  const files: BundleFile[] = [];
  const texts = new Map<string, string | null>();
  for (const entry of accepted) {
    if (rejected.has(entry)) continue;
    const result = entry.read(budget);
    if (!result.ok) {
      reject(entry, result.finding);
      // past the total budget nothing more may be inflated
      if (result.finding.code === "archive-too-large") break;
      continue;
    }
    const bytes = result.data;
    const text = decodeUtf8(bytes);
    texts.set(entry.path, text);
    files.push({
      path: entry.path,
      bytes,
      size: bytes.length,
      sha256: sha256Hex(bytes),
      mediaType: detectMediaType(bytes, entry.path, text),
      executable: entry.executable === true,
    });
    yield;
  }
  files.sort((a, b) => compareStrings(a.path, b.path));

  const skills = yield* buildSkills(files, texts, input, options, limits, findings, skippedByPrefix);
  const skipped = [...skippedByPrefix.values()].sort((a, b) => compareStrings(a.path, b.path));
  return { files, skills, findings, skipped, ok: !hasErrors(findings) && skills.length > 0 && skills.every((s) => s.ok) };
}

/**
 * The skills a caller may store. Archive-level errors (a hostile or damaged upload) allow none; a
 * skill with errors of its own blocks the rest unless `allowPartial` asks for the valid ones only.
 */
export function importableSkills(bundle: Bundle, options: { allowPartial?: boolean } = {}): BundleSkill[] {
  if (hasErrors(bundle.findings)) return [];
  if (bundle.skills.every((s) => s.ok)) return bundle.skills;
  return options.allowPartial ? bundle.skills.filter((s) => s.ok) : [];
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
