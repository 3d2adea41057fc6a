import { formatBytes } from "@/lib/display";
import { MAX_UPLOAD_BYTES } from "@/lib/skills/format/limits";
import { MIN_OVERRIDE_REASON } from "@/lib/skills/vetting/policy";
import { skillNameProblem } from "@/lib/skills/format/skill-name";
import type { Finding, ScanFinding, UploadChoice, UploadCommitResult, UploadPreview, UploadPreviewSkill, UploadRefusedSkill } from "@/lib/types/uploads";
import { destinationKey, destinationOfKey, placeLabel } from "@/lib/labels";

// What the upload modal decides without a browser: which skills are chosen, what the commit is
// asked to do with each, and what the user is told. The dialog only holds the state.

export interface SkillDecision {
  /** For a name already taken in the destination. */
  action: "version" | "rename";
  message: string;
  name: string;
}

/** Per skill key: the user's choice for a taken name, and whether it takes its folder's name. */
export type Decisions = Record<string, SkillDecision>;
export type Flags = Record<string, boolean>;

export interface Selection {
  preview: UploadPreview;
  destination: string;
  selected: Flags;
  /** Skills the user renamed to their folder's name (the offer on an invalid name). */
  folderNamed: Flags;
  decisions: Decisions;
}

export function destinationFields(key: string): { scope: string; team?: string } {
  const destination = destinationOfKey(key);
  if (destination?.scope === "TEAM") return { scope: "team", team: destination.teamId ?? undefined };
  return { scope: key };
}

/** Where the viewer may import: personal, each team, and public for an instance admin. */
export function destinationOptions(teams: { id: string; name: string }[], isAdmin: boolean): { key: string; label: string }[] {
  return [
    { key: destinationKey({ scope: "PERSONAL" }), label: placeLabel("PERSONAL") },
    ...teams.map((team) => ({ key: destinationKey({ scope: "TEAM", teamId: team.id }), label: placeLabel("TEAM", team.name) })),
    // Anyone may ask to publish; for a non-admin it becomes a request an instance admin approves.
    { key: destinationKey({ scope: "PUBLIC" }), label: isAdmin ? placeLabel("PUBLIC") : `${placeLabel("PUBLIC")} (after an admin's approval)` },
  ];
}

/** The multipart body of a preview or commit: the input as picked, the destination, then `extra` fields. */
export function uploadForm(
  input: { mode: "files" | "paste"; files: File[]; folder: { file: File; path: string }[]; text: string; destination: string },
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  if (input.mode === "files") {
    for (const file of input.files) form.append("file", file, file.name);
    for (const { file, path } of input.folder) {
      form.append("files", file, path);
      form.append("paths", path);
    }
  } else form.append("text", input.text);
  const fields = { ...destinationFields(input.destination), ...extra };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}

/** Sizes are known before anything is sent, so an upload over the limit is refused at once; null when it fits. */
export function tooLargeMessage(files: { name: string; size: number }[], folderBytes: number, limit = MAX_UPLOAD_BYTES): string | null {
  const total = files.reduce((n, f) => n + f.size, 0) + folderBytes;
  if (total <= limit) return null;
  const biggest = [...files, ...(folderBytes ? [{ name: "the folder", size: folderBytes }] : [])].sort((a, b) => b.size - a.size)[0];
  const culprit = biggest && biggest.size > limit / 2 ? ` (${biggest.name} alone is ${formatBytes(biggest.size)})` : "";
  return `The upload is ${formatBytes(total)}; the limit is ${formatBytes(limit)}${culprit}. Remove large files, or upload fewer skills at a time.`;
}

/** Sources with errors: a damaged or unsafe archive is not trusted for any of its skills. */
export function refusedSources(preview: UploadPreview | null): Set<number> {
  return new Set(preview?.sources.filter((s) => s.findings.some((f) => f.severity === "error")).map((s) => s.index) ?? []);
}

export function usesFolderName(skill: UploadPreviewSkill, folderNamed: Flags): boolean {
  return !!skill.folderName && !!folderNamed[skill.key];
}

/** Whether the checkbox may be ticked: valid (or made valid by its folder's name), from a trusted source. */
export function isChoosable(skill: UploadPreviewSkill, refused: Set<number>, folderNamed: Flags): boolean {
  return (skill.ok || usesFolderName(skill, folderNamed)) && !refused.has(skill.source);
}

/** The name the skill will be stored under, before any rename for a taken name. */
export function effectiveName(skill: UploadPreviewSkill, folderNamed: Flags): string | null {
  return usesFolderName(skill, folderNamed) ? skill.folderName : skill.name;
}

/**
 * The selection after a preview: every choosable skill, except what the user left out before
 * (same key) and, for a viewer who cannot override the scan, skills it blocks, so Import
 * imports the rest by default.
 */
export function defaultSelection(preview: UploadPreview, leftOut: ReadonlySet<string>, folderNamed: Flags = {}): Flags {
  const refused = refusedSources(preview);
  return Object.fromEntries(
    preview.skills.map((s) => [s.key, isChoosable(s, refused, folderNamed) && !leftOut.has(s.key) && (preview.canOverrideScan || s.gate !== "blocked")]),
  );
}

/** Keeps the decisions already made; a new skill whose taken name cannot get a version starts on rename. */
export function defaultDecisions(preview: UploadPreview, current: Decisions): Decisions {
  return Object.fromEntries(
    preview.skills.map((s) => {
      const existing = Object.values(s.existing)[0];
      return [s.key, current[s.key] ?? { action: existing && !existing.canAddVersion ? "rename" : "version", message: "", name: s.name ? `${s.name}-2` : "" }];
    }),
  );
}

