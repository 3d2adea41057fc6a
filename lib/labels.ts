import type { Destination, Scope } from "@/lib/skills/permissions/permissions";

// How the app names places and changes, in one module shared by server and client code, so a list,
// a dialog and a message never say the same thing three ways.

const SCOPE_NAMES: Record<Scope, string> = { PERSONAL: "Personal", TEAM: "Team", PUBLIC: "Public", BUILTIN: "Built-in" };

/** The scope alone, as a badge says it: "Personal", "Team", "Public", "Built-in". */
export function scopeName(scope: Scope): string {
  return SCOPE_NAMES[scope];
}

/** Where a skill lives: "Personal", "Team Platform", "Public", "Built-in" ("a team" when the team is unknown). */
export function placeLabel(scope: Scope, teamName?: string | null): string {
  if (scope !== "TEAM") return SCOPE_NAMES[scope];
  return teamName ? `Team ${teamName}` : "a team";
}

/** A destination as a form's value: "personal", "public" or "team:<id>". */
export function destinationKey(destination: Destination): string {
  if (destination.scope === "TEAM") return `team:${destination.teamId ?? ""}`;
  return destination.scope.toLowerCase();
}

/** The inverse of destinationKey; null for a key that names no destination. */
export function destinationOfKey(key: string): (Destination & { scope: "PERSONAL" | "PUBLIC" | "TEAM" }) | null {
  if (key === "personal") return { scope: "PERSONAL" };
  if (key === "public") return { scope: "PUBLIC" };
  if (key.startsWith("team:") && key.length > "team:".length) return { scope: "TEAM", teamId: key.slice("team:".length) };
  return null;
}

type Place = { scope?: unknown; teamId?: unknown };
const isScope = (value: unknown): value is Scope => typeof value === "string" && value in SCOPE_NAMES;
const placeOf = (place: Place | undefined, teamNames: ReadonlyMap<string, string>) =>
  isScope(place?.scope) ? placeLabel(place.scope, typeof place.teamId === "string" ? teamNames.get(place.teamId) : null) : "somewhere";

/** One line about an audit event ("Personal → Team Platform"), or null when its details say nothing worth showing. */
export function auditSummary(action: string, detail: Record<string, unknown>, teamNames: ReadonlyMap<string, string>): string | null {
  if (action === "skill.scope") {
    const from = detail.from as Place | undefined;
    const to = detail.to as Place | undefined;
    if (from && to) return `${placeOf(from, teamNames)} → ${placeOf(to, teamNames)}`;
  }
  if (action === "skill.rename" && typeof detail.from === "string" && typeof detail.to === "string") return `${detail.from} → ${detail.to}`;
  if (action === "skill.restore" && typeof detail.restored === "number") return `restored v${detail.restored}`;
  if (action === "skill.prune" && Array.isArray(detail.deleted)) return `removed ${detail.deleted.map((n) => `v${n}`).join(", ")}`;
  if (action === "skill.create" && isScope(detail.scope)) return `in ${placeLabel(detail.scope, null)}`;
  if (action === "skill.review" && typeof detail.note === "string") return `“${detail.note}”`;
  if (action === "skill.scan-override" && typeof detail.reason === "string") return `“${detail.reason}”`;
  return null;
}
