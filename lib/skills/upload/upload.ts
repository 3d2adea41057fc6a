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
      result.notASkill = empty
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
    { kind: "files", files: skill.files.map((f) => ({ path: f.path, bytes: f.path === skillMdPath ? new TextEncoder().encode(renamed) : f.bytes })) },
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

// ---------- Deciding what a commit does ----------

/** A skill already in the destination under the same name. */
export interface ExistingSkill {
  id: string;
  version: number;
  digest: string | null;
  canAddVersion: boolean;
}

/**
 * What to do with one skill of the upload.
 * - create: a new skill; refused when the name is taken there (409).
 * - version: a new version of the same-named skill there (its message required); `baseVersion`
 *   refuses it if someone added a version since the preview.
 * - rename: a new skill under `name` (SKILL.md's name is rewritten).
 * - auto (the HTTP API without choices): create, or with a message a new version of the existing one.
 * `digest`, when given, must match the preview's, so a commit never stores something the user did not see.
 * `overrideReason`: an instance admin's written reason to import this skill despite a critical
 * security finding; an override names the skill it is for.
 */
export type UploadChoice =
  | { key: string; action: "create"; message?: string; digest?: string; overrideReason?: string }
  | { key: string; action: "version"; message: string; baseVersion?: number; digest?: string; overrideReason?: string }
  | { key: string; action: "rename"; name: string; message?: string; digest?: string; overrideReason?: string }
  | { key: string; action: "auto"; message?: string; digest?: string; overrideReason?: string };

export type UploadProblemKind = "invalid" | "forbidden" | "missing-target" | "name-taken" | "duplicate-name" | "changed";

export interface UploadProblem {
  kind: UploadProblemKind;
  /** The upload skill it is about; null for the upload as a whole or one of its sources. */
  key: string | null;
  /** A refused source (archive, folder, file): its index; its skills are not trusted either. */
  source?: number;
  name: string | null;
  message: string;
  /** For `invalid`: the errors (and warnings) of that skill or source. */
  findings?: Finding[];
  /** For `name-taken` and `missing-target`: the skill in the destination. */
  existing?: { skillId: string; version: number; canAddVersion: boolean };
}

export interface PlannedSkill {
  key: string;
  skill: BundleSkill;
  name: string;
  action: "create" | "version" | "unchanged";
  /** For "version" and "unchanged": the existing skill, and its current version number. */
  targetId?: string;
  baseVersion?: number;
  message?: string;
}

export interface UploadPlan {
  items: PlannedSkill[];
  problems: UploadProblem[];
}

/** The selected skills after renames, ready for the existence lookup (names are what it needs). */
export interface SelectedSkill {
  choice: UploadChoice;
  entry: UploadSkill;
  /** The skill as it would be stored (renamed when asked). */
  skill: BundleSkill;
}

/**
 * Which skills a commit takes, with renames applied. Unknown keys and repeated keys are request
 * mistakes (thrown as RangeError for the caller to turn into a 400).
 */
export function selectUploadSkills(upload: ReadUpload, choices: readonly UploadChoice[] | null): SelectedSkill[] {
  const byKey = new Map(upload.skills.map((entry) => [entry.key, entry]));
  const list = choices ?? upload.skills.map((entry): UploadChoice => ({ key: entry.key, action: "auto" }));
  const seen = new Set<string>();
  return list.map((choice) => {
    const entry = byKey.get(choice.key);
    if (!entry)
      throw new RangeError(
        `The upload has no skill with key "${choice.key}"; keys come from the preview (${[...byKey.keys()].map((k) => `"${k}"`).join(", ") || "none"}).`,
      );
    if (seen.has(choice.key)) throw new RangeError(`Skill "${choice.key}" is chosen more than once.`);
    seen.add(choice.key);
    const skill = choice.action === "rename" ? renameUploadSkill(entry.skill, choice.name, upload.profile) : entry.skill;
    return { choice, entry, skill };
  });
}

/**
 * Decides, without touching anything, what committing the selection would do and every reason it
 * would be refused. Archive-level errors refuse the whole upload: a hostile archive is not
 * trusted for any of its skills.
 */
