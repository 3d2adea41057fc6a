import "server-only";
import { canAddVersion, canManageSkill, canManageSource, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import { canSetSkillOwners, OWNER_ROLE_LABELS } from "@/lib/skills/owners/owners";
import { canTagSkill } from "@/lib/skills/tags/tags";
import { canReviewVersion } from "@/lib/skills/vetting/policy";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewStatus, Severity, TeamRole } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db/server";
import type { SkillMeta, SkillOwnerView } from "@/lib/types/skill-meta";
import type { SkillDetail } from "@/lib/types/skills";
import { loadActor, type ViewerRef } from "../core/actor";
import { accessOf, visibleToSql } from "../core/skill-access";
import { archiveNote } from "./detail";
import { ownerChoices, teamMembersToChoose, teamOwnerChoices } from "./owners";
import { sameNamedSql, shadowsAmong, toSummary, toVersionDetail, type SameNamedRow, type VersionRow } from "./rows";
import { date, dateOrNull, int, yes } from "@/lib/db/sql-values";
import { summaryRowOf, type SkillColumns } from "./summaries";

// The skill page's one read of a skill: the skill with its team, owner, current version, history,
// tags, labels, stars, owners and source, in five statements whatever the skill holds, six with the
// owner choices of whoever may set owners (Prisma loads each relation with a statement of its own:
// getSkill, getSkillMeta and getSkillSource took 23 for the same). Raw SQL where a
// relation would cost a statement; quoted identifiers, so it runs on SQLite and PostgreSQL alike.

/** The source a skill is synced from, as its page shows it. */
export interface SkillPageSource {
  sourceId: string;
  url: string;
  path: string;
  revision: string | null;
  /** The viewer may open the source's page (a reader of a public skill may not). */
  canManage: boolean;
}

export interface SkillPageData {
  skill: SkillDetail;
  meta: SkillMeta;
  source: SkillPageSource | null;
  /** Whether the skill has an open review request, read with the skill: most have none, and then the page need not ask for them. */
  hasOpenProposals: boolean;
}

type SkillRow = SkillColumns & {
  skillSourceId: string | null;
  skillSourcePath: string | null;
  sourceUrl: string | null;
  sourceScope: Scope | null;
  sourceOwnerId: string | null;
  sourceTeamId: string | null;
  sourceLatestRevision: string | null;
  starred: unknown;
  openProposals: unknown;
  reviewerName: string | null;
  authorName: string | null;
} & { [K in `v_${string}`]: unknown };

const versionColumns = [
  "id",
  "number",
  "name",
  "description",
  "frontmatter",
  "body",
  "catalogTokens",
  "bodyTokens",
  "resourceTokens",
  "totalBytes",
  "fileCount",
  "digest",
  "findings",
  "message",
  "createdAt",
  "authorId",
  "warningCount",
  "errorCount",
  "scanFindings",
  "scanHighest",
  "scanRuleset",
  "scanComplete",
  "scanSkipped",
  "reviewStatus",
  "reviewedById",
  "reviewedAt",
  "reviewNote",
  "sourceId",
  "sourceUrl",
  "sourceRevision",
  "sourcePath",
  "commitAuthor",
  "commitMessage",
] as const;

