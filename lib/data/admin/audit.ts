import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditFilter, AuditPage, AuditRow } from "@/lib/types/admin";
import { auditDetailPairs, auditSummary } from "@/lib/labels";
import { requireInstanceAdmin } from "./users";
import type { ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { containsIgnoringCase } from "@/lib/db/text-filters";
import { DataError } from "../errors";
import { readAuditDetail } from "../core/json-columns";

export type { AuditFilter, AuditPage, AuditRow };

export const AUDIT_PAGE_SIZE = 50;
/** Pages of an export: large enough to be quick, small enough that a long trail never sits in memory whole. */
export const AUDIT_EXPORT_PAGE_SIZE = 500;

/** Actions the store writes today; the filter's select also offers any other action found in the trail. */
export const KNOWN_AUDIT_ACTIONS = [
  "skill.create",
  "skill.version",
  "skill.restore",
  "skill.scope",
  "skill.archive",
  "skill.unarchive",
  "skill.rename",
  "skill.delete",
  "skill.prune",
  "skill.download",
  "skill.run",
  "skill.tool",
  "skill.review",
  "skill.scan-override",
  "skill.detach",
  "scan.report",
  "scan.report-resolved",
  "scan.rescan",
  "team.create",
  "team.member.add",
  "team.member.role",
  "team.member.remove",
  "team.member.leave",
  "team.bound-tools",
  "token.create",
  "token.revoke",
  "user.role",
  "auth.sign-up",
  "auth.sign-in",
  "auth.sign-in-failed",
  "user.disable",
  "user.enable",
  "instance.setting",
  "source.create",
  "source.update",
  "source.delete",
  "source.sync",
] as const;

const TERM_MAX = 200;
// Filters that match by name may stand for many people or teams; past this many, narrow the term.
const MATCH_LIMIT = 500;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z][a-z0-9._-]{0,63}$/;

function term(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > TERM_MAX) throw new DataError("INVALID", `Filters are at most ${TERM_MAX} characters.`);
  return trimmed;
}

function day(value: string | undefined, field: "from" | "to"): Date | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const date = new Date(`${trimmed}T00:00:00.000Z`);
  if (!DAY.test(trimmed) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== trimmed)
    throw new DataError("INVALID", `The ${field === "from" ? "start" : "end"} date must be a day such as 2026-01-31.`, { field });
  return date;
}

/** A position in the trail: the (createdAt, id) of the last row shown, newest first. */
function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) throw new DataError("INVALID", "That page of the audit trail does not exist; start from the first page.");
  return { createdAt, id };
}

/** The filter as a query. Names are resolved to ids first, so the trail's own indexes do the work. */
async function whereOf(filter: AuditFilter): Promise<Prisma.AuditEventWhereInput> {
  const and: Prisma.AuditEventWhereInput[] = [];
  const actor = term(filter.actor);
  if (actor) {
    const users = await db.user.findMany({
      where: { OR: [{ id: actor }, { email: containsIgnoringCase(actor.toLowerCase()) }, { name: containsIgnoringCase(actor) }] },
      select: { id: true },
      take: MATCH_LIMIT,
    });
    // An id of a deleted account still matches its events.
    and.push({ actorId: { in: [...new Set([actor, ...users.map((u) => u.id)])] } });
  }
  const skill = term(filter.skill);
  if (skill) and.push({ OR: [{ skillId: skill }, { skillName: containsIgnoringCase(skill) }] });
  const team = term(filter.team);
  if (team) {
    const teams = await db.team.findMany({ where: { OR: [{ id: team }, { name: containsIgnoringCase(team) }] }, select: { id: true }, take: MATCH_LIMIT });
    and.push({ teamId: { in: [...new Set([team, ...teams.map((t) => t.id)])] } });
  }
  const action = term(filter.action);
  if (action) {
    if (!ACTION.test(action))
      throw new DataError("INVALID", 'An action is written like "user.disable", or "team." for every team action.', { field: "action" });
    and.push(action.endsWith(".") ? { action: { startsWith: action } } : { action });
  }
  const from = day(filter.from, "from");
  const to = day(filter.to, "to");
  if (from && to && from > to) throw new DataError("INVALID", "The start date is after the end date.", { field: "from" });
  if (from) and.push({ createdAt: { gte: from } });
  if (to) and.push({ createdAt: { lt: new Date(to.getTime() + 86_400_000) } });
  return { AND: and };
}

type EventRow = Prisma.AuditEventGetPayload<object>;

// Events about one account, named by detail.userId: it shows as the row's user (and the CSV's user columns).
const SUBJECT_ACTIONS = /^(user|team\.member|auth)\./;

