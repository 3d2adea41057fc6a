import "server-only";
import type { Actor, Scope, TeamRole } from "@/lib/skills/permissions/permissions";
import { referenceHolds } from "@/lib/skills/permissions/references";
import { parseReviewPolicy } from "@/lib/skills/review-requests/policy";
import { summarize } from "@/lib/playground/evals/score";
import { db } from "@/lib/db/server";
import type { SkillVersionsPage } from "@/lib/types/versions";
import { loadActor, type ViewerRef } from "../core/actor";
import { accessOf, visibleToSql } from "../core/skill-access";
import { LISTED_RUNS, runsVisibleToSql } from "../core/eval-runs";
import { readEvalResults } from "../core/json-columns";
import { date, dateOrNull, int } from "@/lib/db/sql-values";
import { toSkillHistory, type HistoryVersionRow } from "./versions";

// The versions page's one read: the skill, every kept version with its author and the revision
// that proposed it, the labels and profile pins pointing at versions, and each version's latest
// trigger-test result, in four statements whatever the skill holds (listSkillVersions and
// listTriggerEvalRuns took 19 for versions-statements.test.ts's skill, Prisma loading each relation
// with a statement of its own, empty ones too). Quoted identifiers, so it runs on SQLite and PostgreSQL alike.

type SkillRow = {
  id: string;
  name: string;
  scope: Scope;
  ownerId: string | null;
  teamId: string | null;
  teamName: string | null;
  reviewPolicy: string | null;
  currentNumber: unknown;
  sourceId: string | null;
  sourceUrl: string | null;
};

async function readSkillRow(actor: Actor, skillId: string): Promise<SkillRow | null> {
  const [row] = await db.$queryRaw<SkillRow[]>`
    SELECT s."id", s."name", s."scope", s."ownerId", s."teamId", t."name" AS "teamName", t."reviewPolicy",
      cv."number" AS "currentNumber", s."sourceId", src."url" AS "sourceUrl"
    FROM "Skill" s
    JOIN "SkillVersion" cv ON cv."id" = s."currentVersionId"
    LEFT JOIN "Team" t ON t."id" = s."teamId"
    LEFT JOIN "SkillSource" src ON src."id" = s."sourceId"
    WHERE s."id" = ${skillId} AND ${visibleToSql(actor)}`;
  return row ?? null;
}

type VersionRow = Record<
  "number" | "createdAt" | "totalBytes" | "fileCount" | "catalogTokens" | "bodyTokens" | "resourceTokens" | "errorCount" | "warningCount" | "publishedAt",
  unknown
> &
  Pick<
    HistoryVersionRow,
    "message" | "scanHighest" | "reviewStatus" | "sourceId" | "sourceUrl" | "sourceRevision" | "sourcePath" | "commitAuthor" | "commitMessage"
  > & {
    authorId: string | null;
    authorName: string | null;
    revisionNumber: unknown;
    baseVersion: unknown;
    requestId: string | null;
    requestState: "open" | "merged" | "withdrawn" | null;
    requestRevision: unknown;
  };

// Every kept version, unbounded as listSkillVersions reads it (prune is what keeps a history short),
// each with the latest revision of a version request that proposed it.
function readVersions(skillId: string) {
  return db.$queryRaw<VersionRow[]>`
    SELECT v."number", v."message", v."createdAt", v."totalBytes", v."fileCount", v."catalogTokens", v."bodyTokens", v."resourceTokens",
      v."errorCount", v."warningCount", v."scanHighest", v."reviewStatus", v."publishedAt",
      v."sourceId", v."sourceUrl", v."sourceRevision", v."sourcePath", v."commitAuthor", v."commitMessage",
      v."authorId", u."name" AS "authorName",
      rv."number" AS "revisionNumber", rv."baseVersion", q."id" AS "requestId", q."state" AS "requestState", q."revision" AS "requestRevision"
    FROM "SkillVersion" v
    LEFT JOIN "user" u ON u."id" = v."authorId"
    LEFT JOIN "ReviewRevision" rv ON rv."id" = (
      SELECT r2."id" FROM "ReviewRevision" r2 JOIN "ReviewRequest" q2 ON q2."id" = r2."requestId"
      WHERE r2."versionId" = v."id" AND q2."kind" = 'version' ORDER BY r2."createdAt" DESC LIMIT 1)
    LEFT JOIN "ReviewRequest" q ON q."id" = rv."requestId"
    WHERE v."skillId" = ${skillId}
    ORDER BY v."number" ASC`;
}

/** A label on a version, or a profile's pin with its owner's role and one of their memberships (one row each). */
type PointerRow = {
  kind: "label" | "pin";
  name: string | null;
  number: unknown;
  profileId: string | null;
  ownerId: string | null;
  ownerRole: Actor["role"] | null;
  teamId: string | null;
  teamRole: TeamRole | null;
};

