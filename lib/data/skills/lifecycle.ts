import "server-only";
import { canManageSkill, canMoveSkill, type Actor, type Destination, type SkillAccess } from "@/lib/skills/permissions/permissions";
import { canRequestMove, describeRequestPolicy, proposalPolicyForDestination } from "@/lib/skills/review-requests/policy";
import type { ProposalOutcome } from "@/lib/types/reviews";
import { planPrune } from "@/lib/skills/versions/prune";
import { describeReferences, summarizeReferences } from "@/lib/skills/permissions/references";
import { canReviewVersion } from "@/lib/skills/vetting/policy";
import { spaceOf } from "@/lib/skills/permissions/space";
import type { Tx } from "@/lib/db/client";
import type { SkillSummary } from "@/lib/types/skills";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError, notFound } from "../errors";
import { skillReferences } from "../profiles/references";
import { teamPolicy } from "../core/request-facts";
import { openMoveRequest } from "../proposals/propose";
import { scanStoredVersion } from "../vetting/scan-columns";
import { addVersionForbidden, findVisibleSkill, findVisibleVersion, requireSkill } from "../core/skill-access";
import { type PreparedVersion, type ReviewDecision } from "../intake/version-writer";
import { audit } from "../notifications/audit";
import { collectOrphanBlobs } from "../platform/blobs";
import { addVersionInTx, assertNameFree, reviewFromScan, type ImportResult } from "../intake";
import { summarySelect, toSummary } from "./rows";

// A skill's life after it is created: moved between scopes, archived, restored to an old
// version, pruned of old versions, deleted.

/**
 * Move or share a skill to another scope (personal -> team -> public and back). Into a team that
 * asks for approval (or, for anyone but an instance admin, into the public space) the move becomes
 * a review request: the skill stays where it is and `proposal` says where to follow it.
 */
export async function changeSkillScope(
  viewer: ViewerRef,
  skillId: string,
  destination: Destination,
  options: { request?: boolean } = {},
): Promise<SkillSummary & { proposal?: ProposalOutcome }> {
  const proposal = await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view", { select: { currentVersion: { select: { id: true, number: true } } } });
    const policy = proposalPolicyForDestination(actor, destination, await teamPolicy(tx, destination.teamId));
    if (policy && options.request === false && canMoveSkill(actor, skill.access, destination)) {
      throw new DataError(
        "FORBIDDEN",
        `"${skill.name}" cannot move there at once: that team reviews changes (${describeRequestPolicy(policy)}). Choose another place, or request the move from the skill's page.`,
      );
    }
    if (policy && options.request !== false && canRequestMove(actor, skill.access, destination, canManageSkill(actor, skill.access)) && skill.currentVersion) {
      const ownerId = destination.scope === "PUBLIC" ? (skill.ownerId ?? actor.id) : null;
      await assertNameFree(tx, spaceOf(destination.scope, { ownerId, teamId: destination.teamId ?? null }), skill.name, skill.id);
      return openMoveRequest(tx, actor, { id: skill.id, name: skill.name, teamId: skill.teamId, currentVersion: skill.currentVersion }, destination, {
        policy,
      });
    }
    if (!canMoveSkill(actor, skill.access, destination)) {
      throw new DataError(
        "FORBIDDEN",
        destination.scope === "PUBLIC" && actor.role !== "ADMIN"
          ? "Only instance admins can publish skills to the public space."
          : "You cannot move this skill there.",
      );
    }
    await moveSkillInTx(tx, actor.id, skill, destination, destination.scope === "PERSONAL" ? actor.id : (skill.ownerId ?? actor.id));
    return undefined;
  });
  const row = await db.skill.findUniqueOrThrow({ where: { id: skillId }, select: summarySelect });
  return proposal ? { ...toSummary(row), proposal } : toSummary(row);
}

/**
 * The move itself, once allowed (directly, or by a merged move request): scope, owner, team and
 * name space change together; security reviews that do not hold in the new place reopen.
 * `personalOwner` owns it when it lands in a personal space, and stays its author in the public one.
 */
