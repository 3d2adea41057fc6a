import type { Actor, Scope } from "./permissions";

// Who may bind tools (Wegent's rule, made a setting). A bound tool runs a script from the skill's
// bundle whenever the model decides to call it, so the rule follows who answers for that code:
// built-in skills ship with Skillshelf and public ones only an instance admin publishes; a team's
// skills bind tools only once the team's owners allow it; a personal skill never does (anyone can
// upload one). Whatever the scope, a version that waits for security review ("needs_review") or
// was let in over a critical finding ("override") binds none.

export interface ToolBindingFacts {
  scope: Scope;
  /** The skill's team (TEAM skills): its name and whether its owners allow bound tools. */
  team: { name: string; allowBoundTools: boolean } | null;
  /** The version whose tools would be offered. */
  version: number;
  /** lib/skills/vetting/policy.ts's ReviewStatus (spelled out: permissions import no other part of lib/skills). */
  reviewStatus: "none" | "needs_review" | "reviewed" | "override";
}

/**
 * Why a version's declared tools are withheld, as a sentence for the playground; null when they
 * may be offered. Every reason that applies is named, the scope's first, so fixing one does not
 * reveal another.
 */
export function toolBindingRefusal(facts: ToolBindingFacts): string | null {
  const reasons: string[] = [];
  if (facts.scope === "PERSONAL") reasons.push("personal skills cannot bind tools; publish it or move it to a team whose owners allow bound tools");
  if (facts.scope === "TEAM" && !facts.team?.allowBoundTools) {
    reasons.push(`${facts.team ? `team ${facts.team.name}` : "this team"} does not allow bound tools (a team owner can turn it on in the team's settings)`);
  }
  if (facts.reviewStatus === "needs_review") reasons.push(`v${facts.version} needs security review before its tools can run`);
  if (facts.reviewStatus === "override") {
    reasons.push(`v${facts.version} was let in over a critical security finding, so its tools cannot run; a version without the finding can bind them`);
  }
  return reasons.length ? reasons.join("; ") : null;
}

export function canBindTools(facts: ToolBindingFacts): boolean {
  return toolBindingRefusal(facts) === null;
}

/** Turning bound tools on or off for a team: its owners only, as it decides what code the team's members can have run. */
export function canSetTeamBoundTools(actor: Actor, teamId: string): boolean {
  return actor.teamRoles[teamId] === "OWNER";
}
