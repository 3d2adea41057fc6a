import "server-only";
import { db } from "@/lib/db/server";
import { canManageSkill, canSeeUsageByPerson, type Actor } from "@/lib/skills/permissions/permissions";
import { dayRange, INSTALL_CHANNELS, LOAD_CHANNELS, READ_CHANNELS, usageDay, type UsageChannel } from "@/lib/skills/usage/events";
import type { SkillUsage, TeamInsights, UsageDayPoint } from "@/lib/types/usage";
import { loadActor, type ViewerRef } from "../core/actor";
import { inBatches } from "../core/batches";
import { readInstanceSettings } from "../admin/settings";
import { accessFields, accessOf, findVisibleSkill } from "../core/skill-access";

// What the usage events say, for the skill page's Usage tab and a team's insights. Counts come
// from the daily rollup; what needs a person or a file (distinct users, files read, who) from the
// raw events, so it covers USAGE_RETENTION_DAYS at most.

const DAY_MS = 86_400_000;
const since = (now: Date, days: number) => dayRange(now, days)[0];

/** A visible skill's usage over the last `days` days (30 or 90), or null when the viewer may not see it. */
export async function getSkillUsage(viewer: ViewerRef, skillId: string, days: 30 | 90 = 30, now = new Date()): Promise<SkillUsage | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, { ...accessFields, currentVersion: { select: { number: true } } });
  if (!skill) return null;
  const from = since(now, days);
  const fromTime = new Date(`${from}T00:00:00.000Z`);
  const inWindow = { skillId, createdAt: { gte: fromTime } };
  const byPerson = canSeeUsageByPerson(actor, accessOf(skill));
  const [daily, versions, files, users, tokens, settings] = await Promise.all([
    db.usageDaily.groupBy({ by: ["day", "channel"], where: { skillId, day: { gte: from } }, _sum: { count: true } }),
    db.usageDaily.groupBy({ by: ["version", "channel"], where: { skillId, day: { gte: from }, channel: { in: [...LOAD_CHANNELS] } }, _sum: { count: true } }),
    db.usageEvent.groupBy({
      by: ["path"],
      where: { ...inWindow, channel: { in: [...READ_CHANNELS] }, path: { not: null } },
      _count: { _all: true },
      orderBy: { _count: { path: "desc" } },
      take: 20,
    }),
    db.usageEvent.groupBy({ by: ["actorId"], where: { ...inWindow, actorId: { not: null } }, _count: { _all: true } }),
    db.usageEvent.groupBy({ by: ["tokenId"], where: { ...inWindow, tokenId: { not: null } } }),
    readInstanceSettings(),
  ]);

  const points = new Map<string, UsageDayPoint>(dayRange(now, days).map((day) => [day, { day, byChannel: {}, total: 0 }]));
  const totals: SkillUsage["totals"] = {};
  for (const row of daily) {
    const n = row._sum.count ?? 0;
    const point = points.get(row.day);
    const channel = row.channel as UsageChannel;
    if (point) {
      point.byChannel[channel] = (point.byChannel[channel] ?? 0) + n;
      point.total += n;
    }
    totals[channel] = (totals[channel] ?? 0) + n;
  }

  const perVersion = new Map<number, { loads: number; installs: number }>();
  for (const row of versions) {
    const entry = perVersion.get(row.version) ?? { loads: 0, installs: 0 };
    entry.loads += row._sum.count ?? 0;
    if (INSTALL_CHANNELS.includes(row.channel as UsageChannel)) entry.installs += row._sum.count ?? 0;
    perVersion.set(row.version, entry);
  }
  const current = skill.currentVersion?.number ?? 0;

  let people: SkillUsage["people"] = null;
  if (byPerson) {
    const top = [...users].sort((a, b) => b._count._all - a._count._all).slice(0, 20);
    const names = await db.user.findMany({ where: { id: { in: top.map((u) => u.actorId!) } }, select: { id: true, name: true } });
    const nameOf = new Map(names.map((u) => [u.id, u.name]));
    people = top.map((u) => ({ userId: u.actorId!, name: nameOf.get(u.actorId!) ?? "deleted user", events: u._count._all }));
  }

  return {
    skillId,
    days,
    currentVersion: current,
    daily: [...points.values()],
    totals,
    versions: [...perVersion.entries()].sort((a, b) => b[0] - a[0]).map(([version, n]) => ({ version, ...n, current: version === current })),
    files: files.map((f) => ({ path: f.path!, reads: f._count._all })),
    distinctUsers: users.length,
    distinctTokens: tokens.length,
    people,
    attribution: settings.usageAttribution === "on",
  };
}

function isTeamMember(actor: Actor, teamId: string) {
  return actor.teamRoles[teamId] !== undefined;
}

