import {
  detectBundleKind,
  readBundle,
  readBundleSteps,
  type BundleInput,
  type BundleKind,
  type BundleSkill,
  type FileInput,
  type SkippedEntry,
} from "../archive/bundle";
import { bundleDigest } from "../archive/digest";
import { hasErrors, type Finding, type Profile } from "../format/findings";
import { resolveLimits, type BundleLimits } from "../format/limits";
import { sniffBinary } from "../format/media-type";
import { findSkillMd } from "../format/paths";
import { renameSkillMd } from "../format/rename";
import { skillNameProblem } from "../format/skill-name";
import { runSteps, runStepsYielding, type Steps } from "../archive/steps";
import { tokenBudget, type TokenBudget } from "../format/tokens";

// What one upload (the modal's drop, a CI publish) holds, read with the format core: each source
// is read on its own, and together they share one budget so several archives cannot add up past
// what a single one may unpack to.

export { MAX_UPLOAD_BYTES } from "../format/limits";
/** Separate files (archives or SKILL.md files) in one upload; a folder counts as one. */
export const MAX_UPLOAD_SOURCES = 50;

export type UploadSource =
  /** A ZIP or .skill, a tarball, or a SKILL.md file; told apart by content, then by name. */
  | { type: "file"; name: string; bytes: Uint8Array }
  /** A folder from a directory picker: paths relative to the folder's parent ("my-skill/SKILL.md"). */
  | { type: "folder"; name: string; files: FileInput[] }
  /** SKILL.md text pasted into the page. */
  | { type: "text"; name: string; text: string };

export interface UploadSourceResult {
  index: number;
  name: string;
  type: UploadSource["type"];
  /** How it was read; null when it is none of the accepted formats. */
  kind: BundleKind | null;
  /** Bytes received. */
  size: number;
  /** About the source as a whole and its entries (rejected entries name themselves). */
  findings: Finding[];
  /** Entries left out on purpose (`__MACOSX/`, hidden folders, files outside any skill). */
  skipped: SkippedEntry[];
  /** When nothing in it is a skill, one sentence saying what it is instead. */
  notASkill: string | null;
}

export interface UploadSkill {
  /** Stable across a preview and the commit of the same input: "<source index>:<folder>". */
  key: string;
  source: number;
  skill: BundleSkill;
  /** The bundle digest the store will record (sha256 over paths and file hashes). */
  digest: string;
}

export interface ReadUpload {
  profile: Profile;
  sources: UploadSourceResult[];
  skills: UploadSkill[];
}

const KIND_LABEL: Record<string, string> = {
  zip: "a ZIP archive",
  "tar.gz": "a gzip-compressed tarball",
};

const TYPE_LABEL: Record<string, string> = {
  "image/png": "a PNG image",
  "image/jpeg": "a JPEG image",
  "image/gif": "a GIF image",
  "image/webp": "a WebP image",
  "application/pdf": "a PDF document",
  "application/zip": "a ZIP archive",
  "application/gzip": "a gzip file",
  "application/x-7z-compressed": "a 7-Zip archive",
  "application/x-xz": "an xz file",
  "application/x-bzip2": "a bzip2 file",
  "application/x-elf": "a program",
  "application/x-mach-binary": "a program",
  "application/vnd.sqlite3": "an SQLite database",
};

const ACCEPTED = "Upload a ZIP or .skill archive, a .tar.gz or .tgz tarball, a folder, or a SKILL.md file";

function describeContent(bytes: Uint8Array): string {
  const type = sniffBinary(bytes);
  if (type) return TYPE_LABEL[type] ?? `a ${type} file`;
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 512)).includes("\uFFFD") ? "binary data" : "text without SKILL.md frontmatter";
}

function sourceError(code: Finding["code"], message: string): Finding {
  return { severity: "error", code, message, path: "" };
}

type ReadUploadOptions = { profile?: Profile; limits?: Partial<BundleLimits>; tokenBudget?: TokenBudget };

/** Reads every source of an upload. Never throws for bad input: problems become findings. */
export function readUpload(sources: readonly UploadSource[], options: ReadUploadOptions = {}): ReadUpload {
  return runSteps(readUploadSteps(sources, options));
}

/**
 * readUpload for a server: the same result, with the event loop given a turn every few
 * milliseconds, so other requests are answered while a big collection is read.
 */
export function readUploadYielding(sources: readonly UploadSource[], options: ReadUploadOptions = {}): Promise<ReadUpload> {
  return runStepsYielding(readUploadSteps(sources, options));
}

