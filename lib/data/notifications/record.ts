import "server-only";
import { canViewSkill, type Actor } from "@/lib/skills/permissions/permissions";
import { canSeeRequest, isEligibleReviewer, type RequestFacts } from "@/lib/skills/review-requests/policy";
import { reviewersToAsk } from "@/lib/skills/owners/owners";
import { handlesOf, mentionsIn, parsePrefs, type NotificationKind } from "@/lib/notifications/kinds";
import type { Tx } from "@/lib/db/client";
import { factsOf, requestFactsSelect, reviewUrl, type RequestRow } from "../core/request-facts";
import { explicitOwnerIds, skillOwnerIds } from "../core/owner-ids";

// Who is told of what, decided beside the audit event that records it (version-writer.ts audit),
// in the same transaction: a notification exists exactly when what it tells of happened. E-mail
// and team webhooks are sent later from these rows (dispatch.ts), off the request.

/** The audit event as version-writer.ts's audit() takes it. */
export interface AuditedEvent {
  actorId: string | null;
  action: string;
  skillId?: string;
  skillName?: string;
  version?: number;
  teamId?: string | null;
  detail?: Record<string, unknown>;
}

interface Planned {
  kind: NotificationKind;
  title: string;
  link: string;
  skillId?: string;
  /** Whose webhooks hear of it: only a team whose members may all read what it names. */
  teamId: string | null;
  recipients: Map<string, NotificationKind>;
  /** Titles for recipients told under another kind than `kind` (an @mention inside a comment). */
  otherTitles?: Partial<Record<NotificationKind, string>>;
}

const SKILL_CHANGES: Record<string, (event: AuditedEvent) => string> = {
  "skill.version": (e) => `published version ${e.version ?? "?"} of ${e.skillName}`,
  "skill.rename": (e) => `renamed ${String(e.detail?.from ?? "a skill")} to ${e.skillName}`,
  "skill.scope": (e) => `moved ${e.skillName}`,
  "skill.restore": (e) => `restored an earlier version of ${e.skillName}`,
  "skill.archive": (e) => `archived ${e.skillName}`,
  "skill.unarchive": (e) => `unarchived ${e.skillName}`,
  "skill.delete": (e) => `deleted ${e.skillName}`,
};

const REVIEW_ACTIONS = new Set(["review.propose", "review.changes", "review.approve", "review.merge", "review.comment"]);

/** Whether audit() needs to call recordNotifications for this action: most audited actions tell nobody. */
export function mayNotify(action: string): boolean {
  return REVIEW_ACTIONS.has(action) || action in SKILL_CHANGES || action === "source.sync";
}

async function actorsOf(tx: Tx, userIds: Iterable<string>): Promise<Map<string, Actor & { name: string; email: string; prefs: string }>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const users = await tx.user.findMany({
    where: { id: { in: ids }, disabledAt: null },
    select: { id: true, name: true, email: true, role: true, notificationPrefs: true, memberships: { select: { teamId: true, role: true } } },
  });
  return new Map(
    users.map((u) => [
      u.id,
      {
        id: u.id,
        role: u.role,
        name: u.name,
        email: u.email,
        prefs: u.notificationPrefs,
        teamRoles: Object.fromEntries(u.memberships.map((m) => [m.teamId, m.role])),
      },
    ]),
  );
}

async function nameOf(tx: Tx, userId: string | null): Promise<string> {
  if (!userId) return "Skillshelf";
  return (await tx.user.findUnique({ where: { id: userId }, select: { name: true } }))?.name ?? "Someone";
}

/** People who may act on or follow a request: its place's team members, the instance's admins, its author. */
async function requestCandidates(tx: Tx, row: RequestRow): Promise<string[]> {
  const teamId = row.targetTeamId ?? row.skill.teamId;
  const users = await tx.user.findMany({
    where: { disabledAt: null, OR: [{ role: "ADMIN" }, ...(teamId ? [{ memberships: { some: { teamId } } }] : [])] },
    select: { id: true },
  });
  return [...users.map((u) => u.id), ...(row.authorId ? [row.authorId] : [])];
}

/** A skill's team when the skill is the team's (its webhook readers are its members); else none. */
function teamOfSkill(skill: { scope: string; teamId: string | null }): string | null {
  return skill.scope === "TEAM" ? skill.teamId : null;
}