export async function moveSkillInTx(
  tx: Tx,
  actorId: string,
  skill: { id: string; name: string; scope: SkillAccess["scope"]; ownerId: string | null; teamId: string | null },
  destination: Destination,
  personalOwner: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const ownerId = destination.scope === "PERSONAL" || destination.scope === "PUBLIC" ? personalOwner : null;
  const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
  const space = spaceOf(destination.scope, { ownerId, teamId });
  await assertNameFree(tx, space, skill.name, skill.id);
  await tx.skill.update({ where: { id: skill.id }, data: { scope: destination.scope, ownerId, teamId, space } });
  const reopenedReviews = await reopenReviewsAfterMove(tx, skill.id, { scope: destination.scope, ownerId, teamId });
  await audit(tx, {
    actorId,
    action: "skill.scope",
    skillId: skill.id,
    skillName: skill.name,
    teamId: teamId ?? skill.teamId,
    detail: {
      from: { scope: skill.scope, teamId: skill.teamId },
      to: { scope: destination.scope, teamId },
      ...(reopenedReviews.length ? { reopenedReviews } : {}),
      ...detail,
    },
  });
}

/**
 * A security review answers for the skill where it was given. After a move, a "reviewed" version
 * whose reviewer could not give that review where the skill now is goes back to "needs_review"
 * (reviewer and note stay on record), or a member could review their own personal skill and share
 * it with a team as reviewed. Overrides stand: they are an instance admin's decision. Returns the
 * version numbers reopened.
 */
async function reopenReviewsAfterMove(tx: Tx, skillId: string, to: SkillAccess): Promise<number[]> {
  const reviewed = await tx.skillVersion.findMany({
    where: { skillId, reviewStatus: "reviewed" },
    select: { id: true, number: true, reviewedById: true, scanHighest: true },
  });
  const reviewers = new Map<string, Actor | null>();
  const reopen: { id: string; number: number }[] = [];
  for (const version of reviewed) {
    const id = version.reviewedById;
    if (id && !reviewers.has(id)) {
      // A deleted reviewer cannot answer for the new place either.
      reviewers.set(id, await loadActor(tx, { id }).catch((error: unknown) => (error instanceof DataError ? null : Promise.reject(error))));
    }
    const reviewer = id ? reviewers.get(id) : null;
    if (!reviewer || !canReviewVersion(reviewer, to, version.scanHighest)) reopen.push(version);
  }
  if (reopen.length) await tx.skillVersion.updateMany({ where: { id: { in: reopen.map((v) => v.id) } }, data: { reviewStatus: "needs_review" } });
  return reopen.map((v) => v.number).sort((a, b) => a - b);
}

/**
 * Delete a skill with every version. Refused while profiles of people who may manage it use it
 * (the refusal names only the caller's own); `removeReferences` takes it out of those profiles.
 * Anyone else's profile just loses it: a viewer's profile must not hold a skill for its owners.
 */
export async function deleteSkill(viewer: ViewerRef, skillId: string, options: { removeReferences?: boolean } = {}): Promise<{ deleted: true }> {
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "manage", {
      select: { versionCount: true },
      forbidden: (access) => (access.scope === "BUILTIN" ? "Built-in skills cannot be deleted." : "You cannot delete this skill."),
    });
    const references = await skillReferences(tx, skillId, skill.access);
    const summary = summarizeReferences(actor.id, references);
    if (summary.holding && !options.removeReferences) {
      throw new DataError("REFERENCED", `"${skill.name}" is used by ${describeReferences(summary)}.`, { references: summary });
    }
    await tx.agentProfileSkill.deleteMany({ where: { skillId } });
    await tx.skill.update({ where: { id: skillId }, data: { currentVersionId: null } });
    await tx.skill.delete({ where: { id: skillId } });
    await collectOrphanBlobs(tx);
    const removedReferences = references.map(({ profileId, ownerId }) => ({ profileId, ownerId }));
    await audit(tx, {
      actorId: actor.id,
      action: "skill.delete",
      skillId,
      skillName: skill.name,
      teamId: skill.teamId,
      detail: { scope: skill.scope, versions: skill.versionCount, removedReferences },
    });
    return { deleted: true as const };
  });
}

/** Hide a skill from lists and agents without deleting it (and show it again). */
export async function setSkillArchived(viewer: ViewerRef, skillId: string, archived: boolean): Promise<void> {
  await db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "manage", { forbidden: "You cannot archive this skill." });
    await tx.skill.update({ where: { id: skillId }, data: { archived } });
    await audit(tx, { actorId: actor.id, action: archived ? "skill.archive" : "skill.unarchive", skillId, skillName: skill.name, teamId: skill.teamId });
  });
}

/**
 * Make an old version current again by adding a new version with its exact content. The restored
 * content is scanned again with today's rules: an earlier review or override carries over only
 * when the rules are the ones it was decided under (same content, same findings); otherwise the
 * import gate applies as to any new version (critical blocks without an admin's override).
 */
