import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import { canCreateIn, type Actor, type Destination } from "@/lib/skills/permissions/permissions";
import type { ScanResult } from "@/lib/skills/scan/types";
import { canRequestCreateIn, proposalPolicyForSteered, type RequestPolicy } from "@/lib/skills/review-requests/policy";
import { spaceOf } from "@/lib/skills/permissions/space";
import { timeSlicer } from "@/lib/skills/archive/steps";
import type { Tx } from "@/lib/db/client";
import type { ProposalOutcome } from "@/lib/types/reviews";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { sourceFields, sourceOf, syncedSkillMessage } from "./synced-skills";
import { addVersionForbidden, requireSkill } from "../core/skill-access";
import { lockName, lockRow } from "@/lib/db/locks";
import { teamPolicy } from "../core/request-facts";
import { writeInitialTags } from "./tags";
import { openMoveRequest, openVersionRequest, pushRevision, requireRevisableRequest } from "../proposals/propose";
import { prepareVersion, writeVersion, type PreparedVersion, type Provenance, type ReviewDecision } from "./version-writer";
import { audit } from "../notifications/audit";
import type { Intake } from "./context";
import { refusedByWrite, storedOutcome, type IntakeOutcome } from "./outcome";

// The write stage: skills the gate let in become new skills, new versions or review requests.
// Permissions and name clashes are checked again on the rows the transaction holds (the plan's
// look-up may be stale by then), as the actor the request started with.

export interface ImportItem {
  skill: BundleSkill;
  /** Version message; defaults to "Initial version" / "New version". */
  message?: string;
  /** Where a new skill goes. */
  destination?: Destination;
  /** Add a version to this existing skill instead; with baseVersion, refused if it moved past it; with requestId, a new revision of that review request. */
  target?: { skillId: string; baseVersion?: number; requestId?: string };
  /** An instance admin's written reason to store it despite a critical security finding (audited). */
  overrideReason?: string;
  /** A source sync's import: the version records where it came from, and a new skill is tied to the source. */
  provenance?: Provenance;
  /**
   * Who chose this content when not the viewer (the source's settings were last changed by them;
   * null: that account is gone): it is published only if they could publish it directly too.
   */
  steeredBy?: Actor | null;
}

/** An item the gate let in: its scan, and the review state its version starts in. */
export type Admitted = ImportItem & { scan: ScanResult; review: ReviewDecision };

export interface ImportResult {
  skillId: string;
  name: string;
  version: number;
  created: boolean;
  /**
   * Set when the write was proposed rather than published (the team's review policy, or the
   * public space for a non-admin): `version` is the proposed version, not the current one.
   */
  proposal?: ProposalOutcome;
}

/**
 * Holds a skill name in one space until the transaction ends, so that of two writes taking the
 * same name at the same moment the second sees the first's skill (lib/db/locks.ts).
 */
export const lockSkillName = (tx: Tx, space: string, name: string) => lockName(tx, `skill-name ${space} ${name}`);

export async function assertNameFree(tx: Tx, space: string, name: string, exceptId?: string) {
  await lockSkillName(tx, space, name);
  const existing = await tx.skill.findUnique({ where: { space_name: { space, name } }, select: { id: true } });
  if (existing && existing.id !== exceptId) {
    throw new DataError("CONFLICT", `A skill named "${name}" already exists there.`, { reason: "name-taken", existingSkillId: existing.id, name });
  }
}

/**
 * Writes admitted skills all or nothing: one transaction for every skill, version, file and blob
 * row. Anything refused in it (a name taken meanwhile, a permission gone) refuses them all.
 */
