import { z } from "zod";
import type { Actor, Destination, SkillAccess, TeamRole } from "../permissions/permissions";

/**
 * Review requests, as rules: when a change to a shared skill becomes a proposal instead of the
 * current version, who may approve it, comment on it, withdraw it, and when it merges. Pure: the
 * data layer (lib/data/reviews) loads the facts and asks here; nothing else decides.
 */

/** Who may approve: team owners and admins, or any team member (never the author), or instance admins (the public space). */
export const APPROVER_RULES = ["managers", "members", "instance-admins"] as const;
export type ApproverRule = (typeof APPROVER_RULES)[number];

export const MIN_APPROVALS = 1;
export const MAX_APPROVALS = 3;

/** A team's review policy; "direct" is today's behaviour and the default. */
export type ReviewPolicy =
  | { mode: "direct" }
  | {
      mode: "approval";
      approvals: number;
      approvers: Exclude<ApproverRule, "instance-admins">;
      /** Team owners and admins publish their own changes at once (their saves skip review). */
      managersBypass: boolean;
      /** Release labels whose moves need approval too (lib/skills/permissions/labels.ts); absent: stable. */
      labels?: string[];
    };

export const DIRECT_POLICY: ReviewPolicy = { mode: "direct" };

export const reviewPolicySchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("direct") }),
  z.object({
    mode: z.literal("approval"),
    approvals: z.coerce
      .number()
      .int()
      .min(MIN_APPROVALS, `Ask for ${MIN_APPROVALS} to ${MAX_APPROVALS} approvals.`)
      .max(MAX_APPROVALS, `Ask for ${MIN_APPROVALS} to ${MAX_APPROVALS} approvals.`),
    approvers: z.enum(["managers", "members"], "Choose who may approve: owners and admins, or any member."),
    managersBypass: z.boolean().default(false),
    labels: z
      .array(z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, "A reviewed label is 1 to 32 lowercase letters, digits and dashes."))
      .max(20)
      .optional(),
  }),
]);

/** The stored JSON (Team.reviewPolicy) as a policy; anything unreadable reads as "direct". */
export function parseReviewPolicy(json: string | null | undefined): ReviewPolicy {
  if (!json) return DIRECT_POLICY;
  try {
    const parsed = reviewPolicySchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DIRECT_POLICY;
  } catch {
    return DIRECT_POLICY;
  }
}

/**
 * Why some changes could never gather the approvals the policy asks for, given the team's people;
 * null when every change can. The author never counts, so a team's only owner cannot approve
 * their own change unless owners and admins publish at once.
 */
export function reviewPolicyWarning(policy: ReviewPolicy, team: { managers: number; members: number }): string | null {
  if (policy.mode === "direct") return null;
  const need = policy.approvals;
  if (policy.approvers === "members") {
    const others = team.members - 1;
    return others < need
      ? `A change needs ${need} ${need === 1 ? "approval" : "approvals"} from the other members, and the team has ${others}: add members or ask for fewer.`
      : null;
  }
  if (team.managers < need) {
    return `A change needs ${need} ${need === 1 ? "approval" : "approvals"} from owners and admins, and the team has ${team.managers}: no change could be approved.`;
  }
  if (!policy.managersBypass && team.managers - 1 < need) {
    return `An owner's or admin's own change needs ${need} ${need === 1 ? "approval" : "approvals"} from the other ${team.managers - 1}: let owners and admins publish at once, or ask for fewer.`;
  }
  return null;
}

/** What a request needs to merge, fixed when it is opened (a later policy change applies to later requests). */
export interface RequestPolicy {
  requiredApprovals: number;
  approvers: ApproverRule;
}

/** "1 approval from an owner or admin", "2 approvals from members", "an instance admin's approval". */
export function describeRequestPolicy(policy: RequestPolicy): string {
  const n = policy.requiredApprovals;
  switch (policy.approvers) {
    case "instance-admins":
      return n === 1 ? "an instance admin's approval" : `${n} approvals from instance admins`;
    case "managers":
      return `${n} ${n === 1 ? "approval" : "approvals"} from its owners or admins`;
    case "members":
      return `${n} ${n === 1 ? "approval" : "approvals"} from its members (not the author)`;
  }
}

/** The public space: a non-admin's publication needs one instance admin's approval. */
export const PUBLIC_REQUEST_POLICY: RequestPolicy = { requiredApprovals: 1, approvers: "instance-admins" };

const isInstanceAdmin = (actor: Actor) => actor.role === "ADMIN";
const teamRole = (actor: Actor, teamId: string | null | undefined): TeamRole | undefined => (teamId ? actor.teamRoles[teamId] : undefined);
const isTeamManager = (actor: Actor, teamId: string | null | undefined) => {
  const role = teamRole(actor, teamId);
  return role === "OWNER" || role === "ADMIN";
};

/**
 * Whether `actor`'s new version of a skill (save, upload, restore) must be proposed rather than
 * published. `teamPolicy` is the skill's team's policy (ignored for other scopes). Null: publish at
 * once; otherwise the policy the request is opened with.
 */