export async function restoreSkillVersion(
  viewer: ViewerRef,
  skillId: string,
  number: number,
  options: { baseVersion?: number; overrideReason?: string } = {},
): Promise<ImportResult> {
  const reader = await loadActor(db, viewer);
  const source = await findVisibleVersion(db, reader, skillId, number, {
    id: true,
    name: true,
    scanRuleset: true,
    reviewStatus: true,
    reviewedById: true,
    reviewedAt: true,
    reviewNote: true,
  });
  if (!source) throw (await findVisibleSkill(db, reader, skillId, { id: true })) ? notFound(`Version ${number}`) : notFound();
  // Refuse before scanning: a viewer who may only read the skill must not be able to make the
  // server rescan its versions. The transaction below checks again on the rows it writes.
  await requireSkill(db, reader, skillId, "addVersion", { forbidden: addVersionForbidden });
  const scan = await scanStoredVersion(db, source.id);
  const carried = source.scanRuleset === scan.ruleset && (source.reviewStatus === "reviewed" || source.reviewStatus === "override");
  const review: ReviewDecision = carried
    ? { status: source.reviewStatus, by: source.reviewedById, at: source.reviewedAt, note: source.reviewNote }
    : reviewFromScan(reader, source.name, scan, options.overrideReason);

  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    await requireSkill(tx, actor, skillId, "view");
    const old = await tx.skillVersion.findUnique({ where: { skillId_number: { skillId, number } }, include: { files: true } });
    if (!old) throw notFound(`Version ${number}`);
    const version: PreparedVersion = {
      ...old,
      files: old.files.map(({ path, size, mediaType, sha256, tokens, executable }) => ({ path, size, mediaType, sha256, tokens, executable })),
      blobs: new Map(), // the blobs exist already: the old version references them
      scan,
      review,
    };
    return addVersionInTx(tx, actor, skillId, version, {
      message: `Restore v${number}`,
      baseVersion: options.baseVersion,
      action: "skill.restore",
      detail: { restored: number },
    });
  });
}

/**
 * Delete old versions, keeping the newest `keep`, the current one, and any version pinned by a
 * profile that holds the skill (lib/skills/permissions/references.ts). Other profiles pinning a deleted
 * version follow the current one from then on. Returns the numbers deleted.
 */
export async function pruneSkillVersions(viewer: ViewerRef, skillId: string, keep: number): Promise<number[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new DataError("INVALID", "Keep at least one version.");
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "manage", {
      select: { currentVersionId: true },
      forbidden: "Only the skill's owners and admins can prune versions.",
    });
    const versions = await tx.skillVersion.findMany({ where: { skillId }, select: { id: true, number: true }, orderBy: { number: "desc" } });
    const pinned = new Set((await skillReferences(tx, skillId, skill.access)).flatMap((r) => (r.holds && r.pinnedVersion !== null ? [r.pinnedVersion] : [])));
    // An open review request needs its proposals and the versions they were based on (its diff).
    const underReview = await tx.reviewRevision.findMany({
      where: { request: { skillId, state: "open" } },
      select: { versionNumber: true, baseVersion: true },
    });
    for (const r of underReview) for (const n of [r.versionNumber, r.baseVersion]) if (n !== null) pinned.add(n);
    // A release label's version is what its followers get: never pruned from under them.
    for (const l of await tx.skillLabel.findMany({ where: { skillId }, select: { version: { select: { number: true } } } })) pinned.add(l.version.number);
    const deleted = new Set(
      planPrune(
        versions.map((v) => ({ number: v.number, current: v.id === skill.currentVersionId, pinned: pinned.has(v.number) })),
        keep,
      ).deleted,
    );
    const doomed = versions.filter((v) => deleted.has(v.number));
    if (!doomed.length) return [];
    const numbers = doomed.map((v) => v.number).sort((a, b) => a - b);
    const unpinned = await tx.agentProfileSkill.updateMany({ where: { skillId, pinnedVersion: { in: numbers } }, data: { pinnedVersion: null } });
    await tx.skillVersion.deleteMany({ where: { id: { in: doomed.map((v) => v.id) } } });
    await collectOrphanBlobs(tx);
    await audit(tx, {
      actorId: actor.id,
      action: "skill.prune",
      skillId,
      skillName: skill.name,
      teamId: skill.teamId,
      detail: { keep, deleted: numbers, unpinned: unpinned.count },
    });
    return numbers;
  });
}