export async function writeAdmitted(intake: Intake, items: Admitted[]): Promise<ImportResult[]> {
  if (!items.length) return [];
  // Preparing and writing a skill are each synchronous work on SQLite (its driver does not wait on
  // I/O): an import of hundreds of skills gives the event loop a turn between skills, or every
  // other request of the server waits for the whole import.
  const slice = timeSlicer();
  const prepared: PreparedVersion[] = [];
  for (const item of items) {
    prepared.push(await prepareVersion(item.skill, { scan: item.scan, review: item.review }));
    await slice();
  }

  const { actor } = intake;
  return db.$transaction(async (tx) => {
    const results: ImportResult[] = [];
    for (const [index, item] of items.entries()) {
      await slice();
      const version = prepared[index];
      if (item.target) {
        const { skillId, baseVersion, requestId } = item.target;
        results.push(
          await addVersionInTx(tx, actor, skillId, version, {
            message: item.message,
            baseVersion,
            requestId,
            action: "skill.version",
            provenance: item.provenance,
            steeredBy: item.steeredBy,
            ...(item.provenance ? { detail: sourceDetail(item.provenance) } : {}),
          }),
        );
      } else {
        const destination = item.destination ?? { scope: "PERSONAL" };
        const access = { scope: destination.scope, ownerId: null, teamId: destination.teamId ?? null };
        const movePolicy = proposalPolicyForSteered(actor, item.steeredBy, access, await teamPolicy(tx, destination.teamId));
        if (movePolicy && canRequestCreateIn(actor, destination)) {
          results.push(await createByRequest(tx, actor, destination, version, { message: item.message, policy: movePolicy, provenance: item.provenance }));
          continue;
        }
        if (!canCreateIn(actor, destination)) throw new DataError("FORBIDDEN", forbiddenCreateMessage(destination));
        const ownerId = destination.scope === "PERSONAL" || destination.scope === "PUBLIC" ? actor.id : null;
        const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
        const space = spaceOf(destination.scope, { ownerId, teamId });
        await assertNameFree(tx, space, version.name);
        const skill = await tx.skill.create({
          data: { name: version.name, scope: destination.scope, ownerId, teamId, space, versionCount: 1, ...sourceColumns(item.provenance) },
          select: { id: true },
        });
        await writeVersion(tx, {
          skillId: skill.id,
          number: 1,
          authorId: actor.id,
          message: item.message?.trim() || "Initial version",
          version,
          teamId,
          provenance: item.provenance,
        });
        await writeInitialTags(tx, skill.id, version.frontmatter, destination);
        await audit(tx, {
          actorId: actor.id,
          action: "skill.create",
          skillId: skill.id,
          skillName: version.name,
          version: 1,
          teamId,
          detail: { scope: destination.scope, ...(item.provenance ? sourceDetail(item.provenance) : {}) },
        });
        results.push({ skillId: skill.id, name: version.name, version: 1, created: true });
      }
    }
    return results;
  }, transactionTime(items.length));
}

/**
 * The time an import's transaction may stay open. Prisma's default (5 s) only ever held because
 * the transaction never gave the event loop a turn, so its timer could not fire; now that it does,
 * a bulk import (and the other requests it lets run in between) gets time in proportion to its skills.
 */
const transactionTime = (skills: number) => ({ timeout: 5_000 + skills * 1_000 });

/**
 * Writes admitted skills each in its own transaction, so one that cannot be stored (someone took
 * its name since the plan) costs only itself: what became of each, in order.
 */
export async function writeEach(intake: Intake, items: (Admitted & { key: string })[]): Promise<IntakeOutcome[]> {
  const outcomes: IntakeOutcome[] = [];
  const slice = timeSlicer();
  for (const item of items) {
    await slice();
    try {
      const [result] = await writeAdmitted(intake, [item]);
      outcomes.push(storedOutcome(item.key, result));
    } catch (error) {
      if (!(error instanceof DataError)) throw error;
      outcomes.push(refusedByWrite(item.key, item.skill.name ?? item.key, error));
    }
  }
  return outcomes;
}

const sourceColumns = (provenance: Provenance | undefined) => (provenance ? { sourceId: provenance.sourceId, sourcePath: provenance.path } : {});
// The audit trail names the source and commit, never a credential (sources keep those to themselves).
const sourceDetail = (provenance: Provenance) => ({
  source: { id: provenance.sourceId, url: provenance.url, revision: provenance.revision, path: provenance.path },
});

/**
 * A new skill for a reviewed space (a team that asks for approval, or the public space for a
 * non-admin): it is created in the author's personal space, where only they see it, with a
 * request to move it there once approved.
 */
async function createByRequest(
  tx: Tx,
  actor: Actor,
  destination: Destination,
  version: PreparedVersion,
  input: { message?: string; policy: RequestPolicy; provenance?: Provenance },
): Promise<ImportResult> {
  const space = spaceOf("PERSONAL", { ownerId: actor.id, teamId: null });
  await lockSkillName(tx, space, version.name);
  const clash = await tx.skill.findUnique({ where: { space_name: { space, name: version.name } }, select: { id: true } });
  if (clash) {
    throw new DataError(
      "CONFLICT",
      `"${version.name}" needs approval before it joins ${destination.scope === "PUBLIC" ? "the public space" : "the team"}, and waits in your personal space meanwhile, where you already have a skill with that name. Rename one of them.`,
      { reason: "name-taken", existingSkillId: clash.id, name: version.name },
    );
  }
  const skill = await tx.skill.create({
    data: { name: version.name, scope: "PERSONAL", ownerId: actor.id, teamId: null, space, versionCount: 1, ...sourceColumns(input.provenance) },
    select: { id: true },
  });
  const written = await writeVersion(tx, {
    skillId: skill.id,
    number: 1,
    authorId: actor.id,
    message: input.message?.trim() || "Initial version",
    version,
    provenance: input.provenance,
  });
  // Tagged as where it is going: a team's listed tags only, so the move brings no stray ones.
  await writeInitialTags(tx, skill.id, version.frontmatter, destination);
  await audit(tx, {
    actorId: actor.id,
    action: "skill.create",
    skillId: skill.id,
    skillName: version.name,
    version: 1,
    detail: { scope: "PERSONAL", requestedScope: destination.scope, ...(input.provenance ? sourceDetail(input.provenance) : {}) },
  });
  const proposal = await openMoveRequest(
    tx,
    actor,
    { id: skill.id, name: version.name, teamId: null, currentVersion: { id: written.id, number: 1 } },
    destination,
    { policy: input.policy },
  );
  return { skillId: skill.id, name: version.name, version: 1, created: true, proposal };
}

