import "server-only";
import { getEnv } from "@/lib/env";
import { readBundle } from "@/lib/skills/archive/bundle";
import type { Finding } from "@/lib/skills/format/findings";
import type { ManifestEntry } from "@/lib/skills/draft/draft";
import { isTextMediaType } from "@/lib/skills/format/media-type";
import { addVersionRefusal, canAddVersion } from "@/lib/skills/permissions/permissions";
import { describeRequestPolicy, parseReviewPolicy, proposalPolicyForVersion } from "@/lib/skills/review-requests/policy";
import { decodeUtf8 } from "@/lib/skills/format/text";
import type { EditorSkill, EditorVersion, EditRefusal } from "@/lib/types/editor";
import { loadActor, type ViewerRef } from "../core/actor";
import { accessFields, accessOf, findVisibleSkill } from "../core/skill-access";
import { db } from "@/lib/db/server";
import { DataError, notFound } from "../errors";
import { addSkillVersion, intakeFor, type ImportResult } from "../intake";
import { sourceFields, sourceOf, syncedSkillMessage } from "../intake/synced-skills";
import { readSkillFiles, readSkillVersionFiles } from "../skills/files";

// The browser editor: what it starts from and how a draft becomes a new version. Reading and
// writing both go through the skills module, so the same visibility and "may add versions" rules
// apply as everywhere else; this module only adds the editor's shape of the data.

/** Text files above this open as binaries (replace only): a browser editor is no place for them. */
export const EDITABLE_TEXT_MAX_BYTES = 1024 * 1024;

async function editableSkill(viewer: ViewerRef, skillId: string, options: { synced?: "refuse" } = {}) {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, {
    id: true,
    name: true,
    ...accessFields,
    ...sourceFields,
    versionCount: true,
    team: { select: { name: true, reviewPolicy: true } },
    currentVersion: { select: { number: true } },
  });
  if (!skill || !skill.currentVersion) return null;
  if (!canAddVersion(actor, accessOf(skill))) return null;
  // Synced skills are edited upstream; a save here would be overwritten (or refused) by the next sync.
  const source = sourceOf(skill);
  if (source) {
    if (options.synced === "refuse") throw new DataError("FORBIDDEN", syncedSkillMessage(source), { reason: "synced", source });
    return null;
  }
  const proposal = proposalPolicyForVersion(actor, accessOf(skill), parseReviewPolicy(skill.team?.reviewPolicy));
  return { ...skill, actor, current: skill.currentVersion.number, proposes: proposal ? describeRequestPolicy(proposal) : null };
}

/**
 * For a skill the viewer can read but not edit: its name and why, so the editor's URL can say so
 * instead of answering as if the skill did not exist. Null when it is not visible (or editable).
 * A skill synced from a source is edited upstream: `source` says where, and whoever may add
 * versions to it may detach it (lib/data/sources/sources.ts detachSkill).
 */
export async function getEditRefusal(viewer: ViewerRef, skillId: string): Promise<EditRefusal | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, { id: true, name: true, ...accessFields, ...sourceFields });
  if (!skill) return null;
  const reason = addVersionRefusal(actor, accessOf(skill));
  if (reason) return { id: skill.id, name: skill.name, reason };
  const source = sourceOf(skill);
  return source ? { id: skill.id, name: skill.name, reason: syncedSkillMessage(source), source, canDetach: true } : null;
}

/**
 * Whether the viewer may open this skill in the editor (see it and add versions to it). The live
 * preview asks before rendering anything, so it is not a Markdown renderer for any signed-in caller.
 */
export async function mayEditSkill(viewer: ViewerRef, skillId: string): Promise<boolean> {
  return (await editableSkill(viewer, skillId)) !== null;
}

/**
 * A version of a skill the viewer may edit, with every file's text (null for binaries and large
 * files); null when the skill is not visible, may not get new versions (built-ins, other people's
 * public skills), or has no such version. `number` defaults to the current version.
 */