export function chosenSkills({ preview, selected, folderNamed }: Selection): UploadPreviewSkill[] {
  const refused = refusedSources(preview);
  return preview.skills.filter((s) => selected[s.key] && isChoosable(s, refused, folderNamed));
}

/**
 * The chosen skills the security scan blocks: the import waits for their removal or an admin's
 * written override. `blockedReason` says why Import cannot go ahead; null when it can.
 */
export function scanGate(chosen: UploadPreviewSkill[], canOverride: boolean, override: { enabled: boolean; reason: string }) {
  const blocked = chosen.filter((s) => s.gate === "blocked");
  const ready = canOverride && override.enabled && override.reason.trim().length >= MIN_OVERRIDE_REASON;
  const blockedReason =
    blocked.length && !ready
      ? canOverride
        ? "Override the security block with a written reason, or leave the blocked skill out."
        : "A chosen skill has a critical security finding: leave it out to import the rest."
      : null;
  return { blocked, overrideReason: blocked.length && ready ? override.reason.trim() : undefined, blockedReason };
}

/** The name a chosen skill's taken-name question is about; a skill taking its folder's name has none. */
function existingFor(skill: UploadPreviewSkill, { destination, folderNamed }: Selection) {
  return usesFolderName(skill, folderNamed) ? undefined : skill.existing[destination];
}

/** What is wrong with the choices for one skill, per field; empty when it can be imported as chosen. */
export function fieldErrors(key: string, selection: Selection): { message?: string; name?: string } {
  const skill = selection.preview.skills.find((s) => s.key === key);
  const decision = selection.decisions[key];
  if (!skill || !decision || !existingFor(skill, selection)) return {};
  if (decision.action === "version") return decision.message.trim() ? {} : { message: "Say what changed in this version." };
  const name = decision.name.trim();
  const problem = skillNameProblem(name);
  if (problem) return { name: problem };
  if (name === skill.name) return { name: "Choose a name that differs from the existing skill's." };
  const taken = chosenSkills(selection).some((other) => other.key !== key && storedName(other, selection) === name);
  return taken ? { name: "Another chosen skill has this name." } : {};
}

/** The name a chosen skill will have once stored, with every rename applied. */
function storedName(skill: UploadPreviewSkill, selection: Selection): string | null {
  const decision = selection.decisions[skill.key];
  if (existingFor(skill, selection) && decision?.action === "rename") return decision.name.trim();
  return effectiveName(skill, selection.folderNamed);
}

/**
 * The commit's `choices`: one per chosen skill, each with the digest the preview showed. An
 * admin's override reason goes on each blocked skill's own choice, so it names what it lets in.
 */
export function commitChoices(selection: Selection, overrideReason?: string): UploadChoice[] {
  return chosenSkills(selection).map((skill): UploadChoice => {
    const override = overrideReason && skill.gate === "blocked" ? { overrideReason } : {};
    if (usesFolderName(skill, selection.folderNamed)) return { key: skill.key, action: "rename", name: skill.folderName!, digest: skill.digest, ...override };
    const existing = skill.existing[selection.destination];
    const decision = selection.decisions[skill.key];
    if (existing && decision?.action === "version")
      return { key: skill.key, action: "version", message: decision.message.trim(), baseVersion: existing.version, digest: skill.digest, ...override };
    if (existing) return { key: skill.key, action: "rename", name: (decision?.name ?? "").trim(), digest: skill.digest, ...override };
    return { key: skill.key, action: "create", digest: skill.digest, ...override };
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The done step's heading and the toast: a partial import says so in both. */
export function importSummary(result: UploadCommitResult): { complete: boolean; heading: string; toast: string } {
  const { label } = result.destination;
  // A proposed skill is not in the destination yet: it waits for approval there.
  const proposed = result.skills.filter((s) => s.proposal).length;
  const stored = result.skills.filter((s) => s.action !== "unchanged" && !s.proposal).length;
  const refused = result.refused.length;
  const complete = refused === 0;
  const heading =
    proposed === result.skills.length && proposed > 0
      ? complete
        ? `Proposed for review in ${label}`
        : `Proposed ${proposed} of ${plural(proposed + refused, "skill")} for review in ${label}`
      : complete
        ? `Imported into ${label}`
        : `Imported ${result.skills.length} of ${plural(result.skills.length + refused, "skill")} into ${label}`;
  const parts = [
    ...(stored ? [`Imported ${plural(stored, "skill")} into ${label}`] : []),
    ...(proposed ? [`${stored ? "proposed" : "Proposed"} ${plural(proposed, "skill")} for review`] : []),
  ];
  const done = parts.length ? parts.join("; ") : "Nothing changed: every skill was already there";
  return { complete, heading, toast: complete ? `${done}.` : `${parts.length ? done : "Nothing changed"}; ${refused} not imported.` };
}

export const OUTCOME_LABEL: Record<UploadRefusedSkill["outcome"], string> = {
  invalid: "invalid",
  blocked: "blocked by the security scan",
  forbidden: "not allowed",
  "name-taken": "name taken",
  "duplicate-name": "duplicate name",
  "missing-target": "skill to update is gone",
  changed: "changed since the preview",
  conflict: "stored by someone else meanwhile",
};

/** A refused skill's name, or its folder (the key is "<source index>:<folder>") when it has none. */
export function refusedTitle(skill: UploadRefusedSkill): string {
  return skill.name ?? (skill.key.slice(skill.key.indexOf(":") + 1) || "SKILL.md");
}

export function isScanFinding(finding: Finding | ScanFinding): finding is ScanFinding {
  return "rule" in finding;
}