function* readUploadSteps(sources: readonly UploadSource[], options: ReadUploadOptions): Steps<ReadUpload> {
  const profile = options.profile ?? "spec";
  const limits = resolveLimits(options.limits);
  let remainingBytes = limits.maxTotalBytes;
  let remainingEntries = limits.maxEntries;
  // One exact-counting budget for the whole request, however many sources it holds.
  const budget = options.tokenBudget ?? tokenBudget();
  const results: UploadSourceResult[] = [];
  const skills: UploadSkill[] = [];

  for (const [index, source] of sources.entries()) {
    const size =
      source.type === "file"
        ? source.bytes.length
        : source.type === "text"
          ? new TextEncoder().encode(source.text).length
          : source.files.reduce((n, f) => n + f.bytes.length, 0);
    const result: UploadSourceResult = { index, name: source.name, type: source.type, kind: null, size, findings: [], skipped: [], notASkill: null };
    results.push(result);

    const input = toBundleInput(source, result);
    if (!input) continue;
    result.kind = input.kind;
    // A single source gets the whole budget, so its messages quote the real limits.
    const shared = sources.length > 1 ? { maxTotalBytes: remainingBytes, maxEntries: remainingEntries } : {};
    const bundle = yield* readBundleSteps(input, { profile, limits: { ...limits, ...shared }, tokenBudget: budget });
    result.findings.push(...bundle.findings);
    result.skipped = bundle.skipped;
    remainingBytes = Math.max(0, remainingBytes - bundle.files.reduce((n, f) => n + f.size, 0));
    remainingEntries = Math.max(0, remainingEntries - bundle.files.length);

    if (bundle.skills.length === 0 && bundle.findings.some((f) => f.code === "skill-md-missing")) {
      const what = source.type === "folder" ? `The folder "${source.name}"` : source.type === "text" ? "The pasted text" : `"${source.name}"`;
      const empty = bundle.files.length === 0 && bundle.skipped.length === 0;
      // Every entry refused (a "../evil/SKILL.md"): the archive is not empty, its entries were unsafe.
      const refused = bundle.findings.filter((f) => f.severity === "error" && f.path !== "");
      result.notASkill =
        empty && refused.length > 0
          ? `${what} holds no entry that can be accepted: ${refused
              .slice(0, 3)
              .map((f) => f.message)
              .join("; ")}${refused.length > 3 ? `; and ${refused.length - 3} more` : ""}.`
          : empty
            ? `${what} is empty: a skill is a folder with a SKILL.md file.`
            : `${what} is not a skill: it holds no SKILL.md (a skill is a folder with a SKILL.md file)${bundle.skipped.some((s) => s.reason === "hidden folder") ? "; hidden folders were skipped" : ""}.`;
    }
    for (const skill of bundle.skills) {
      skills.push({ key: `${index}:${skill.root}`, source: index, skill, digest: bundleDigest(skill.files) });
    }
  }
  return { profile, sources: results, skills };
}

function toBundleInput(source: UploadSource, result: UploadSourceResult): BundleInput | null {
  switch (source.type) {
    case "text": {
      if (!source.text.trim()) {
        result.notASkill = "The pasted text is empty: paste the whole SKILL.md, starting with its --- frontmatter.";
        result.findings.push(sourceError("input-unsupported", result.notASkill));
        return null;
      }
      return { kind: "skill-md", bytes: new TextEncoder().encode(source.text) };
    }
    case "folder":
      return { kind: "files", files: source.files };
    case "file": {
      const { name, bytes } = source;
      if (bytes.length === 0) {
        result.notASkill = `"${name}" is empty (0 bytes).`;
        result.findings.push(sourceError("input-unsupported", result.notASkill));
        return null;
      }
      const kind = detectBundleKind(name, bytes);
      if (!kind) {
        result.notASkill = `"${name}" is not a skill: it is ${describeContent(bytes)}. ${ACCEPTED}.`;
        result.findings.push(sourceError("input-unsupported", result.notASkill));
        return null;
      }
      // The name promised an archive the bytes are not (a PNG renamed .zip): say what it is,
      // rather than how the archive reader failed on it.
      if ((kind === "zip" || kind === "tar.gz") && detectBundleKind("", bytes) !== kind) {
        result.notASkill = `"${name}" is not ${KIND_LABEL[kind]}: it is ${describeContent(bytes)}, so it cannot hold a skill.`;
        result.findings.push(sourceError("archive-invalid", result.notASkill));
        return null;
      }
      return { kind, bytes };
    }
  }
}

/**
 * The same skill under another name: SKILL.md's frontmatter `name` rewritten (nothing else), then
 * read again so findings, tokens and the digest describe what will really be stored.
 */
export function renameUploadSkill(skill: BundleSkill, newName: string, profile: Profile = "spec"): BundleSkill {
  const skillMdPath = findSkillMd(skill.files.map((f) => f.path));
  const renamed = skill.skillMd === null ? null : renameSkillMd(skill.skillMd, newName);
  if (!skillMdPath || renamed === null) return skill;
  // At the top of the input there is no folder name to compare with: the new name is the folder.
  const bundle = readBundle(
    {
      kind: "files",
      files: skill.files.map((f) => ({ path: f.path, bytes: f.path === skillMdPath ? new TextEncoder().encode(renamed) : f.bytes, executable: f.executable })),
    },
    { profile },
  );
  const [again] = bundle.skills;
  if (!again) return skill;
  const findings = [...bundle.findings.filter((f) => f.severity === "error"), ...again.findings];
  return { ...again, root: skill.root, findings, ok: again.ok && !hasErrors(findings) };
}

/**
 * The skill's folder name, when renaming SKILL.md's `name` to it is all the skill needs to become
 * valid (a name with capitals or spaces, a name missing), with the findings the renamed skill has
 * (its warnings: the name's errors are gone); null otherwise.
 */
export function folderNameFix(skill: BundleSkill, profile: Profile): { name: string; findings: Finding[] } | null {
  const folder = skill.root.split("/").pop() ?? "";
  if (!folder || folder === skill.name || skillNameProblem(folder) || skill.skillMd === null) return null;
  const renamed = renameUploadSkill(skill, folder, profile);
  return renamed.ok ? { name: folder, findings: renamed.findings } : null;
}