async function planReview(tx: Tx, event: AuditedEvent, actorName: string): Promise<Planned | null> {
  const requestId = event.detail?.requestId;
  if (typeof requestId !== "string") return null;
  const row = await tx.reviewRequest.findUnique({ where: { id: requestId }, select: requestFactsSelect });
  if (!row) return null;
  const facts: RequestFacts = factsOf(row);
  const recipients = new Map<string, NotificationKind>();
  const skill = row.skill.name;
  let kind: NotificationKind;
  let title: string;
  switch (event.action) {
    case "review.propose": {
      kind = "review.requested";
      title = `${actorName} asked for a review of ${skill}`;
      const actors = await actorsOf(tx, await requestCandidates(tx, row));
      const eligible = [...actors.values()].filter((actor) => isEligibleReviewer(actor, facts)).map((actor) => actor.id);
      // The skill's owners are asked first (CODEOWNERS-like); the others still find it in their inbox.
      for (const id of reviewersToAsk(eligible, await explicitOwnerIds(tx, row.skillId))) recipients.set(id, kind);
      break;
    }
    case "review.changes":
      kind = "review.changes";
      title = `${actorName} requested changes to the proposal for ${skill}`;
      if (row.authorId) recipients.set(row.authorId, kind);
      break;
    case "review.approve":
    case "review.merge":
      kind = "review.approved";
      title =
        event.action === "review.merge"
          ? `The proposal for ${skill} was merged${event.version ? ` as version ${event.version}` : ""}`
          : `${actorName} approved the proposal for ${skill}`;
      if (row.authorId) recipients.set(row.authorId, kind);
      break;
    default: {
      kind = "review.comment";
      title = `${actorName} commented on the proposal for ${skill}`;
      if (row.authorId) recipients.set(row.authorId, kind);
      const commentId = event.detail?.commentId;
      const comment = typeof commentId === "string" ? await tx.reviewComment.findUnique({ where: { id: commentId }, select: { body: true } }) : null;
      const handles = new Set(mentionsIn(comment?.body ?? ""));
      if (handles.size) {
        const candidates = await actorsOf(tx, await requestCandidates(tx, row));
        for (const user of candidates.values()) if (handlesOf(user).some((h) => handles.has(h))) recipients.set(user.id, "review.mention");
      }
    }
  }
  // Each recipient must be able to open the request: a mention of someone outside it tells them nothing.
  const actors = await actorsOf(tx, recipients.keys());
  for (const id of [...recipients.keys()]) {
    const actor = actors.get(id);
    if (!actor || !canSeeRequest(actor, facts, canViewSkill(actor, facts.skill))) recipients.delete(id);
  }
  const otherTitles = { "review.mention": `${actorName} mentioned you on the proposal for ${skill}` };
  return { kind, title, link: reviewUrl(requestId), skillId: row.skillId, teamId: teamOfSkill(row.skill), recipients, otherTitles };
}

async function planSkillChange(tx: Tx, event: AuditedEvent, actorName: string): Promise<Planned | null> {
  if (!event.skillId || !event.actorId) return null;
  const skill = await tx.skill.findUnique({ where: { id: event.skillId }, select: { scope: true, ownerId: true, teamId: true } });
  const owners = skill ? await skillOwnerIds(tx, event.skillId) : [];
  const actors = await actorsOf(tx, owners);
  const recipients = new Map<string, NotificationKind>();
  for (const actor of actors.values()) if (skill && canViewSkill(actor, skill)) recipients.set(actor.id, "skill.changed");
  return {
    kind: "skill.changed",
    title: `${actorName} ${SKILL_CHANGES[event.action](event)}`,
    link: event.action === "skill.delete" ? "/skills" : `/skills/${event.skillId}`,
    skillId: event.skillId,
    teamId: skill ? teamOfSkill(skill) : null,
    recipients,
  };
}

async function planSourceFailure(tx: Tx, event: AuditedEvent): Promise<Planned | null> {
  const sourceId = event.detail?.sourceId;
  if (event.detail?.status !== "failed" || typeof sourceId !== "string") return null;
  const source = await tx.skillSource.findUnique({
    where: { id: sourceId },
    select: { url: true, scope: true, ownerId: true, teamId: true, createdById: true },
  });
  if (!source) return null;
  const people = [source.createdById, typeof event.detail?.settingsBy === "string" ? event.detail.settingsBy : null].filter((id): id is string => !!id);
  const actors = await actorsOf(tx, people);
  const recipients = new Map<string, NotificationKind>();
  // Still allowed near the source: its team's member, or the owner of a personal one.
  for (const actor of actors.values())
    if (source.scope === "TEAM" ? !!actor.teamRoles[source.teamId ?? ""] : source.ownerId === actor.id || actor.role === "ADMIN")
      recipients.set(actor.id, "source.failed");
  return {
    kind: "source.failed",
    title: `A sync of ${source.url} failed`,
    link: `/sources/${sourceId}`,
    teamId: source.scope === "TEAM" ? source.teamId : null,
    recipients,
  };
}

/**
 * The notification an audited action gives, written in the audit's transaction: its event (the
 * outbox row dispatch.ts sends on to e-mail and team webhooks) and each recipient's copy, by their
 * preferences. The actor is never told of their own action. Returns whether anything was written.
 */
export async function recordNotifications(tx: Tx, event: AuditedEvent): Promise<boolean> {
  if (!mayNotify(event.action)) return false;
  const actorName = await nameOf(tx, event.actorId);
  const planned = REVIEW_ACTIONS.has(event.action)
    ? await planReview(tx, event, actorName)
    : event.action === "source.sync"
      ? await planSourceFailure(tx, event)
      : await planSkillChange(tx, event, actorName);
  if (!planned) return false;
  if (event.actorId && planned.kind !== "source.failed") planned.recipients.delete(event.actorId);
  const hooks = planned.teamId ? await tx.teamWebhook.count({ where: { teamId: planned.teamId } }) : 0;
  const users = await tx.user.findMany({ where: { id: { in: [...planned.recipients.keys()] } }, select: { id: true, notificationPrefs: true } });
  const byKind = new Map<NotificationKind, { userId: string; inApp: boolean }[]>([[planned.kind, []]]);
  for (const user of users) {
    const kind = planned.recipients.get(user.id)!;
    const channels = parsePrefs(user.notificationPrefs)[kind];
    if (!channels.inApp && !channels.email) continue;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push({ userId: user.id, inApp: channels.inApp });
  }
  let written = false;
  for (const [kind, copies] of byKind) {
    // The team's webhooks hear the event itself once, never a person's @mention.
    const toHooks = kind === planned.kind && hooks > 0;
    if (!copies.length && !toHooks) continue;
    await tx.notificationEvent.create({
      data: {
        kind,
        actorId: event.actorId,
        skillId: planned.skillId,
        teamId: toHooks ? planned.teamId : null,
        title: kind === planned.kind ? planned.title : (planned.otherTitles?.[kind] ?? planned.title),
        link: planned.link,
        notifications: { create: copies },
      },
    });
    written = true;
  }
  return written;
}