export async function getEditorVersion(viewer: ViewerRef, skillId: string, number?: number): Promise<EditorVersion | null> {
  const skill = await editableSkill(viewer, skillId);
  if (!skill) return null;
  const versionNumber = number ?? skill.current;
  const [stored, meta] = await Promise.all([
    readSkillVersionFiles(viewer, skillId, versionNumber),
    db.skillVersion.findUnique({
      where: { skillId_number: { skillId, number: versionNumber } },
      select: { message: true, createdAt: true, author: { select: { name: true } }, files: { select: { path: true, tokens: true } } },
    }),
  ]);
  if (!stored || !meta) return null;
  const tokens = new Map(meta.files.map((f) => [f.path, f.tokens]));
  return {
    number: versionNumber,
    message: meta.message,
    author: meta.author?.name ?? null,
    createdAt: meta.createdAt,
    files: stored.files.map((file) => ({
      path: file.path,
      size: file.size,
      sha256: file.sha256,
      mediaType: file.mediaType,
      text: isTextMediaType(file.mediaType) && file.size <= EDITABLE_TEXT_MAX_BYTES ? decodeUtf8(file.bytes) : null,
      tokens: tokens.get(file.path) ?? null,
    })),
  };
}

/**
 * The editor page's skill: its current version with texts, or null (404) for whoever may not edit
 * it. With `requestId`, the request's latest revision to push the next one onto (see EditorRequest);
 * a request that is not this skill's, not open, not a new version or not the viewer's is refused
 * with a message (DataError NOT_FOUND or FORBIDDEN).
 */
export async function getEditorSkill(viewer: ViewerRef, skillId: string, options: { requestId?: string } = {}): Promise<EditorSkill | null> {
  const skill = await editableSkill(viewer, skillId);
  if (!skill) return null;
  const summary = {
    id: skill.id,
    name: skill.name,
    scope: skill.scope,
    team: skill.team?.name ?? null,
    nextVersion: skill.versionCount + 1,
    proposes: skill.proposes,
  };
  if (options.requestId) {
    const request = await db.reviewRequest.findFirst({
      where: { id: options.requestId, skillId },
      select: {
        id: true,
        title: true,
        kind: true,
        state: true,
        authorId: true,
        revision: true,
        baseVersion: true,
        revisions: { orderBy: { number: "desc" }, take: 1, select: { versionNumber: true } },
      },
    });
    if (!request || request.kind !== "version") throw new DataError("NOT_FOUND", "This skill has no such review request with a proposed version.");
    if (request.state !== "open") throw new DataError("FORBIDDEN", `This review request was ${request.state}: nothing more can be pushed to it.`);
    if (request.authorId !== viewer.id) throw new DataError("FORBIDDEN", "Only the request's author can push a new revision to it.");
    const proposedNumber = request.revisions[0]?.versionNumber;
    const [base, proposed] = await Promise.all([
      getEditorVersion(viewer, skillId, request.baseVersion ?? skill.current),
      proposedNumber === undefined ? null : getEditorVersion(viewer, skillId, proposedNumber),
    ]);
    if (!base || !proposed) throw new DataError("NOT_FOUND", "The request's proposed version or the version it was based on no longer exists.");
    return {
      ...summary,
      current: base,
      request: { id: request.id, title: request.title, revision: request.revision, proposed, currentVersion: skill.current },
    };
  }
  const current = await getEditorVersion(viewer, skillId, skill.current);
  if (!current) return null;
  return { ...summary, current };
}

export interface DraftSave {
  baseVersion: number;
  message: string;
  entries: ManifestEntry[];
  /** The bytes of `{ upload: i }` entries, by index. */
  uploads: Uint8Array[];
  /** Push the draft as a new revision of this open review request (its author only). */
  requestId?: string;
}

/** Refused because the files a draft makes do not form a valid skill; `findings` say where. */
export class InvalidDraftError extends DataError {
  constructor(readonly findings: Finding[]) {
    const errors = findings.filter((f) => f.severity === "error");
    super(
      "INVALID",
      `The skill has ${errors.length} ${errors.length === 1 ? "error" : "errors"}: ${errors.map((e) => (e.path && !e.message.includes(e.path) ? `${e.path}: ${e.message}` : e.message)).join("; ")}`,
      { findings: errors },
    );
  }
}

/**
 * Saves a draft as the skill's next version. Files the draft left alone are read back from the
 * stored version they name (the browser never re-sends them); typed text and uploads come with
 * the request. The files are read as one bundle by the same format core as an upload, so the
 * editor cannot store what an upload would refuse. Then addSkillVersion checks permission, the
 * base version (CONFLICT when someone saved meanwhile) and, on a rename, name clashes.
 */
