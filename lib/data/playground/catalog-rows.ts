import "server-only";
import type { PlaygroundSkill, ReviewStatus } from "@/lib/playground/domain";
import { resolveShadowing, type Actor, type Resolution, type Scope } from "@/lib/skills/permissions/permissions";
import { SizedLru } from "@/lib/cache/sized-lru";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/server";
import { visibleToSql } from "../core/skill-access";
import { readFrontmatter } from "../core/json-columns";
import { inBatches } from "../core/batches";
import { defaultToolFields, mayHaveToolKeys, skillToolFields } from "../skills/tool-fields";

// The "all" and "picked" catalogs of a playground turn: every visible, unarchived skill at its
// current version. This runs on every turn, so it is kept between turns without ever trusting
// what is kept about who sees what:
// - each turn asks the database which skills the viewer sees now, with what can change about
//   them (name, place, team and its bound-tools setting, current version and its review state):
//   a short query that builds no JSON and reads no long text;
// - what a version holds (description, frontmatter, token counts, file list) never changes once
//   written, so it is kept by version id, shared by viewers, and read only for versions not kept;
// - when a viewer's answer is the same as on their last turn, the same rows (and the same skill
//   array downstream) come back, so the rendered catalog and its token count stay cached too.

export interface CatalogRow {
  id: string;
  name: string;
  scope: Scope;
  rank?: string;
  team: { name: string } | null;
  skill: PlaygroundSkill;
}

/** The visible skills with shadowing resolved, as one turn reads them. */
export interface Catalog extends Resolution<CatalogRow> {
  rows: readonly CatalogRow[];
  /** The visible skills by name, for as long as this catalog is current (one array, so what is derived from it can be cached by identity). */
  sortedSkills: readonly PlaygroundSkill[];
}

interface AccessRow {
  id: string;
  skillName: string;
  scope: Scope;
  teamName: string | null;
  teamAllowsBoundTools: unknown;
  versionId: string;
  reviewStatus: string;
}

interface VersionContent {
  number: number;
  name: string;
  description: string;
  frontmatter: string;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  files: PlaygroundSkill["files"];
}

/** Version contents by version id (immutable once written), bounded by their text's length. */
const versionContents = new SizedLru<VersionContent>(32 * 1024 * 1024);
/** Each viewer's last catalog, under the database's answer it was built from; bounded by rows. */
const lastCatalogs = new SizedLru<{ signature: string; catalog: Catalog }>(50_000);

const reviewStatusOf = (value: string): ReviewStatus => (value === "needs_review" || value === "reviewed" || value === "override" ? value : "none");
// SQLite keeps a boolean as 0 or 1, which a raw query may hand back as a number or a bigint; PostgreSQL hands back true or false.
const allowsBoundTools = (row: AccessRow) => row.teamName !== null && Number(row.teamAllowsBoundTools) === 1;

/** Every visible, unarchived skill with its current version and file list, shadowing resolved. */
export async function readCatalog(actor: Actor): Promise<Catalog> {
  const access = await db.$queryRaw<AccessRow[]>(Prisma.sql`
    SELECT s."id", s."name" AS "skillName", s."scope", t."name" AS "teamName", t."allowBoundTools" AS "teamAllowsBoundTools",
      v."id" AS "versionId", v."reviewStatus"
    FROM "Skill" s
    JOIN "SkillVersion" v ON v."id" = s."currentVersionId"
    LEFT JOIN "Team" t ON t."id" = s."teamId"
    WHERE s."archived" = FALSE AND ${visibleToSql(actor)}`);
  const signature = access
    .map((row) => `${row.id}\t${row.skillName}\t${row.scope}\t${row.teamName ?? ""}\t${allowsBoundTools(row)}\t${row.versionId}\t${row.reviewStatus}`)
    .join("\n");
  const last = lastCatalogs.get(actor.id);
  if (last && last.signature === signature) return last.catalog;

  const contents = await readVersionContents(access.map((row) => row.versionId));
  // A version missing here was deleted with its skill after the first query: left out, and not kept.
  const rows = access.flatMap((row) => {
    const content = contents.get(row.versionId);
    return content ? [catalogRow(row, content)] : [];
  });
  const { visible, shadowedBy } = resolveShadowing(rows);
  const catalog: Catalog = { rows, visible, shadowedBy, sortedSkills: visible.map((row) => row.skill).sort((a, b) => a.name.localeCompare(b.name)) };
  if (rows.length === access.length) lastCatalogs.set(actor.id, { signature, catalog }, Math.max(1, rows.length));
  return catalog;
}

