import type { BundleSkill } from "../archive/bundle";
import { sameVersionContent } from "../archive/digest";
import { hasErrors, type Finding } from "../format/findings";
import { renameUploadSkill, type ReadUpload, type UploadSkill } from "./upload";

// Deciding what committing a read upload would do. The data layer looks up what already exists
// and passes it in, so every rule here is tested without a database.

/** A skill already in the destination under the same name. */
export interface ExistingSkill {
  id: string;
  version: number;
  digest: string | null;
  /** Paths of the current version's executable files (the mode is not in the digest). */
  executables: string[];
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
      } else if (sameVersionContent(current, skill.files)) {
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