export async function saveSkillDraft(viewer: ViewerRef, skillId: string, input: DraftSave): Promise<ImportResult> {
  const skill = await editableSkill(viewer, skillId, { synced: "refuse" });
  if (!skill) throw notFound();

  const wanted = new Map<number, Set<string>>();
  for (const entry of input.entries) {
    if ("stored" in entry) {
      const paths = wanted.get(entry.stored.version) ?? new Set<string>();
      paths.add(entry.stored.path);
      wanted.set(entry.stored.version, paths);
    }
  }
  const stored = new Map<string, { bytes: Uint8Array; executable: boolean }>();
  for (const [version, paths] of wanted) {
    const files = await readSkillFiles(viewer, skillId, version, [...paths]);
    if (!files)
      throw new DataError("INVALID", `Version ${version} of this skill no longer exists (it was pruned); reload the editor to start from the current version.`);
    for (const [path, file] of files) stored.set(`${version}:${path}`, file);
  }
  const wasExecutable = await previousExecutables(skillId, input.baseVersion, input.requestId);

  const encoder = new TextEncoder();
  const files = input.entries.map((entry) => {
    if ("text" in entry) return { path: entry.path, bytes: encoder.encode(entry.text), executable: wasExecutable(entry) };
    if ("upload" in entry) {
      const bytes = input.uploads[entry.upload];
      if (!bytes) throw new DataError("INVALID", `The upload for ${entry.path} is missing; add the file again.`);
      return { path: entry.path, bytes, executable: wasExecutable(entry) };
    }
    const file = stored.get(`${entry.stored.version}:${entry.stored.path}`);
    if (!file) throw new DataError("INVALID", `${entry.stored.path} is not a file of version ${entry.stored.version}; reload the editor.`);
    return { path: entry.path, bytes: file.bytes, executable: file.executable };
  });

  const bundle = readBundle({ kind: "files", files }, { limits: getEnv().limits });
  const [built] = bundle.skills;
  const findings = [...bundle.findings, ...(built?.findings ?? [])];
  if (!bundle.ok || !built || built.root !== "" || bundle.skills.length !== 1) {
    throw new InvalidDraftError(
      findings.some((f) => f.severity === "error")
        ? findings
        : [...findings, { severity: "error", code: "skill-md-missing", message: "SKILL.md must stay at the top of the skill", path: "SKILL.md" }],
    );
  }
  const message = input.message.trim();
  if (!message) throw new DataError("INVALID", "Describe the change in a short message.", { field: "message" });
  // The save is one intake as the actor read above: validated, scanned once, gated once, written.
  return addSkillVersion(intakeFor(skill.actor), skillId, { skill: built, message, baseVersion: input.baseVersion, requestId: input.requestId });
}

/**
 * The editor has no mode switch, so an edited or uploaded file keeps the executable bit of the
 * file it replaces (a script stays runnable after a fix): the request's proposed file at the same
 * path when pushing a revision, else the base version's file it descends from. A new file is not
 * executable. Files left alone keep their stored bit without asking this.
 */
async function previousExecutables(
  skillId: string,
  baseVersion: number,
  requestId: string | undefined,
): Promise<(entry: { path: string; origin?: string }) => boolean> {
  const modes = async (number: number) =>
    new Map(
      (await db.skillFile.findMany({ where: { version: { skillId, number } }, select: { path: true, executable: true } })).map((f) => [f.path, f.executable]),
    );
  // Read before the request is checked: a bad request is refused by the write, and these bits go nowhere else.
  const request = requestId
    ? await db.reviewRequest.findFirst({
        where: { id: requestId, skillId },
        select: { revisions: { orderBy: { number: "desc" }, take: 1, select: { versionNumber: true } } },
      })
    : null;
  const proposedNumber = request?.revisions[0]?.versionNumber;
  const [base, proposed] = await Promise.all([modes(baseVersion), proposedNumber === undefined ? new Map<string, boolean>() : modes(proposedNumber)]);
  return (entry) => proposed.get(entry.path) ?? base.get(entry.origin ?? entry.path) ?? false;
}
