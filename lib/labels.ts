import type { Destination, Scope } from "@/lib/skills/permissions/permissions";
import { shortRevision } from "./display";

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

/**
 * One line about an audit event ("Personal → Team Platform"), or null when its details say nothing
 * worth showing. `userNames` names the people a detail refers to by id (a request's author).
 */
export function auditSummary(
  action: string,
  detail: Record<string, unknown>,
  teamNames: ReadonlyMap<string, string>,
  userNames: ReadonlyMap<string, string> = new Map(),
): string | null {
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
  if (action === "skill.tool" && typeof detail.tool === "string") return `${detail.tool}: ${runEnding(detail)}`;
  if (action.startsWith("review.")) return reviewSummary(action, detail, teamNames, userNames);
  if (action.startsWith("auth.")) return signInSummary(action, detail);
  return administrationSummary(action, detail);
}

const REVIEW_VERBS: Record<string, string> = {
  "review.propose": "proposed",
  "review.revise": "revised",
  "review.approve": "approved",
  "review.changes": "asked for changes to",
  "review.comment": "commented on",
  "review.withdraw": "withdrew",
  "review.merge": "merged",
};

/** "merged Grace Hopper's request (move to Team Platform)", "approved revision 2: “Looks right”". */
function reviewSummary(action: string, detail: Record<string, unknown>, teamNames: ReadonlyMap<string, string>, userNames: ReadonlyMap<string, string>) {
  const author = typeof detail.authorId === "string" ? userNames.get(detail.authorId) : undefined;
  const what = detail.kind === "move" ? `a move${detail.to ? ` to ${placeOf(detail.to as Place, teamNames)}` : ""}` : "a new version";
  const revision = typeof detail.revision === "number" && detail.revision > 1 ? ` (revision ${detail.revision})` : "";
  const note = typeof detail.note === "string" && detail.note ? `: “${detail.note}”` : "";
  const verb = REVIEW_VERBS[action] ?? action.slice("review.".length);
  const subject = action === "review.propose" ? what : `${author ? `${author}'s` : "the"} request${detail.kind === "move" ? ` for ${what}` : ""}`;
  return `${verb} ${subject}${revision}${note}`;
}

/** "with a password from 203.0.113.7", "as x@example.com from …: “Invalid email or password”". */
function signInSummary(action: string, detail: Record<string, unknown>): string | null {
  const how = detail.method === "sso" ? "through single sign-on" : detail.method === "password" ? "with a password" : null;
  const from = text(detail.address) ? `from ${text(detail.address)}` : null;
  if (action === "auth.sign-in-failed") {
    return [`as ${text(detail.email) || "no email"}`, from].filter(Boolean).join(" ") + (text(detail.reason) ? `: “${text(detail.reason)}”` : "");
  }
  return [how, from].filter(Boolean).join(" ") || null;
}

/** How a sandboxed run ended, from its audit detail: "exit 0 in 84 ms", "timed out after 30 s". */
function runEnding(detail: Record<string, unknown>): string {
  const took =
    typeof detail.durationMs === "number" ? (detail.durationMs < 1000 ? `${detail.durationMs} ms` : `${(detail.durationMs / 1000).toFixed(1)} s`) : null;
  if (detail.timedOut === true) return took ? `timed out after ${took}` : "timed out";
  const ended = typeof detail.exitCode === "number" ? `exit ${detail.exitCode}` : "killed";
  return took ? `${ended} in ${took}` : ended;
}

// ---- Accounts, tokens, instance settings, teams and scan reports (the admin console's trail) ----

const ROLE_NAMES: Record<string, string> = { ADMIN: "Admin", USER: "User", OWNER: "Owner", MEMBER: "Member" };
const roleName = (role: unknown) => (typeof role === "string" ? (ROLE_NAMES[role] ?? role) : "?");
const text = (value: unknown) => (typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : null);

/** The instance settings' names as the admin console shows them. */
export const INSTANCE_SETTING_LABELS: Record<string, string> = { teamCreation: "Team creation" };

