import type { Actor } from "./permissions";

/**
 * Who may make a delivery link (lib/data/distribution/feeds.ts), and whether one still works: the same rule,
 * asked again on every request, so a link stops when the rule stops holding (an admin demoted, a
 * profile handed over) without anyone remembering to revoke it.
 *  - everything the person's agents get: anyone, for themselves;
 *  - one agent profile: its owner only (profiles are private; instance admins included);
 *  - one team's skills: that team's owners and admins (a link is a standing read grant for the
 *    whole team, like an invite link is a standing grant of membership).
 */
export type FeedTarget = { kind: "personal" } | { kind: "profile"; ownerId: string } | { kind: "team"; teamId: string };

export function canCreateFeed(actor: Actor, target: FeedTarget): boolean {
  if (target.kind === "personal") return true;
  if (target.kind === "profile") return target.ownerId === actor.id;
  const role = actor.teamRoles[target.teamId];
  return role === "OWNER" || role === "ADMIN";
}