function forbiddenCreateMessage(destination: Destination): string {
  switch (destination.scope) {
    case "PUBLIC":
      return "Only instance admins can publish skills to the public space.";
    case "TEAM":
      return "You can only add skills to teams you belong to.";
    case "BUILTIN":
      return "Built-in skills ship with the app and cannot be added.";
    default:
      return "You cannot add a skill there.";
  }
}

export async function addVersionInTx(
  tx: Tx,
  actor: Actor,
  skillId: string,
  version: PreparedVersion,
  options: {
    message?: string;
    baseVersion?: number;
    action: string;
    detail?: Record<string, unknown>;
    requestId?: string;
    provenance?: Provenance;
    steeredBy?: Actor | null;
  },
): Promise<ImportResult> {
  // Versions of one skill queue here, so what is read below (its name, current version) holds until commit.
  await lockRow(tx, "Skill", skillId);
  const skill = await requireSkill(tx, actor, skillId, "addVersion", {
    select: { space: true, updatedAt: true, ...sourceFields },
    forbidden: addVersionForbidden,
  });
  const source = sourceOf(skill);
  if (source && options.provenance?.sourceId !== source.sourceId) {
    throw new DataError("CONFLICT", syncedSkillMessage(source), { reason: "synced", source });
  }
  const request = options.requestId ? await requireRevisableRequest(tx, actor, options.requestId, skillId) : null;
  const policy = request ? null : proposalPolicyForSteered(actor, options.steeredBy, skill.access, await teamPolicy(tx, skill.teamId));
  const proposed = request !== null || policy !== null;
  // A proposal changes nothing agents or lists see, so the skill's "updated" time stays.
  const { versionCount, currentVersion } = await tx.skill.update({
    where: { id: skillId },
    data: { versionCount: { increment: 1 }, updatedAt: proposed ? skill.updatedAt : new Date() },
    select: { versionCount: true, currentVersion: { select: { number: true } } },
  });
  // Proposals take numbers too, so "based on" compares with the current version, not the last number.
  const current = currentVersion?.number ?? null;
  if (options.baseVersion !== undefined && options.baseVersion !== current) {
    throw new DataError("CONFLICT", `This skill is now at version ${current}; your changes were based on version ${options.baseVersion}.`, {
      reason: "version-moved",
      currentVersion: current,
      baseVersion: options.baseVersion,
    });
  }
  if (version.name !== skill.name) await assertNameFree(tx, skill.space, version.name, skill.id);
  const message = options.message?.trim() || "New version";
  const written = await writeVersion(tx, {
    skillId,
    number: versionCount,
    authorId: actor.id,
    message,
    version,
    teamId: skill.teamId,
    proposed,
    provenance: options.provenance,
  });
  if (proposed) {
    // The skill keeps its name and current version until the request merges.
    const ref = { id: skillId, name: skill.name, teamId: skill.teamId };
    const revision = { versionId: written.id, versionNumber: versionCount, baseVersion: current, message };
    const proposal = request
      ? await pushRevision(tx, actor, ref, request, revision)
      : await openVersionRequest(tx, actor, ref, { ...revision, policy: policy!, via: options.action });
    return { skillId, name: skill.name, version: versionCount, created: false, proposal };
  }
  if (version.name !== skill.name) await tx.skill.update({ where: { id: skillId }, data: { name: version.name } });
  await audit(tx, {
    actorId: actor.id,
    action: options.action,
    skillId,
    skillName: version.name,
    version: versionCount,
    teamId: skill.teamId,
    detail: options.detail,
  });
  return { skillId, name: version.name, version: versionCount, created: false };
}