function administrationSummary(action: string, detail: Record<string, unknown>): string | null {
  switch (action) {
    case "user.role":
    case "team.member.role":
      return `${roleName(detail.from)} → ${roleName(detail.to)}`;
    case "team.member.add":
      return detail.role ? `as ${roleName(detail.role)}` : null;
    case "user.disable": {
      const ended = typeof detail.sessionsEnded === "number" ? detail.sessionsEnded : 0;
      return ended === 0 ? "had no open sessions" : `signed out of ${ended} session${ended === 1 ? "" : "s"}`;
    }
    case "instance.setting": {
      const key = text(detail.key) ?? "setting";
      return `${INSTANCE_SETTING_LABELS[key] ?? key}: ${text(detail.from) ?? "default"} → ${text(detail.to) ?? "?"}`;
    }
    case "team.bound-tools":
      return `bound tools ${detail.from ? "on" : "off"} → ${detail.to ? "on" : "off"}`;
    case "token.create":
      return `“${text(detail.name) ?? "token"}”, ${text(detail.scope) ?? "?"} scope`;
    case "token.revoke":
    case "team.create":
      return detail.name ? `“${text(detail.name)}”` : null;
    case "scan.report":
    case "scan.report-resolved": {
      const where = `${text(detail.rule) ?? "finding"} in ${text(detail.file) ?? "?"}${detail.line ? `:${text(detail.line)}` : ""}`;
      return typeof detail.note === "string" && detail.note ? `${where}: “${detail.note}”` : where;
    }
    case "skill.archive":
    case "skill.unarchive":
      return typeof detail.reason === "string" ? detail.reason : null;
    case "source.create":
    case "source.delete":
    case "skill.detach":
      return text(detail.url);
    case "source.sync":
      return syncSummary(detail);
    default:
      return null;
  }
}

// Shown by the summary or the row's own columns already (a user.* event's row names its account).
const SHOWN_ELSEWHERE = new Set(["userId", "tokenId", "teamId", "skillId", "requestId"]);
const SHOWN_FOR_USER_EVENTS = new Set([...SHOWN_ELSEWHERE, "email", "name"]);

/**
 * The details of an event no summary covers, as "key: value" pairs of its plain values, so an
 * action added later still reads as more than raw JSON. Empty when there is nothing to add.
 */
export function auditDetailPairs(
  action: string,
  detail: Record<string, unknown>,
  teamNames: ReadonlyMap<string, string> = new Map(),
  userNames: ReadonlyMap<string, string> = new Map(),
): string {
  const shown = action.startsWith("user.") ? SHOWN_FOR_USER_EVENTS : SHOWN_ELSEWHERE;
  // A place reads as its name, a person's id as their name, anything nested as its own pairs: no raw JSON.
  const plain = (key: string, value: unknown): string => {
    if (typeof value === "string" && key.endsWith("Id") && userNames.has(value)) return userNames.get(value)!;
    const scalar = text(value);
    if (scalar !== null) return scalar;
    if (Array.isArray(value)) return value.map((item) => plain(key, item)).join(", ");
    if (value && typeof value === "object") {
      if (isScope((value as Place).scope)) return placeOf(value as Place, teamNames);
      return Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined && v !== "")
        .map(([k, v]) => `${k} ${plain(k, v)}`)
        .join(", ");
    }
    return "";
  };
  return Object.entries(detail)
    .filter(([key, value]) => !shown.has(key) && value !== null && value !== undefined && value !== "")
    .map(([key, value]) => `${key}: ${plain(key, value)}`)
    .join(" · ");
}

/** A source sync's audit detail in a line: "ok at 1a2b3c4: 2 created, 1 updated, 1 refused". */
function syncSummary(detail: Record<string, unknown>): string {
  const counts = (["created", "updated", "unchanged", "archived", "proposed", "refused"] as const)
    .filter((key) => typeof detail[key] === "number" && detail[key] > 0)
    .map((key) => `${detail[key]} ${key}`);
  const revision = text(detail.revision);
  return `${text(detail.status) ?? "?"}${revision ? ` at ${shortRevision(revision)}` : ""}${counts.length ? `: ${counts.join(", ")}` : ""}`;
}