/** Events with the names of who and what they describe, read in one query per kind. */
async function hydrate(events: EventRow[]): Promise<AuditRow[]> {
  const ids = (pick: (e: EventRow) => string | null) => [...new Set(events.map(pick).filter((id): id is string => !!id))];
  const details = new Map(events.map((event) => [event.id, readAuditDetail(event.detail)]));
  // People a detail names by id (the member whose role changed, a request's author) are named too.
  const named = (e: EventRow) => {
    const detail = details.get(e.id)!;
    return [detail.userId, detail.authorId].filter((id): id is string => typeof id === "string");
  };
  // Teams a detail names as a place (a move's from and to).
  const placedTeams = (e: EventRow) => {
    const detail = details.get(e.id)!;
    return [detail.from, detail.to].flatMap((place) =>
      place && typeof place === "object" && typeof (place as { teamId?: unknown }).teamId === "string" ? [(place as { teamId: string }).teamId] : [],
    );
  };
  const [users, skills, teams] = await Promise.all([
    db.user.findMany({
      where: { id: { in: [...new Set([...ids((e) => e.actorId), ...events.flatMap(named)])] } },
      select: { id: true, name: true, email: true },
    }),
    db.skill.findMany({ where: { id: { in: ids((e) => e.skillId) } }, select: { id: true, name: true } }),
    db.team.findMany({ where: { id: { in: [...new Set([...ids((e) => e.teamId), ...events.flatMap(placedTeams)])] } }, select: { id: true, name: true } }),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const skillById = new Map(skills.map((s) => [s.id, s]));
  const teamNames = new Map(teams.map((t) => [t.id, t.name]));
  const userNames = new Map(users.map((u) => [u.id, u.name]));
  return events.map((event) => {
    const detail = details.get(event.id)!;
    const actor = event.actorId ? userById.get(event.actorId) : undefined;
    const liveSkill = event.skillId ? skillById.get(event.skillId) : undefined;
    const subjectId = SUBJECT_ACTIONS.test(event.action) && typeof detail.userId === "string" ? detail.userId : null;
    const subject = subjectId ? userById.get(subjectId) : undefined;
    return {
      id: event.id,
      createdAt: event.createdAt,
      action: event.action,
      actor: event.actorId ? { id: event.actorId, name: actor?.name ?? null, email: actor?.email ?? null } : null,
      skill: event.skillId ? { id: event.skillId, name: event.skillName ?? liveSkill?.name ?? null, version: event.version, exists: !!liveSkill } : null,
      team: event.teamId ? { id: event.teamId, name: teamNames.get(event.teamId) ?? null } : null,
      subject: subjectId
        ? { id: subjectId, email: subject?.email ?? (typeof detail.email === "string" ? detail.email : null), name: subject?.name ?? null }
        : null,
      request: event.action.startsWith("review.") && typeof detail.requestId === "string" ? { id: detail.requestId } : null,
      summary: auditSummary(event.action, detail, teamNames, userNames) ?? (auditDetailPairs(event.action, detail, teamNames, userNames) || null),
      detail,
    };
  });
}

async function readPage(where: Prisma.AuditEventWhereInput, cursor: string | null | undefined, size: number): Promise<AuditPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const events = await db.auditEvent.findMany({
    where: after ? { AND: [where, { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] } : where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: size + 1,
  });
  const page = events.slice(0, size);
  return { items: await hydrate(page), nextCursor: events.length > size ? encodeCursor(page[page.length - 1]) : null };
}

/** One page of the whole audit trail, newest first, filtered; instance admins only. */
export async function listAuditEvents(viewer: ViewerRef, filter: AuditFilter, options: { cursor?: string | null } = {}): Promise<AuditPage> {
  await requireInstanceAdmin(db, viewer);
  return readPage(await whereOf(filter), options.cursor, AUDIT_PAGE_SIZE);
}

/**
 * The filtered trail for an export, a page at a time, newest first. Checks the viewer once before
 * the first page; the caller streams each page out before the next is read.
 */
export async function exportAuditEvents(viewer: ViewerRef, filter: AuditFilter): Promise<AsyncGenerator<AuditRow[]>> {
  await requireInstanceAdmin(db, viewer);
  const where = await whereOf(filter);
  return (async function* () {
    let cursor: string | null = null;
    do {
      const page: AuditPage = await readPage(where, cursor, AUDIT_EXPORT_PAGE_SIZE);
      if (page.items.length) yield page.items;
      cursor = page.nextCursor;
    } while (cursor);
  })();
}

/** The actions the filter offers: every known one, and any other the trail holds. */
export async function listAuditActions(viewer: ViewerRef): Promise<string[]> {
  await requireInstanceAdmin(db, viewer);
  const found = await db.auditEvent.findMany({ distinct: ["action"], select: { action: true } });
  return [...new Set([...KNOWN_AUDIT_ACTIONS, ...found.map((row) => row.action)])].sort();
}
