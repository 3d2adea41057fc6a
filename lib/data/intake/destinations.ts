import "server-only";
import { canAddVersion, canCreateIn, canViewSkill, type Destination } from "@/lib/skills/permissions/permissions";
import { spaceOf } from "@/lib/skills/permissions/space";
import { describeRequestPolicy, noEligibleReviewerText, parseReviewPolicy, proposalPolicyForDestination } from "@/lib/skills/review-requests/policy";
import type { UploadDestination } from "@/lib/types/uploads";
import { destinationKey, placeLabel } from "@/lib/labels";
import { db } from "@/lib/db/server";
import { DataError } from "../errors";
import { accessOf } from "../core/skill-access";
import { openIntake, type Requester } from "./context";

// Where an upload may go, for the actor: the destinations the upload dialog offers and the one a
// request names (upload.ts previews and commits into it), and what a destination already holds.

export interface DestinationInput {
  scope: "personal" | "team" | "public";
  /** With scope "team": the team's id or name (any case). */
  team?: string | null;
}

export interface ResolvedDestination {
  destination: UploadDestination;
  target: Destination;
}

/** Every place the actor may name for an upload: personal, each of their teams, public (with what review each implies). */
export async function listDestinations(who: Requester): Promise<ResolvedDestination[]> {
  const { actor } = await openIntake(who);
  const teams = await db.team.findMany({
    where: { id: { in: Object.keys(actor.teamRoles) } },
    select: { id: true, name: true, reviewPolicy: true, memberships: { select: { userId: true, role: true } } },
    orderBy: { name: "asc" },
  });
  const isAdmin = canCreateIn(actor, { scope: "PUBLIC" });
  return [
    {
      destination: { key: destinationKey({ scope: "PERSONAL" }), scope: "personal", team: null, label: placeLabel("PERSONAL"), canCreate: true, reason: null },
      target: { scope: "PERSONAL" },
    },
    ...teams.map((team): ResolvedDestination => {
      const target: Destination = { scope: "TEAM", teamId: team.id };
      const policy = proposalPolicyForDestination(actor, target, parseReviewPolicy(team.reviewPolicy));
      // Said before the upload, not discovered after: a proposal nobody may approve would wait forever.
      const eligible = team.memberships.filter(
        (m) => m.userId !== actor.id && (policy?.approvers !== "managers" || m.role === "OWNER" || m.role === "ADMIN"),
      ).length;
      const stuck = policy ? noEligibleReviewerText(policy, policy.requiredApprovals, eligible) : null;
      return {
        destination: {
          key: destinationKey(target),
          scope: "team",
          team: { id: team.id, name: team.name },
          label: placeLabel("TEAM", team.name),
          canCreate: canCreateIn(actor, target),
          reason: null,
          review: policy ? `${team.name} reviews changes: ${describeRequestPolicy(policy)} before agents see them.${stuck ? ` ${stuck}` : ""}` : null,
        },
        target,
      };
    }),
    {
      destination: {
        key: destinationKey({ scope: "PUBLIC" }),
        scope: "public",
        team: null,
        label: placeLabel("PUBLIC"),
        canCreate: true,
        reason: null,
        review: isAdmin ? null : "An instance admin approves it before it is public; meanwhile it waits in your personal space.",
      },
      target: { scope: "PUBLIC" },
    },
  ];
}

/** A destination the viewer can name; a team they are not in is "not found", like a hidden skill. */
export async function resolveUploadDestination(who: Requester, input: DestinationInput): Promise<ResolvedDestination> {
  return pickDestination(await listDestinations(who), input);
}

export function pickDestination(all: ResolvedDestination[], input: DestinationInput): ResolvedDestination {
  if (input.scope !== "team") return all.find((d) => d.destination.key === input.scope)!;
  const wanted = input.team?.trim();
  if (!wanted) throw new DataError("INVALID", "Choose the team to upload to.", { field: "team" });
  const found = all.find((d) => d.destination.team && (d.destination.team.id === wanted || d.destination.team.name.toLowerCase() === wanted.toLowerCase()));
  if (!found) throw new DataError("NOT_FOUND", "Team not found.", { field: "team" });
  return found;
}

/** The rules' Destination for a destination the upload named. */
export function resolveTarget(destination: UploadDestination): Destination {
  if (destination.scope === "team") return { scope: "TEAM", teamId: destination.team!.id };
  return { scope: destination.scope === "public" ? "PUBLIC" : "PERSONAL" };
}

/** A skill already in a destination under a name the intake brings (see ExistingSkill in lib/skills/upload/plan.ts). */
export interface ExistingInPlace {
  id: string;
  digest: string | null;
  executables: string[];
  version: number;
  canAddVersion: boolean;
}

/**
 * Skills with these names in one destination space, for "save as a new version of it" offers
 * (upload) and bulk import. Only what the actor may see comes back.
 */
export async function findSkillsInDestination(who: Requester, destination: Destination, names: string[]): Promise<Map<string, ExistingInPlace>> {
  const { actor } = await openIntake(who);
  const ownerId = destination.scope === "PERSONAL" ? actor.id : null;
  const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
  if (destination.scope === "TEAM" && (!teamId || !actor.teamRoles[teamId])) return new Map();
  const space = spaceOf(destination.scope, { ownerId, teamId });
  const rows = await db.skill.findMany({
    where: { space, name: { in: names } },
    select: {
      id: true,
      name: true,
      scope: true,
      ownerId: true,
      teamId: true,
      currentVersion: { select: { digest: true, number: true, files: { where: { executable: true }, select: { path: true } } } },
    },
  });
  return new Map(
    rows
      .filter((row) => canViewSkill(actor, accessOf(row)))
      .map((row) => [
        row.name,
        {
          id: row.id,
          digest: row.currentVersion?.digest ?? null,
          executables: row.currentVersion?.files.map((file) => file.path) ?? [],
          version: row.currentVersion?.number ?? 0,
          canAddVersion: canAddVersion(actor, accessOf(row)),
        },
      ]),
  );
}