async function readSkillRow(actor: Actor, skillId: string): Promise<SkillRow | null> {
  const columns = Prisma.raw(versionColumns.map((column) => `v."${column}" AS "v_${column}"`).join(", "));
  const [row] = await db.$queryRaw<SkillRow[]>`
    SELECT s."id", s."name", s."scope", s."ownerId", s."teamId", s."archived", s."createdAt", s."updatedAt",
      s."sourceId" AS "skillSourceId", s."sourcePath" AS "skillSourcePath",
      t."name" AS "teamName", o."name" AS "ownerName",
      src."url" AS "sourceUrl", src."scope" AS "sourceScope", src."ownerId" AS "sourceOwnerId", src."teamId" AS "sourceTeamId",
      (SELECT sv."sourceRevision" FROM "SkillVersion" sv WHERE sv."skillId" = s."id" AND sv."sourceId" = s."sourceId" ORDER BY sv."number" DESC LIMIT 1) AS "sourceLatestRevision",
      (SELECT COUNT(*) FROM "SkillStar" st WHERE st."skillId" = s."id") AS "starCount",
      (SELECT COUNT(*) FROM "SkillStar" st WHERE st."skillId" = s."id" AND st."userId" = ${actor.id}) AS "starred",
      EXISTS (SELECT 1 FROM "ReviewRequest" rr WHERE rr."skillId" = s."id" AND rr."state" = 'open') AS "openProposals",
      ${columns}, a."name" AS "authorName", r."name" AS "reviewerName"
    FROM "Skill" s
    JOIN "SkillVersion" v ON v."id" = s."currentVersionId"
    LEFT JOIN "Team" t ON t."id" = s."teamId"
    LEFT JOIN "user" o ON o."id" = s."ownerId"
    LEFT JOIN "SkillSource" src ON src."id" = s."sourceId"
    LEFT JOIN "user" a ON a."id" = v."authorId"
    LEFT JOIN "user" r ON r."id" = v."reviewedById"
    WHERE s."id" = ${skillId} AND ${visibleToSql(actor)}`;
  return row ?? null;
}

type HistoryRow = {
  number: unknown;
  message: string;
  createdAt: unknown;
  totalBytes: unknown;
  catalogTokens: unknown;
  bodyTokens: unknown;
  resourceTokens: unknown;
  warningCount: unknown;
  errorCount: unknown;
  publishedAt: unknown;
  authorId: string | null;
  authorName: string | null;
};

function readHistory(skillId: string) {
  return db.$queryRaw<HistoryRow[]>`
    SELECT v."number", v."message", v."createdAt", v."totalBytes", v."catalogTokens", v."bodyTokens", v."resourceTokens",
      v."warningCount", v."errorCount", v."publishedAt", v."authorId", u."name" AS "authorName"
    FROM "SkillVersion" v LEFT JOIN "user" u ON u."id" = v."authorId"
    WHERE v."skillId" = ${skillId}
    ORDER BY v."number" DESC`;
}

/** One of the skill's names: a label on a version, a tag, an owner entry, a tag of its team's list, or a same-named skill the viewer sees. */
type NameRow = {
  kind: "label" | "tag" | "owner" | "teamTag" | "same" | "choice";
  name: string | null;
  number: unknown;
  userId: string | null;
  role: TeamRole | null;
  /** Of a same-named skill: its id, scope and team's name (shadowsAmong). */
  skillId: string | null;
  scope: string | null;
  teamName: string | null;
  rank: unknown;
};

