import "server-only";
import { auditSummary, destinationKey, placeLabel } from "@/lib/labels";
import { canManageSkill, canMoveSkill, type Actor, type Destination, type SkillAccess } from "@/lib/skills/permissions/permissions";
import { parseReviewPolicy, proposalPolicyForDestination, type ReviewPolicy } from "@/lib/skills/review-requests/policy";
import type { ManageAuditEvent, SkillManageInfo } from "@/lib/types/manage";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { listSkillAudit, listSkillReferences } from "./audit";
import { getSkill } from "./detail";
import { listMyTeams } from "../teams/teams";

/**
 * Whether the viewer may choose `destination` in the move tab: a move they may make, or (for a
 * manager who is not an instance admin) publishing to the public space, which becomes a request
 * an instance admin approves. The write (changeSkillScope) decides again.
 */
function mayOfferMove(actor: Actor, skill: SkillAccess, destination: Destination): boolean {
  if (canMoveSkill(actor, skill, destination)) return true;
  return destination.scope === "PUBLIC" && skill.scope !== "PUBLIC" && skill.scope !== "BUILTIN" && canManageSkill(actor, skill);
}

/** What a move there needs besides the mover, in the tab's words; null when it happens at once. */
function approvalNote(actor: Actor, destination: Destination, teamPolicy: ReviewPolicy): string | null {
  const policy = proposalPolicyForDestination(actor, destination, teamPolicy);
  if (!policy) return null;
  if (policy.approvers === "instance-admins") return "needs an instance admin's approval";
  const count = policy.requiredApprovals === 1 ? "an approval" : `${policy.requiredApprovals} approvals`;
  return `needs ${count} from the team's ${policy.approvers === "managers" ? "owners and admins" : "members"}`;
}

/**
 * Everything the manage dialog shows about a visible skill, or null: its details, who uses it, its
 * audit trail and where the viewer may move it. Loaded when the dialog opens (GET
 * /api/skills/<id>/manage), so list rows do not pay for references and trails nobody looks at.
 */
export async function getSkillManageInfo(viewer: ViewerRef, skillId: string): Promise<SkillManageInfo | null> {
  const skill = await getSkill(viewer, skillId);
  if (!skill) return null;
  const [actor, references, events, teams] = await Promise.all([
    loadActor(db, viewer),
    listSkillReferences(viewer, skill.id),
    listSkillAudit(viewer, skill.id, 12),
    listMyTeams(viewer),
  ]);
  const policies = new Map(
    (await db.team.findMany({ where: { id: { in: teams.map((team) => team.id) } }, select: { id: true, reviewPolicy: true } })).map((team) => [
      team.id,
      parseReviewPolicy(team.reviewPolicy),
    ]),
  );

  const teamNames = new Map(teams.map((team) => [team.id, team.name]));
  if (skill.team) teamNames.set(skill.team.id, skill.team.name);
  // The offer is computed with the same pure rules changeSkillScope enforces; the write checks again.
  const access = { scope: skill.scope, ownerId: skill.owner?.id ?? null, teamId: skill.team?.id ?? null };
  const candidates: { destination: Destination; label: string }[] = [
    { destination: { scope: "PERSONAL" }, label: "Personal (only you)" },
    ...teams.map((team) => ({ destination: { scope: "TEAM" as const, teamId: team.id }, label: placeLabel("TEAM", team.name) })),
    { destination: { scope: "PUBLIC" }, label: "Public (everyone on this instance)" },
  ];
  const moveTargets = candidates
    .filter((c) => mayOfferMove(actor, access, c.destination))
    .map(({ destination, label }) => ({
      key: destinationKey(destination),
      label,
      note: approvalNote(actor, destination, (destination.teamId && policies.get(destination.teamId)) || { mode: "direct" }),
    }));
  const moveNote =
    skill.scope === "BUILTIN"
      ? "Built-in skills ship with Skillshelf and cannot be moved."
      : !skill.can.manage
        ? skill.scope === "TEAM"
          ? `Only owners and admins of team ${skill.team?.name ?? ""} can move this skill.`
          : "Only instance admins can move public skills."
        : null;

  const audit: ManageAuditEvent[] = (events ?? []).map((event) => ({
    id: event.id,
    action: event.action,
    actorName: event.actorName,
    createdAt: event.createdAt,
    version: event.version,
    summary: auditSummary(event.action, event.detail, teamNames),
  }));

  return {
    id: skill.id,
    name: skill.name,
    scope: skill.scope,
    team: skill.team,
    owner: skill.owner,
    author: skill.author,
    archived: skill.archived,
    version: skill.version,
    createdAt: skill.createdAt,
    updatedAt: skill.updatedAt,
    versions: skill.versions.map(({ number, message, createdAt, author, proposed }) => ({ number, message, createdAt, author, proposed })),
    can: skill.can,
    references: references ?? { mine: [], others: 0, holding: 0 },
    audit,
    moveTargets,
    moveNote,
  };
}