export function proposalPolicyForVersion(actor: Actor, skill: SkillAccess, teamPolicy: ReviewPolicy): RequestPolicy | null {
  switch (skill.scope) {
    case "TEAM":
      if (teamPolicy.mode === "direct") return null;
      if (teamPolicy.managersBypass && isTeamManager(actor, skill.teamId)) return null;
      return { requiredApprovals: teamPolicy.approvals, approvers: teamPolicy.approvers };
    case "PUBLIC":
      // An instance admin publishes; the skill's other author proposes (the space is everyone's).
      return isInstanceAdmin(actor) ? null : PUBLIC_REQUEST_POLICY;
    case "PERSONAL":
    case "BUILTIN":
      return null;
  }
}

/**
 * Whether moving a skill (or creating one) into `destination` must be requested rather than done:
 * a team whose policy asks for approval (unless the actor manages it and the policy lets managers
 * through), or the public space for anyone but an instance admin.
 */
export function proposalPolicyForDestination(actor: Actor, destination: Destination, teamPolicy: ReviewPolicy): RequestPolicy | null {
  return proposalPolicyForVersion(actor, { scope: destination.scope, ownerId: null, teamId: destination.teamId ?? null }, teamPolicy);
}

/** No one in particular: an account that is gone, who may publish nowhere without review. */
const NOBODY: Actor = { id: "", role: "USER", teamRoles: {} };

/**
 * proposalPolicyForVersion when someone other than `actor` chose what the write holds: a source's
 * settings last changed by `steeredBy` (null: that account is gone; undefined: nobody else). It
 * publishes only if both could publish directly, so nobody publishes by proxy of another's rights.
 */
export function proposalPolicyForSteered(
  actor: Actor,
  steeredBy: Actor | null | undefined,
  skill: SkillAccess,
  teamPolicy: ReviewPolicy,
): RequestPolicy | null {
  const own = proposalPolicyForVersion(actor, skill, teamPolicy);
  if (own || steeredBy === undefined) return own;
  return proposalPolicyForVersion(steeredBy ?? NOBODY, skill, teamPolicy);
}

/**
 * Change what a skill source fetches or who may trigger it (its URL, ref, folder, deploy token,
 * webhook secret): whoever may publish into its destination without review. Where nobody may (a
 * team that reviews every change, managers' too), its owners and admins, as every sync there
 * proposes anyway. Seeing, syncing and deleting a source is canManageSource's.
 */
export function canSteerSource(actor: Actor, source: SkillAccess, teamPolicy: ReviewPolicy): boolean {
  const destination = { scope: source.scope, teamId: source.teamId };
  if (source.scope === "PERSONAL") return source.ownerId === actor.id;
  if (proposalPolicyForDestination(actor, destination, teamPolicy) === null) return source.scope !== "TEAM" || teamRole(actor, source.teamId) !== undefined;
  return source.scope === "TEAM" && teamPolicy.mode === "approval" && !teamPolicy.managersBypass && isTeamManager(actor, source.teamId);
}

/** The facts of one request the rules read. */
export interface RequestFacts {
  authorId: string | null;
  state: "open" | "merged" | "withdrawn";
  /** The skill where it is now. */
  skill: SkillAccess;
  /** kind "move": where it goes; its reviewers are that place's. */
  target: Destination | null;
  approvers: ApproverRule;
}

/** The place whose people review the request: the target of a move, else the skill's own space. */
export function reviewedPlace(request: RequestFacts): { scope: SkillAccess["scope"]; teamId: string | null } {
  return request.target ? { scope: request.target.scope, teamId: request.target.teamId ?? null } : { scope: request.skill.scope, teamId: request.skill.teamId };
}

/**
 * What the request page says when fewer people may approve than the request needs (the author never
 * counts): it would otherwise wait for reviewers who do not exist. Null when enough may.
 */
export function noEligibleReviewerText(request: Pick<RequestFacts, "approvers">, required: number, eligible: number): string | null {
  if (eligible >= required) return null;
  const who =
    request.approvers === "instance-admins" ? "instance admins" : request.approvers === "managers" ? "the team's owners and admins" : "the team's members";
  const need = `${required} ${required === 1 ? "approval" : "approvals"}`;
  return eligible === 0
    ? `No eligible reviewer: this request needs ${need} from ${who}, and there is nobody but its author. Add a reviewer (or change the policy), then it can be approved.`
    : `Not enough eligible reviewers: this request needs ${need} from ${who}, and only ${eligible} other than its author can give one.`;
}

/** Whether `actor` is one of the people the request's policy asks, whatever the request's state (the author excluded). */
export function isEligibleReviewer(actor: Actor, request: RequestFacts): boolean {
  if (request.authorId === actor.id) return false;
  const place = reviewedPlace(request);
  switch (request.approvers) {
    case "instance-admins":
      return isInstanceAdmin(actor);
    case "managers":
      return place.scope === "TEAM" && isTeamManager(actor, place.teamId);
    case "members":
      return place.scope === "TEAM" && teamRole(actor, place.teamId) !== undefined;
  }
}

