/**
 * Who may see and change what. Pure: the data layer loads the facts (the actor's instance role
 * and team roles, the skill's scope and owner) and asks here; nothing else decides.
 */

export const SCOPES = ["PERSONAL", "TEAM", "PUBLIC", "BUILTIN"] as const;
export type Scope = (typeof SCOPES)[number];
export const TEAM_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export type InstanceRole = "ADMIN" | "USER";

/** The viewer as the rules see them: their instance role and their role in each of their teams. */
export interface Actor {
  id: string;
  role: InstanceRole;
  teamRoles: Readonly<Record<string, TeamRole>>;
}

export interface SkillAccess {
  scope: Scope;
  /** PERSONAL: the owner; PUBLIC: its author. */
  ownerId: string | null;
  teamId: string | null;
}

export interface Destination {
  scope: Scope;
  teamId?: string | null;
}

const isInstanceAdmin = (actor: Actor) => actor.role === "ADMIN";
const teamRole = (actor: Actor, teamId: string | null) => (teamId ? actor.teamRoles[teamId] : undefined);
const isTeamManager = (actor: Actor, teamId: string | null) => {
  const role = teamRole(actor, teamId);
  return role === "OWNER" || role === "ADMIN";
};

/**
 * Who sees which skills, as data: a skill is visible when it matches any clause. canViewSkill
 * reads it for one skill and the data layer renders the same clauses to a Prisma filter and to
 * SQL, so the rule is written once.
 */
export interface VisibilityClause {
  scopes: readonly Scope[];
  /** Only the skills this user owns. */
  ownerId?: string;
  /** Only the skills of these teams (none when empty). */
  teamIds?: readonly string[];
}

export function visibilityClauses(actor: Actor): VisibilityClause[] {
  return [{ scopes: ["PERSONAL"], ownerId: actor.id }, { scopes: ["TEAM"], teamIds: Object.keys(actor.teamRoles) }, { scopes: ["PUBLIC", "BUILTIN"] }];
}

function matchesClause(clause: VisibilityClause, skill: SkillAccess): boolean {
  return (
    clause.scopes.includes(skill.scope) &&
    (clause.ownerId === undefined || skill.ownerId === clause.ownerId) &&
    (clause.teamIds === undefined || (skill.teamId !== null && clause.teamIds.includes(skill.teamId)))
  );
}

export function canViewSkill(actor: Actor, skill: SkillAccess): boolean {
  return visibilityClauses(actor).some((clause) => matchesClause(clause, skill));
}

/** Add a version: edit, upload over, restore, rename (the editor can change SKILL.md's name too). */
export function canAddVersion(actor: Actor, skill: SkillAccess): boolean {
  switch (skill.scope) {
    case "PERSONAL":
      return skill.ownerId === actor.id;
    case "TEAM":
      return teamRole(actor, skill.teamId) !== undefined;
    case "PUBLIC":
      return skill.ownerId === actor.id || isInstanceAdmin(actor);
    case "BUILTIN":
      return false;
  }
}

/** Why someone who can read a skill may not add versions to it; null when they may. */
export function addVersionRefusal(actor: Actor, skill: SkillAccess): string | null {
  if (canAddVersion(actor, skill)) return null;
  switch (skill.scope) {
    case "BUILTIN":
      return "Built-in skills ship with Skillshelf and change only with it.";
    case "PUBLIC":
      return "Only its owner or an instance admin can publish new versions of a public skill.";
    case "TEAM":
      return "Only members of its team can add versions to a team skill.";
    case "PERSONAL":
      return "Only its owner can change a personal skill.";
  }
}

/** Delete, archive and restore from the archive, prune old versions, and move away from the current scope. */
export function canManageSkill(actor: Actor, skill: SkillAccess): boolean {
  switch (skill.scope) {
    case "PERSONAL":
      return skill.ownerId === actor.id;
    case "TEAM":
      return isTeamManager(actor, skill.teamId);
    case "PUBLIC":
      return isInstanceAdmin(actor);
    case "BUILTIN":
      return false;
  }
}

/**
 * Mark a version that needs security review as reviewed: the people who answer for the skill
 * where it is shared. A team's owners and admins; instance admins for public and built-in skills;
 * the owner of a personal skill (nobody else can see it, and a move to a team keeps the reviewer's
 * name on record).
 */