// One statement for five short lists, each in the order the database gives it (its collation, as
// an ORDER BY of its own would), kept by each branch's ROW_NUMBER. The same-named skills are
// shadowingFor's lookup for this one name.
async function readNames(actor: Actor, skill: { id: string; name: string }, teamId: string | null, choicesOfTeam: boolean) {
  const none = Prisma.sql`CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(NULL AS TEXT)`;
  const teamTags = teamId
    ? Prisma.sql`UNION ALL SELECT 'teamTag', tt."name", CAST(NULL AS INTEGER), CAST(NULL AS TEXT), CAST(NULL AS TEXT), ${none}, ROW_NUMBER() OVER (ORDER BY tt."name")
        FROM "TeamTag" tt WHERE tt."teamId" = ${teamId}`
    : Prisma.empty;
  // A team skill's owner picker: its members (teamMembersToChoose), in the userId and name columns.
  const choices =
    teamId && choicesOfTeam
      ? Prisma.sql`UNION ALL SELECT 'choice', c."name", CAST(NULL AS INTEGER), c."id", CAST(NULL AS TEXT), ${none}, 0 FROM (${teamMembersToChoose(teamId)}) c`
      : Prisma.empty;
  const rows = await db.$queryRaw<NameRow[]>`
    SELECT 'label' AS "kind", l."name" AS "name", v."number" AS "number", CAST(NULL AS TEXT) AS "userId", CAST(NULL AS TEXT) AS "role",
      CAST(NULL AS TEXT) AS "skillId", CAST(NULL AS TEXT) AS "scope", CAST(NULL AS TEXT) AS "teamName", ROW_NUMBER() OVER (ORDER BY l."name") AS "rank"
      FROM "SkillLabel" l JOIN "SkillVersion" v ON v."id" = l."versionId" WHERE l."skillId" = ${skill.id}
    UNION ALL SELECT 'tag', g."name", CAST(NULL AS INTEGER), CAST(NULL AS TEXT), CAST(NULL AS TEXT), ${none}, ROW_NUMBER() OVER (ORDER BY g."name")
      FROM "SkillTag" g WHERE g."skillId" = ${skill.id}
    UNION ALL SELECT 'owner', u."name", CAST(NULL AS INTEGER), o."userId", CAST(o."teamRole" AS TEXT), ${none}, ROW_NUMBER() OVER (ORDER BY o."createdAt", o."id")
      FROM "SkillOwner" o LEFT JOIN "user" u ON u."id" = o."userId" AND u."disabledAt" IS NULL WHERE o."skillId" = ${skill.id}
    UNION ALL SELECT 'same', x."name", CAST(NULL AS INTEGER), CAST(NULL AS TEXT), CAST(NULL AS TEXT), x."id", x."scope", x."teamName", 0
      FROM (${sameNamedSql(actor, Prisma.sql`${skill.name}`)}) x
    ${teamTags}
    ${choices}`;
  const of = (kind: NameRow["kind"]) => rows.filter((row) => row.kind === kind).sort((a, b) => int(a.rank) - int(b.rank));
  const sameNamed = of("same").map((row): SameNamedRow => ({ id: row.skillId ?? "", name: row.name ?? "", scope: row.scope as Scope, teamName: row.teamName }));
  const members = of("choice").map((row) => ({ id: row.userId ?? "", name: row.name ?? "" }));
  return {
    labels: of("label"),
    tags: of("tag"),
    owners: of("owner"),
    teamTags: of("teamTag"),
    shadows: shadowsAmong([skill], sameNamed),
    choices: teamId && choicesOfTeam ? teamOwnerChoices(members) : null,
  };
}

/** People first, in the order they were made owners; an owner whose account is disabled is left out (ownerViews). */
function toOwnerViews(rows: NameRow[]): SkillOwnerView[] {
  const people = rows.flatMap((row): SkillOwnerView[] => (row.userId && row.name !== null ? [{ kind: "user", id: row.userId, name: row.name }] : []));
  const roles = rows.flatMap((row): SkillOwnerView[] =>
    !row.userId && row.role ? [{ kind: "role", role: row.role, label: OWNER_ROLE_LABELS[row.role] }] : [],
  );
  return [...people, ...roles];
}

/**
 * Everything the skill page shows of a visible skill, or null when it does not exist or the viewer
 * may not see it: the skill (as getSkill), its tags, stars and owners (as getSkillMeta) and its source
 * (as getSkillSource).
 */