/** Approve or request changes: an eligible reviewer, on an open request. Never the author. */
export function canDecide(actor: Actor, request: RequestFacts): boolean {
  return request.state === "open" && isEligibleReviewer(actor, request);
}

/** Withdraw: the author, while the request is open. */
export function canWithdraw(actor: Actor, request: RequestFacts): boolean {
  return request.state === "open" && request.authorId === actor.id;
}

/** Push a new revision: the author, while open (and still allowed to add versions: checked by the caller). */
export function canRevise(actor: Actor, request: RequestFacts): boolean {
  return request.state === "open" && request.authorId === actor.id;
}

/**
 * Read the request and its versions: whoever may see the skill where it is, and the people who
 * review it (an instance admin reviewing a personal skill's publication, a target team's managers).
 */
export function canSeeRequest(actor: Actor, request: RequestFacts, canViewSkill: boolean): boolean {
  return canViewSkill || request.authorId === actor.id || isEligibleReviewer(actor, request);
}

/** Comment, reply, resolve: whoever may see it, while it is open (a closed request's conversation is a record). */
export function canComment(actor: Actor, request: RequestFacts, canViewSkill: boolean): boolean {
  return request.state === "open" && canSeeRequest(actor, request, canViewSkill);
}

/** A reviewer's latest verdict on one revision. */
export interface VerdictFacts {
  reviewerId: string;
  verdict: "approve" | "changes";
  revision: number;
  dismissed: boolean;
  /** Order of the verdicts (later wins). */
  at: number;
}

export interface MergeReadiness {
  approvals: number;
  required: number;
  /** Reviewers whose latest verdict on this revision asks for changes. */
  changesRequestedBy: string[];
  ready: boolean;
}

/**
 * Count a revision's approvals: each reviewer's latest verdict on it counts once; the author's
 * never counts, nor one from someone who is no longer an eligible reviewer, nor a dismissed one.
 * Ready to merge when approvals reach the requirement and nobody's latest verdict asks for changes.
 */
export function mergeReadiness(
  verdicts: readonly VerdictFacts[],
  revision: number,
  required: number,
  stillEligible: (reviewerId: string) => boolean,
): MergeReadiness {
  const latest = new Map<string, VerdictFacts>();
  for (const verdict of [...verdicts].sort((a, b) => a.at - b.at)) {
    if (verdict.revision !== revision || verdict.dismissed || !stillEligible(verdict.reviewerId)) continue;
    latest.set(verdict.reviewerId, verdict);
  }
  const approvals = [...latest.values()].filter((v) => v.verdict === "approve").length;
  const changesRequestedBy = [...latest.values()].filter((v) => v.verdict === "changes").map((v) => v.reviewerId);
  return { approvals, required, changesRequestedBy, ready: approvals >= required && changesRequestedBy.length === 0 };
}

/** Why someone may not decide on a request; null when they may. */
export function decideRefusal(actor: Actor, request: RequestFacts): string | null {
  if (request.state !== "open") return request.state === "merged" ? "This request is already merged." : "This request was withdrawn.";
  if (request.authorId === actor.id) return "You cannot approve or request changes on your own proposal.";
  if (isEligibleReviewer(actor, request)) return null;
  switch (request.approvers) {
    case "instance-admins":
      return "Only an instance admin can approve publishing to the public space.";
    case "managers":
      return "Only the team's owners and admins can approve this change.";
    case "members":
      return "Only members of the team can approve this change.";
  }
}

// ---- Comments ----

export const MAX_COMMENT = 5000;

/** A line anchor is valid when the file is a text file of that version and the line is inside it. */
export function lineAnchorProblem(file: { text: string | null } | undefined, path: string, version: number, line: number): string | null {
  if (!file) return `${path} is not a file of version ${version}.`;
  if (file.text === null) return `${path} is a binary file in version ${version}; comment on the whole proposal instead.`;
  const lines = file.text === "" ? 0 : file.text.replace(/\r?\n$/, "").split(/\r?\n/).length;
  if (!Number.isInteger(line) || line < 1 || line > lines)
    return `Line ${line} does not exist in ${path} of version ${version} (it has ${lines} ${lines === 1 ? "line" : "lines"}).`;
  return null;
}

// ---- Moves into reviewed spaces ----

/**
 * Create a skill in `destination` by request (the skill waits in the author's personal space):
 * a member of a reviewed team, or anyone for the public space.
 */
export function canRequestCreateIn(actor: Actor, destination: Destination): boolean {
  if (destination.scope === "PUBLIC") return true;
  return destination.scope === "TEAM" && teamRole(actor, destination.teamId) !== undefined;
}

/** Ask to move a skill the actor manages into a reviewed space (see canRequestCreateIn). */
export function canRequestMove(actor: Actor, skill: SkillAccess, destination: Destination, canManage: boolean): boolean {
  if (destination.scope === skill.scope && (destination.teamId ?? null) === skill.teamId) return false;
  return canManage && canRequestCreateIn(actor, destination);
}