// A version's files but SKILL.md, as a JSON array of [path, size, mediaType, tokens] in path order (text on both databases).
const filesJsonSqlite = Prisma.sql`(SELECT json_group_array(json_array(f."path", f."size", f."mediaType", f."tokens"))
  FROM (SELECT * FROM "SkillFile" f WHERE f."versionId" = v."id" AND f."path" <> 'SKILL.md' ORDER BY f."path") f)`;
const filesJsonPostgres = Prisma.sql`(SELECT coalesce(json_agg(json_build_array(f."path", f."size", f."mediaType", f."tokens") ORDER BY f."path"), '[]')::text
  FROM "SkillFile" f WHERE f."versionId" = v."id" AND f."path" <> 'SKILL.md')`;

async function readVersionContents(versionIds: readonly string[]): Promise<Map<string, VersionContent>> {
  const found = new Map<string, VersionContent>();
  const missing: string[] = [];
  for (const id of versionIds) {
    const kept = versionContents.get(id);
    if (kept) found.set(id, kept);
    else missing.push(id);
  }
  const rows = await inBatches(missing, (ids) =>
    db.$queryRaw<(Omit<VersionContent, "files"> & { id: string; files: string })[]>(Prisma.sql`
      SELECT v."id", v."number", v."name", v."description", v."frontmatter", v."catalogTokens", v."bodyTokens", v."resourceTokens",
        ${db.$dialect === "postgres" ? filesJsonPostgres : filesJsonSqlite} AS "files"
      FROM "SkillVersion" v WHERE v."id" IN (${Prisma.join(ids)})`),
  );
  for (const row of rows) {
    const content: VersionContent = {
      number: Number(row.number),
      name: row.name,
      description: row.description,
      frontmatter: row.frontmatter,
      catalogTokens: Number(row.catalogTokens),
      bodyTokens: Number(row.bodyTokens),
      resourceTokens: Number(row.resourceTokens),
      files: (JSON.parse(row.files) as [string, number, string, number | null][]).map(([path, size, mediaType, tokens]) => ({ path, size, mediaType, tokens })),
    };
    versionContents.set(row.id, content, row.description.length + row.frontmatter.length + row.files.length + 200);
    found.set(row.id, content);
  }
  return found;
}

function catalogRow(row: AccessRow, content: VersionContent): CatalogRow {
  const scope = row.scope;
  let frontmatter: Record<string, unknown> | null = null;
  const skill: PlaygroundSkill = {
    skillId: row.id,
    name: content.name,
    description: content.description,
    version: content.number,
    scope,
    // Parsed on first use: only "expose all metadata" and a skill that may set a tool key read it.
    get frontmatter() {
      frontmatter ??= readFrontmatter(content.frontmatter);
      return frontmatter;
    },
    catalogTokens: content.catalogTokens,
    bodyTokens: content.bodyTokens,
    resourceTokens: content.resourceTokens,
    reviewStatus: reviewStatusOf(row.reviewStatus),
    files: content.files,
    ...defaultToolFields(),
  };
  if (mayHaveToolKeys(content.frontmatter)) {
    const team = row.teamName === null ? null : { name: row.teamName, allowBoundTools: allowsBoundTools(row) };
    Object.assign(
      skill,
      skillToolFields(content.frontmatter, () => skill.frontmatter, { scope, team, version: skill.version, reviewStatus: skill.reviewStatus }),
    );
  }
  return { id: row.id, name: row.skillName, scope, rank: row.teamName ?? undefined, team: row.teamName === null ? null : { name: row.teamName }, skill };
}