export function canReviewSkill(actor: Actor, skill: SkillAccess): boolean {
  switch (skill.scope) {
    case "PERSONAL":
      return skill.ownerId === actor.id;
    case "TEAM":
      return isTeamManager(actor, skill.teamId);
    case "PUBLIC":
    case "BUILTIN":
      return isInstanceAdmin(actor);
  }
}

/** Create a new skill in a destination (upload, import, or the target of a move). */
export function canCreateIn(actor: Actor, destination: Destination): boolean {
  switch (destination.scope) {
    case "PERSONAL":
      return true;
    case "TEAM":
      return teamRole(actor, destination.teamId ?? null) !== undefined;
    case "PUBLIC":
      return isInstanceAdmin(actor);
    case "BUILTIN":
      return false;
  }
}

/**
 * See, change, sync and delete a skill source: whoever may create skills where it syncs to (its
 * owner for a personal source, the team's members, instance admins for the public space).
 */
export function canManageSource(actor: Actor, source: SkillAccess): boolean {
  if (source.scope === "PERSONAL") return source.ownerId === actor.id;
  return canCreateIn(actor, { scope: source.scope, teamId: source.teamId });
}

/** Move or share: the actor manages the skill where it is and may create where it goes. */
export function canMoveSkill(actor: Actor, skill: SkillAccess, destination: Destination): boolean {
  if (destination.scope === skill.scope && (destination.teamId ?? null) === skill.teamId) return false;
  // Moving a shared skill into one person's space would hide it from everyone else; only its
  // owner's own skills are personal.
  if (destination.scope === "PERSONAL" && skill.scope !== "PERSONAL" && !canManageSkill(actor, skill)) return false;
  return canManageSkill(actor, skill) && canCreateIn(actor, destination);
}

// ---- Teams ----

export function canManageMembers(actor: Actor, teamId: string): boolean {
  return isTeamManager(actor, teamId);
}

/**
 * Change `target`'s role from `from` to `to` (from = null: invite). Only an owner makes or
 * unmakes owners; admins manage members and admins.
 */
export function canSetMemberRole(actor: Actor, teamId: string, from: TeamRole | null, to: TeamRole): boolean {
  const mine = teamRole(actor, teamId);
  if (mine === "OWNER") return true;
  if (mine === "ADMIN") return from !== "OWNER" && to !== "OWNER";
  return false;
}

export function canRemoveMember(actor: Actor, teamId: string, targetId: string, targetRole: TeamRole): boolean {
  if (targetId === actor.id) return true; // leaving; the last-owner rule is checked by the caller
  const mine = teamRole(actor, teamId);
  if (mine === "OWNER") return true;
  return mine === "ADMIN" && targetRole !== "OWNER";
}

/** Who may create teams on this instance: the instance setting `teamCreation` decides. */
export type TeamCreationSetting = "anyone" | "admins";

export function canCreateTeam(actor: Actor, setting: TeamCreationSetting): boolean {
  return setting === "anyone" || isInstanceAdmin(actor);
}

/** Rename a team and change its description: its owners and admins. */
export function canRenameTeam(actor: Actor, teamId: string): boolean {
  return isTeamManager(actor, teamId);
}

/** Delete a team (once it owns no skills): its owners only, as it ends every membership. */
export function canDeleteTeam(actor: Actor, teamId: string): boolean {
  return teamRole(actor, teamId) === "OWNER";
}

/** Create an invite link that grants `role`: the same rule as adding a member with that role. */
export function canInvite(actor: Actor, teamId: string, role: TeamRole): boolean {
  return canSetMemberRole(actor, teamId, null, role);
}

/** See a team's invite links and revoke them: its owners and admins (revoking only takes access away). */
export function canManageInvitations(actor: Actor, teamId: string): boolean {
  return isTeamManager(actor, teamId);
}

// ---- Name resolution ----

export const SCOPE_PRIORITY: Readonly<Record<Scope, number>> = { PERSONAL: 0, TEAM: 1, PUBLIC: 2, BUILTIN: 3 };

export interface Resolvable {
  id: string;
  name: string;
  scope: Scope;
  /** Tie-break among same-scope skills (two teams with the same name): lower sorts first. */
  rank?: string;
}

export interface Resolution<T extends Resolvable> {
  /** One skill per name: the one an agent sees. */
  visible: T[];
  /** skill id -> the skill that hides it. */
  shadowedBy: Map<string, T>;
}

