import "server-only";
import { canManageMembers } from "@/lib/skills/permissions/permissions";
import { parseReviewPolicy, reviewPolicySchema, reviewPolicyWarning, type ReviewPolicy } from "@/lib/skills/review-requests/policy";
import type { TeamReviewSettings } from "@/lib/types/reviews";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { audit } from "../notifications/audit";

/** A team's review policy as its members see it; null when the viewer is not a member (404). */
export async function getTeamReviewSettings(viewer: ViewerRef, teamId: string): Promise<TeamReviewSettings | null> {
  const actor = await loadActor(db, viewer);
  if (!actor.teamRoles[teamId]) return null;
  const team = await db.team.findUnique({ where: { id: teamId }, select: { reviewPolicy: true } });
  if (!team) return null;
  return { teamId, policy: parseReviewPolicy(team.reviewPolicy), canEdit: canManageMembers(actor, teamId) };
}

/**
 * Set a team's review policy: its owners and admins (audited "team.review-policy"). Requests
 * already open keep the policy they were opened with. A policy some changes could never satisfy
 * with the team's people (a sole owner's own change, say) is refused unless `acceptUnreachable`.
 */
export async function setTeamReviewPolicy(
  viewer: ViewerRef,
  teamId: string,
  policy: ReviewPolicy,
  options: { acceptUnreachable?: boolean } = {},
): Promise<TeamReviewSettings> {
  const parsed = reviewPolicySchema.safeParse(policy);
  if (!parsed.success) throw new DataError("INVALID", parsed.error.issues[0]?.message ?? "That review policy is not valid.", { field: "policy" });
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    if (!actor.teamRoles[teamId]) throw new DataError("NOT_FOUND", "Team not found.");
    if (!canManageMembers(actor, teamId)) throw new DataError("FORBIDDEN", "Only the team's owners and admins can change its review policy.");
    const [managers, members] = await Promise.all([
      tx.membership.count({ where: { teamId, role: { in: ["OWNER", "ADMIN"] } } }),
      tx.membership.count({ where: { teamId } }),
    ]);
    const unreachable = reviewPolicyWarning(parsed.data, { managers, members });
    if (unreachable && !options.acceptUnreachable)
      throw new DataError("CONFLICT", `${unreachable} Confirm to save it anyway.`, { reason: "policy-unreachable", field: "acceptUnreachable" });
    const before = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { reviewPolicy: true } });
    await tx.team.update({ where: { id: teamId }, data: { reviewPolicy: JSON.stringify(parsed.data) } });
    await audit(tx, { actorId: actor.id, action: "team.review-policy", teamId, detail: { from: parseReviewPolicy(before.reviewPolicy), to: parsed.data } });
    return { teamId, policy: parsed.data, canEdit: true };
  });
}