// One statement for two short lists that point at versions: the labels, and the pins with what
// referenceHolds needs of their owners (their role and team roles, as skillReferences reads them).
// Only pins count in the history, so profiles that follow the current version are left out.
async function readPointers(skillId: string) {
  const rows = await db.$queryRaw<PointerRow[]>`
    SELECT 'label' AS "kind", l."name" AS "name", v."number" AS "number", CAST(NULL AS TEXT) AS "profileId", CAST(NULL AS TEXT) AS "ownerId",
      CAST(NULL AS TEXT) AS "ownerRole", CAST(NULL AS TEXT) AS "teamId", CAST(NULL AS TEXT) AS "teamRole"
      FROM "SkillLabel" l JOIN "SkillVersion" v ON v."id" = l."versionId" WHERE l."skillId" = ${skillId}
    UNION ALL SELECT 'pin', CAST(NULL AS TEXT), ps."pinnedVersion", p."id", u."id", CAST(u."role" AS TEXT), m."teamId", CAST(m."role" AS TEXT)
      FROM "AgentProfileSkill" ps
      JOIN "AgentProfile" p ON p."id" = ps."profileId"
      JOIN "user" u ON u."id" = p."ownerId"
      LEFT JOIN "Membership" m ON m."userId" = u."id"
      WHERE ps."skillId" = ${skillId} AND ps."pinnedVersion" IS NOT NULL`;
  const labels = rows.filter((row) => row.kind === "label").map((row) => ({ name: row.name ?? "", version: int(row.number) }));
  const pins = new Map<string, { pinnedVersion: number; owner: Actor }>();
  for (const row of rows) {
    if (row.kind !== "pin" || !row.profileId || !row.ownerId || !row.ownerRole) continue;
    const pin = pins.get(row.profileId) ?? { pinnedVersion: int(row.number), owner: { id: row.ownerId, role: row.ownerRole, teamRoles: {} } };
    if (row.teamId && row.teamRole) pin.owner = { ...pin.owner, teamRoles: { ...pin.owner.teamRoles, [row.teamId]: row.teamRole } };
    pins.set(row.profileId, pin);
  }
  return { labels, pins: [...pins.values()] };
}

/**
 * Each version's latest result for its own description (latestOwnRuns in
 * components/skills/triggers/history-groups.ts) among the runs listTriggerEvalRuns lists the actor:
 * version number -> passed and tests.
 */
async function readLatestOwnResults(actor: Actor, skillId: string): Promise<Map<number, { passed: number; tests: number }>> {
  // isOwnRun: a run of the version's own description, neither a proposed one nor another version's.
  const rows = await db.$queryRaw<{ number: unknown; results: string }[]>`
    SELECT v."number", r."results"
    FROM (SELECT r."versionId", r."arm", r."descriptionOf", r."results", r."createdAt", r."id" FROM "TriggerEvalRun" r
      WHERE r."skillId" = ${skillId} AND ${runsVisibleToSql(actor)}
      ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${LISTED_RUNS}) r
    JOIN "SkillVersion" v ON v."id" = r."versionId"
    WHERE r."arm" <> 'proposed' AND r."descriptionOf" IS NULL
    ORDER BY r."createdAt" DESC, r."id" DESC`;
  const latest = new Map<number, { passed: number; tests: number }>();
  for (const row of rows) {
    if (latest.has(int(row.number))) continue;
    // As the run's view has it: recomputed from the results, not the counts kept in columns for lists.
    const { passed, tests } = summarize(readEvalResults(row.results));
    latest.set(int(row.number), { passed, tests });
  }
  return latest;
}

const orNull = (value: unknown): number | null => (value === null || value === undefined ? null : int(value));

/**
 * Everything the versions page shows of a visible skill, or null when it does not exist or the
 * viewer may not see it: the history (as listSkillVersions) and each version's latest trigger-test
 * result for its own description (as latestOwnRuns over listTriggerEvalRuns).
 */
export async function getSkillVersionsPage(viewer: ViewerRef, skillId: string): Promise<SkillVersionsPage | null> {
  const actor = await loadActor(db, viewer);
  const row = await readSkillRow(actor, skillId);
  if (!row) return null;
  const access = accessOf(row);
  const [versions, pointers, triggers] = await Promise.all([readVersions(skillId), readPointers(skillId), readLatestOwnResults(actor, skillId)]);
  const history = toSkillHistory(actor, {
    skill: {
      ...access,
      id: row.id,
      name: row.name,
      team: row.teamId && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
      currentVersion: int(row.currentNumber),
      syncedFrom: row.sourceId ? row.sourceUrl : null,
    },
    versions: versions.map((v) => ({
      number: int(v.number),
      message: v.message,
      createdAt: date(v.createdAt),
      totalBytes: int(v.totalBytes),
      fileCount: int(v.fileCount),
      catalogTokens: int(v.catalogTokens),
      bodyTokens: int(v.bodyTokens),
      resourceTokens: int(v.resourceTokens),
      errorCount: int(v.errorCount),
      warningCount: int(v.warningCount),
      scanHighest: v.scanHighest,
      reviewStatus: v.reviewStatus,
      publishedAt: dateOrNull(v.publishedAt),
      sourceId: v.sourceId,
      sourceUrl: v.sourceUrl,
      sourceRevision: v.sourceRevision,
      sourcePath: v.sourcePath,
      commitAuthor: v.commitAuthor,
      commitMessage: v.commitMessage,
      author: v.authorId && v.authorName !== null ? { id: v.authorId, name: v.authorName } : null,
      revision:
        v.requestId && v.requestState
          ? {
              number: int(v.revisionNumber),
              baseVersion: orNull(v.baseVersion),
              request: { id: v.requestId, state: v.requestState, revision: int(v.requestRevision) },
            }
          : null,
    })),
    labels: pointers.labels,
    pins: pointers.pins.map((pin) => ({ pinnedVersion: pin.pinnedVersion, holds: referenceHolds(pin.owner, access) })),
    policy: parseReviewPolicy(row.reviewPolicy),
  });
  return { history, triggers: Object.fromEntries(triggers) };
}