export async function getSkillPage(viewer: ViewerRef, skillId: string): Promise<SkillPageData | null> {
  const actor = await loadActor(db, viewer);
  const row = await readSkillRow(actor, skillId);
  if (!row) return null;
  const access = accessOf(row);
  const can = { tag: canTagSkill(actor, access), setOwners: canSetSkillOwners(actor, access) };
  const version = Object.fromEntries(versionColumns.map((column) => [column, row[`v_${column}`]])) as Record<(typeof versionColumns)[number], unknown>;
  const [history, names, files, choices] = await Promise.all([
    readHistory(skillId),
    readNames(actor, row, access.scope === "TEAM" ? access.teamId : null, can.setOwners),
    db.skillFile.findMany({
      where: { versionId: String(version.id) },
      select: { path: true, size: true, mediaType: true, sha256: true, tokens: true, executable: true },
      orderBy: { path: "asc" },
    }),
    // A team skill's come with its names.
    can.setOwners && !(access.scope === "TEAM" && access.teamId) ? ownerChoices(db, access) : null,
  ]);

  const author = version.authorId ? { id: String(version.authorId), name: row.authorName ?? "" } : null;
  const reviewedById = version.reviewedById as string | null;
  // As getSkill's: the version's columns and the summary's counts.
  const currentRow: VersionRow & { warningCount: number; errorCount: number } = {
    id: String(version.id),
    number: int(version.number),
    name: String(version.name),
    description: String(version.description),
    frontmatter: String(version.frontmatter),
    body: String(version.body),
    catalogTokens: int(version.catalogTokens),
    bodyTokens: int(version.bodyTokens),
    resourceTokens: int(version.resourceTokens),
    totalBytes: int(version.totalBytes),
    fileCount: int(version.fileCount),
    digest: String(version.digest),
    findings: String(version.findings),
    message: String(version.message),
    createdAt: date(version.createdAt),
    author,
    files,
    scanFindings: String(version.scanFindings),
    scanHighest: version.scanHighest as Severity | null,
    scanRuleset: version.scanRuleset as string | null,
    scanComplete: yes(version.scanComplete),
    scanSkipped: String(version.scanSkipped),
    reviewStatus: version.reviewStatus as ReviewStatus,
    reviewedById,
    reviewedAt: dateOrNull(version.reviewedAt),
    reviewNote: version.reviewNote as string | null,
    sourceId: version.sourceId as string | null,
    sourceUrl: version.sourceUrl as string | null,
    sourceRevision: version.sourceRevision as string | null,
    sourcePath: version.sourcePath as string | null,
    commitAuthor: version.commitAuthor as string | null,
    commitMessage: version.commitMessage as string | null,
    warningCount: int(version.warningCount),
    errorCount: int(version.errorCount),
  };
  const tags = names.tags.map((tag) => tag.name ?? "");
  const summaryRow = summaryRowOf(row, tags, currentRow);
  const labelsOf = new Map<number, string[]>();
  for (const label of names.labels) labelsOf.set(int(label.number), [...(labelsOf.get(int(label.number)) ?? []), label.name ?? ""]);

  const skill: SkillDetail = {
    ...toSummary(summaryRow, names.shadows.get(row.id) ?? null),
    current: await toVersionDetail(currentRow, reviewedById && row.reviewerName !== null ? { id: reviewedById, name: row.reviewerName } : null),
    versions: history.map((v) => ({
      number: int(v.number),
      message: v.message,
      createdAt: date(v.createdAt),
      totalBytes: int(v.totalBytes),
      catalogTokens: int(v.catalogTokens),
      bodyTokens: int(v.bodyTokens),
      resourceTokens: int(v.resourceTokens),
      warningCount: int(v.warningCount),
      errorCount: int(v.errorCount),
      labels: labelsOf.get(int(v.number)) ?? [],
      author: v.authorId ? { id: v.authorId, name: v.authorName ?? "" } : null,
      proposed: v.publishedAt === null || v.publishedAt === undefined,
    })),
    can: {
      addVersion: canAddVersion(actor, access),
      manage: canManageSkill(actor, access),
      review: canReviewVersion(actor, access, currentRow.scanHighest),
    },
    archive: summaryRow.archived ? await archiveNote(row.id) : null,
  };
  const meta: SkillMeta = {
    tags,
    tagChoices: access.scope === "TEAM" && access.teamId ? names.teamTags.map((tag) => tag.name ?? "") : null,
    starred: int(row.starred) > 0,
    starCount: summaryRow._count.stars,
    owners: toOwnerViews(names.owners),
    ownerChoices: names.choices ?? choices ?? { people: [], roles: [] },
    can,
  };
  const source =
    row.skillSourceId && row.sourceUrl !== null && row.sourceScope
      ? {
          sourceId: row.skillSourceId,
          url: row.sourceUrl,
          path: row.skillSourcePath ?? "",
          revision: row.sourceLatestRevision,
          canManage: canManageSource(actor, { scope: row.sourceScope, ownerId: row.sourceOwnerId, teamId: row.sourceTeamId }),
        }
      : null;
  return { skill, meta, source, hasOpenProposals: yes(row.openProposals) };
}