/**
 * PERSONAL > TEAM > PUBLIC > BUILTIN: of skills sharing a name, the highest-priority scope wins
 * and the others are "shadowed" by it (what an agent with all of them installed would see).
 */
export function resolveShadowing<T extends Resolvable>(skills: readonly T[]): Resolution<T> {
  const byName = new Map<string, T[]>();
  for (const skill of skills) {
    const group = byName.get(skill.name);
    if (group) group.push(skill);
    else byName.set(skill.name, [skill]);
  }
  const visible: T[] = [];
  const shadowedBy = new Map<string, T>();
  for (const group of byName.values()) {
    const [winner, ...rest] = [...group].sort(
      (a, b) => SCOPE_PRIORITY[a.scope] - SCOPE_PRIORITY[b.scope] || (a.rank ?? "").localeCompare(b.rank ?? "") || a.id.localeCompare(b.id),
    );
    visible.push(winner);
    for (const loser of rest) shadowedBy.set(loser.id, winner);
  }
  return { visible, shadowedBy };
}

export function explainShadowing(hidden: { scope: Scope }, winner: { scope: Scope; name: string }, winnerTeam?: string | null): string {
  const where =
    winner.scope === "PERSONAL"
      ? "your personal skills"
      : winner.scope === "TEAM"
        ? `team ${winnerTeam ?? "skills"}`
        : winner.scope === "PUBLIC"
          ? "public skills"
          : "built-in skills";
  return `Hidden by "${winner.name}" in ${where}: ${winner.scope.toLowerCase()} skills take priority over ${hidden.scope.toLowerCase()} ones with the same name.`;
}

// ---- Instance administration (users, audit trail, instance settings) ----

/** The admin console and everything in it: instance admins only. */
export function canAdministerInstance(actor: Actor): boolean {
  return isInstanceAdmin(actor);
}

/** An account as the user-administration rules see it. */
export interface UserAccountFacts {
  id: string;
  role: InstanceRole;
  disabled: boolean;
}

/** Why a user-administration change is refused: FORBIDDEN (not the actor's to make) or CONFLICT (it would break the instance). */
export interface AdminRefusal {
  code: "FORBIDDEN" | "CONFLICT";
  message: string;
}

const NOT_ADMIN: AdminRefusal = { code: "FORBIDDEN", message: "Only instance admins can manage accounts." };
const LAST_ADMIN = (what: string): AdminRefusal => ({
  code: "CONFLICT",
  message: `This is the last active instance admin; ${what} would leave nobody to administer Skillshelf. Make someone else an admin first.`,
});

/**
 * Why `actor` may not give `target` the instance role `to`; null when they may. `activeAdmins`
 * counts admins whose accounts are not disabled: the instance must always keep one of them.
 */
export function userRoleRefusal(actor: Actor, target: UserAccountFacts, to: InstanceRole, activeAdmins: number): AdminRefusal | null {
  if (!isInstanceAdmin(actor)) return NOT_ADMIN;
  if (target.role === "ADMIN" && to !== "ADMIN" && !target.disabled && activeAdmins <= 1) return LAST_ADMIN("removing their admin role");
  return null;
}

/** Why `actor` may not disable `target`; null when they may. */
export function userDisableRefusal(actor: Actor, target: UserAccountFacts, activeAdmins: number): AdminRefusal | null {
  if (!isInstanceAdmin(actor)) return NOT_ADMIN;
  // Locking oneself out takes a second admin to undo, and is never what the click meant.
  if (target.id === actor.id) return { code: "CONFLICT", message: "You cannot disable your own account. Ask another instance admin if it must be." };
  if (target.role === "ADMIN" && !target.disabled && activeAdmins <= 1) return LAST_ADMIN("disabling it");
  return null;
}

/** Why `actor` may not re-enable `target`; null when they may. */
export function userEnableRefusal(actor: Actor): AdminRefusal | null {
  return isInstanceAdmin(actor) ? null : NOT_ADMIN;
}

/**
 * Who used a skill, person by person (its Usage tab's breakdown): whoever answers for the skill
 * (a team's owners and admins, a personal skill's owner) and instance admins. Everyone who may
 * see the skill sees its counts.
 */
export function canSeeUsageByPerson(actor: Actor, skill: SkillAccess): boolean {
  return isInstanceAdmin(actor) || (skill.scope !== "BUILTIN" && skill.scope !== "PUBLIC" && canManageSkill(actor, skill));
}
