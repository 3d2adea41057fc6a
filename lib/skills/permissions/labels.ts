import type { Actor, SkillAccess } from "./permissions";
import { canAddVersion } from "./permissions";
import type { RequestPolicy, ReviewPolicy } from "../review-requests/policy";

/**
 * Release labels, as rules: a label is a named, movable pointer to one published version of a
 * skill. "latest" is the current version and never stored; "stable" and "beta" exist for every
 * skill (pointing nowhere until someone moves them); a team adds its own names by moving one.
 * Pure: lib/data/skills/labels.ts loads the facts and asks here.
 */

export const LATEST = "latest";
/** Labels every skill has, even before anyone points them at a version. */
export const STANDARD_LABELS = ["stable", "beta"] as const;
/** The labels moving which a team's approval policy reviews, unless it names its own. */
export const DEFAULT_REVIEWED_LABELS = ["stable"] as const;

const LABEL_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** Why `name` cannot be a label ("latest" is one, but not one anyone moves); null when it can. */
export function labelNameProblem(name: string): string | null {
  if (!LABEL_NAME.test(name)) return `"${name}" is not a label name: use 1 to 32 lowercase letters, digits and dashes, starting with a letter.`;
  return null;
}

/** A label someone may follow: "latest", a standard one, or any well-formed custom name. */
export const isFollowableLabel = (name: string) => labelNameProblem(name) === null;

/** A team's own label (not latest, stable or beta): only these are deleted. */
export const isCustomLabel = (name: string) => name !== LATEST && !(STANDARD_LABELS as readonly string[]).includes(name);

/** Move (or create) a label on a skill: whoever may add versions to it. Never "latest", which follows the current version. */
export function canMoveLabel(actor: Actor, skill: SkillAccess, label: string): boolean {
  return label !== LATEST && canAddVersion(actor, skill);
}

/** Remove a team's own label: whoever may move it; stable, beta and latest always exist. */
export function canDeleteLabel(actor: Actor, skill: SkillAccess, label: string): boolean {
  return isCustomLabel(label) && canMoveLabel(actor, skill, label);
}

/** The labels a policy reviews moves of: none under "direct", else its own list or stable. */
export function reviewedLabels(policy: ReviewPolicy): readonly string[] {
  if (policy.mode === "direct") return [];
  return policy.labels ?? DEFAULT_REVIEWED_LABELS;
}

/**
 * Whether `actor` moving `label` of a team skill must be requested rather than done: the team's
 * approval policy names the label, and the actor is not a manager the policy lets through. Null:
 * move at once; otherwise the policy the request is opened with.
 */
export function labelMovePolicy(actor: Actor, skill: SkillAccess, label: string, teamPolicy: ReviewPolicy): RequestPolicy | null {
  if (skill.scope !== "TEAM" || teamPolicy.mode === "direct") return null;
  if (!reviewedLabels(teamPolicy).includes(label)) return null;
  const role = skill.teamId ? actor.teamRoles[skill.teamId] : undefined;
  if (teamPolicy.managersBypass && (role === "OWNER" || role === "ADMIN")) return null;
  return { requiredApprovals: teamPolicy.approvals, approvers: teamPolicy.approvers };
}

/** What a consumer following `requested` gets: that label's version, or the current one (and says so). */
export interface LabelResolution {
  version: number;
  /** The label that answered: `requested`, or "latest" when the skill has no such label. */
  label: string;
  fallback: boolean;
}

export function resolveLabel(requested: string, labels: ReadonlyMap<string, number>, current: number): LabelResolution {
  if (requested === LATEST) return { version: current, label: LATEST, fallback: false };
  const version = labels.get(requested);
  return version === undefined ? { version: current, label: LATEST, fallback: true } : { version, label: requested, fallback: false };
}

/** Version number → the labels on it ("latest" on the current one), each list sorted with latest first. */
export function labelsByVersion(labels: readonly { name: string; version: number }[], current: number | null): Map<number, string[]> {
  const byVersion = new Map<number, string[]>();
  const add = (version: number, name: string) => byVersion.set(version, [...(byVersion.get(version) ?? []), name]);
  if (current !== null) add(current, LATEST);
  for (const label of [...labels].sort((a, b) => a.name.localeCompare(b.name))) add(label.version, label.name);
  return byVersion;
}

/**
 * Parse a compare range's side: "v3", "3" or a label name. Labels resolve through `labels`
 * ("latest" through `current`); null when it names nothing.
 */
export function versionOfRef(ref: string, labels: ReadonlyMap<string, number>, current: number | null): number | null {
  const number = /^v?(\d{1,9})$/.exec(ref);
  if (number) return Number(number[1]);
  if (ref === LATEST) return current;
  return labels.get(ref) ?? null;
}