export function planUpload(
  upload: ReadUpload,
  selected: readonly SelectedSkill[],
  destination: { canCreate: boolean; reason: string | null },
  existing: ReadonlyMap<string, ExistingSkill>,
  defaults: { message?: string } = {},
): UploadPlan {
  const problems: UploadProblem[] = [];
  const items: PlannedSkill[] = [];

  for (const source of upload.sources) {
    if (hasErrors(source.findings)) {
      problems.push({
        kind: "invalid",
        key: null,
        name: null,
        source: source.index,
        message:
          source.notASkill ??
          `"${source.name}" was refused: ${source.findings
            .filter((f) => f.severity === "error")
            .map((f) => f.message)
            .join("; ")}`,
        findings: source.findings,
      });
    }
  }
  if (!selected.length && !problems.length) {
    problems.push({
      kind: "invalid",
      key: null,
      name: null,
      message: upload.skills.length ? "Choose at least one skill to import." : "The upload holds no skill.",
    });
  }

  const names = new Map<string, string>();
  for (const { choice, entry, skill } of selected) {
    const name = skill.name;
    const message = choice.message?.trim() || defaults.message?.trim() || undefined;
    if (choice.digest && choice.digest !== entry.digest) {
      problems.push({ kind: "changed", key: choice.key, name, message: `${name ?? choice.key} is not what the preview showed; preview the upload again.` });
      continue;
    }
    if (!skill.ok || !name) {
      const errors = skill.findings.filter((f) => f.severity === "error");
      problems.push({
        kind: "invalid",
        key: choice.key,
        name,
        message: `${name ?? (entry.skill.root || "SKILL.md")} has ${errors.length} error(s): ${errors.map((e) => e.message).join("; ")}`,
        findings: skill.findings,
      });
      continue;
    }
    const twin = names.get(name);
    if (twin) {
      problems.push({
        kind: "duplicate-name",
        key: choice.key,
        name,
        message: `Two chosen skills are named "${name}" (${twin} and ${choice.key}); rename one.`,
      });
      continue;
    }
    names.set(name, choice.key);

    const current = existing.get(name);
    const wantsVersion = choice.action === "version" || (choice.action === "auto" && message !== undefined);
    if (current) {
      const ref = { skillId: current.id, version: current.version, canAddVersion: current.canAddVersion };
      if (!wantsVersion) {
        problems.push({
          kind: "name-taken",
          key: choice.key,
          name,
          message: `A skill named "${name}" already exists there (version ${current.version}). ${current.canAddVersion ? "Save this as a new version of it (with a message) or rename it." : "Rename this one."}`,
          existing: ref,
        });
      } else if (!current.canAddVersion) {
        problems.push({ kind: "forbidden", key: choice.key, name, message: `You cannot add versions to the existing skill "${name}".`, existing: ref });
      } else if (choice.action === "version" && choice.baseVersion !== undefined && choice.baseVersion !== current.version) {
        problems.push({
          kind: "changed",
          key: choice.key,
          name,
          message: `"${name}" is now at version ${current.version}; the preview showed version ${choice.baseVersion}.`,
          existing: ref,
        });
      } else if (current.digest === bundleDigest(skill.files)) {
        items.push({ key: choice.key, skill, name, action: "unchanged", targetId: current.id, baseVersion: current.version });
      } else {
        items.push({ key: choice.key, skill, name, action: "version", targetId: current.id, baseVersion: current.version, message });
      }
    } else if (choice.action === "version") {
      problems.push({ kind: "missing-target", key: choice.key, name, message: `There is no skill named "${name}" there to add a version to.` });
    } else if (!destination.canCreate) {
      problems.push({ kind: "forbidden", key: choice.key, name, message: destination.reason ?? "You cannot add skills there." });
    } else {
      items.push({ key: choice.key, skill, name, action: "create", message });
    }
  }
  return { items, problems };
}

/**
 * The one status a refused plan answers with, most fundamental first: not allowed at all (403),
 * not valid (422), asked to version something absent (404), then clashes and stale previews (409).
 */
export function planRefusal(problems: readonly UploadProblem[]): { kind: "forbidden" | "invalid" | "missing" | "conflict"; message: string } | null {
  if (!problems.length) return null;
  const first = (kinds: UploadProblemKind[]) => problems.filter((p) => kinds.includes(p.kind));
  const summary = (list: UploadProblem[]) => (list.length === 1 ? list[0].message : `${list.length} problems: ${list.map((p) => p.message).join(" ")}`);
  const forbidden = first(["forbidden"]);
  if (forbidden.length) return { kind: "forbidden", message: summary(forbidden) };
  const invalid = first(["invalid"]);
  if (invalid.length) return { kind: "invalid", message: summary(invalid) };
  const missing = first(["missing-target"]);
  if (missing.length) return { kind: "missing", message: summary(missing) };
  return { kind: "conflict", message: summary([...problems]) };
}
