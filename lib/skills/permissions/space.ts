import type { Scope } from "./permissions";

/** The namespace a skill name is unique in: a user's own skills, a team's, the public space, built-ins. */
export function spaceOf(scope: Scope, owner: { ownerId?: string | null; teamId?: string | null }): string {
  switch (scope) {
    case "PERSONAL":
      if (!owner.ownerId) throw new Error("A personal skill needs an owner.");
      return `user:${owner.ownerId}`;
    case "TEAM":
      if (!owner.teamId) throw new Error("A team skill needs a team.");
      return `team:${owner.teamId}`;
    case "PUBLIC":
      return "public";
    case "BUILTIN":
      return "builtin";
  }
}