/** A team's usage insights, for its members; null for anyone else (the team page's rule). */
export async function getTeamInsights(viewer: ViewerRef, teamId: string, days: 30 | 90 = 30, now = new Date()): Promise<TeamInsights | null> {
  const actor = await loadActor(db, viewer);
  if (!isTeamMember(actor, teamId)) return null;
  const from = since(now, days);
  const from90 = since(now, 90);
  // The team's skills first, then the rollup read by their ids ((skillId, day) index): joined to
  // Skill by teamId, PostgreSQL's planner scanned the whole rollup for 90 days (bench:usage, 90-day
  // insights p95 366 ms at 1,000,000 events).
  const [skills, runs] = await Promise.all([
    db.skill.findMany({
      where: { teamId },
      select: { id: true, name: true, createdAt: true, archived: true, currentVersion: { select: { number: true } } },
    }),
    db.triggerEvalRun.findMany({
      where: { skill: { teamId }, createdAt: { gte: new Date(now.getTime() - 90 * DAY_MS) } },
      select: { createdAt: true, tests: true, passed: true },
    }),
  ]);
  const ids = skills.map((skill) => skill.id);
  const loadChannels = { in: [...LOAD_CHANNELS] };
  const [loadRows, lastRows, installRows] = await Promise.all([
    inBatches(ids, (batch) =>
      db.usageDaily.groupBy({ by: ["skillId"], where: { skillId: { in: batch }, day: { gte: from }, channel: loadChannels }, _sum: { count: true } }),
    ),
    inBatches(ids, (batch) =>
      db.usageDaily.groupBy({ by: ["skillId"], where: { skillId: { in: batch }, day: { gte: from90 }, channel: loadChannels }, _max: { day: true } }),
    ),
    inBatches(ids, (batch) =>
      db.usageDaily.groupBy({
        by: ["skillId", "version"],
        where: { skillId: { in: batch }, day: { gte: from }, channel: { in: [...INSTALL_CHANNELS] } },
        _sum: { count: true },
      }),
    ),
  ]);
  const loadsOf = new Map(loadRows.map((row) => [row.skillId, row._sum.count ?? 0]));
  const lastDayOf = new Map(lastRows.map((row) => [row.skillId, row._max.day]));
  const byId = new Map(skills.map((skill) => [skill.id, skill]));
  const ranked = [...loadsOf.entries()]
    .map(([skillId, loads]) => ({ skillId, name: byId.get(skillId)!.name, loads }))
    .filter((r) => r.loads > 0)
    .sort((a, b) => b.loads - a.loads || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 20);
  const lastUsed = skills.filter((skill) => !skill.archived).map((skill) => ({ ...skill, skillId: skill.id, lastDay: lastDayOf.get(skill.id) ?? null }));
  const behind = installRows
    .map((row) => ({ skill: byId.get(row.skillId)!, version: row.version, installs: row._sum.count ?? 0 }))
    .filter((row) => row.skill.currentVersion && row.version < row.skill.currentVersion.number && row.installs > 0)
    .map((row) => ({
      skillId: row.skill.id,
      name: row.skill.name,
      version: row.version,
      currentVersion: row.skill.currentVersion!.number,
      installs: row.installs,
    }))
    .sort((a, b) => b.installs - a.installs)
    .slice(0, 50);

  const cutoff30 = since(now, 30);
  const oldEnough = now.getTime() - 30 * DAY_MS;
  const stale: TeamInsights["stale"] = lastUsed
    .filter((s) => new Date(s.createdAt).getTime() < oldEnough && (s.lastDay === null || s.lastDay < cutoff30))
    .map((s) => ({ skillId: s.skillId, name: s.name, lastUsed: s.lastDay, idleDays: s.lastDay === null ? (90 as const) : (30 as const) }))
    .sort((a, b) => b.idleDays - a.idleDays || a.name.localeCompare(b.name));

  const weeks = new Map<string, TeamInsights["passRates"][number]>();
  for (const run of runs) {
    const week = mondayOf(run.createdAt);
    const entry = weeks.get(week) ?? { week, runs: 0, tests: 0, passed: 0 };
    entry.runs++;
    entry.tests += run.tests;
    entry.passed += run.passed;
    weeks.set(week, entry);
  }

  return {
    teamId,
    days,
    canArchive: canManageSkill(actor, { scope: "TEAM", teamId, ownerId: null }),
    ranked,
    stale,
    behind,
    passRates: [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week)),
  };
}

/** The UTC Monday of an instant's ISO week, "YYYY-MM-DD". */
function mondayOf(at: Date): string {
  const day = (at.getUTCDay() + 6) % 7;
  return usageDay(new Date(at.getTime() - day * DAY_MS));
}
