import "server-only";
import type { PlaygroundFileInfo, PlaygroundSkill, ReviewStatus, SkillScope, SkillSource } from "@/lib/playground/domain";
import { explainShadowing, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import type { CatalogEntry, CatalogSource, ShadowedEntry } from "@/lib/types/playground";
import { Prisma } from "@/lib/generated/prisma/client";
import { loadActor, type ViewerRef } from "../core/actor";
import { visibleTo } from "../core/skill-access";
import { db } from "@/lib/db/server";
import { readFrontmatter } from "../core/json-columns";
import { readCatalog, type CatalogRow } from "./catalog-rows";
import { notFound } from "../errors";
import { inBatches } from "../core/batches";
import { labelledVersionIds } from "../skills/labels";
import { LATEST } from "@/lib/skills/permissions/labels";
import { readSkillFile } from "../skills/files";
import { placeLabel } from "@/lib/labels";
import { skillToolFields } from "../skills/tool-fields";
import { embeddingProvider } from "@/lib/embeddings/provider";
import { rankingVectors } from "./embeddings";
// The playground over the store: the catalog a viewer's agent sees, a SkillSource the pure core
// (lib/playground) reads skill bodies and resources through, and (in conversations.ts, re-exported here) conversation persistence.

function placeOf(skill: { scope: Scope; team: { name: string } | null }): string {
  return placeLabel(skill.scope, skill.team?.name);
}

const reviewStatusOf = (value: string): ReviewStatus => (value === "needs_review" || value === "reviewed" || value === "override" ? value : "none");

// ---------- Catalog ----------

/**
 * Every skill the viewer's agents see (one per name) and the same-named ones they hide, for the
 * setup panel: the turn's catalog (readCatalog: one statement when nothing changed since the
 * viewer's last read, kept version contents otherwise), so the page and a turn agree on it.
 */
export async function getPlaygroundCatalog(viewer: ViewerRef): Promise<{ entries: CatalogEntry[]; shadowed: ShadowedEntry[] }> {
  const actor = await loadActor(db, viewer);
  const { rows, visible, shadowedBy } = await readCatalog(actor);
  const byName = (a: CatalogRow, b: CatalogRow) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  return {
    entries: [...visible].sort(byName).map(({ id, name, scope, team, skill }) => ({
      skillId: id,
      name,
      description: skill.description,
      version: skill.version,
      scope,
      place: placeOf({ scope, team }),
      catalogTokens: skill.catalogTokens,
      bodyTokens: skill.bodyTokens,
      resourceTokens: skill.resourceTokens,
      reviewStatus: skill.reviewStatus,
      modelInvocable: skill.modelInvocable ?? true,
      userInvocable: skill.userInvocable ?? true,
      tools: (skill.tools ?? []).map(({ name, tokens }) => ({ name, tokens })),
      toolsWithheld: skill.toolsWithheld ?? null,
    })),
    shadowed: rows
      .filter((row) => shadowedBy.has(row.id))
      .sort(byName)
      .map((row) => {
        const winner = shadowedBy.get(row.id)!;
        return { skillId: row.id, name: row.name, place: placeOf(row), winnerId: winner.id, reason: explainShadowing(row, winner, winner.team?.name) };
      }),
  };
}

const versionSelect = {
  skillId: true,
  number: true,
  name: true,
  description: true,
  frontmatter: true,
  catalogTokens: true,
  bodyTokens: true,
  resourceTokens: true,
  reviewStatus: true,
  files: { select: { path: true, size: true, mediaType: true, tokens: true }, orderBy: { path: "asc" } },
  skill: { select: { scope: true, team: { select: { name: true, allowBoundTools: true } } } },
} satisfies Prisma.SkillVersionSelect;
type VersionRow = Prisma.SkillVersionGetPayload<{ select: typeof versionSelect }>;

function toPlaygroundSkill(row: VersionRow, scope: SkillScope): PlaygroundSkill {
  const files: PlaygroundFileInfo[] = row.files
    .filter((f) => f.path !== "SKILL.md")
    .map((f) => ({ path: f.path, size: f.size, mediaType: f.mediaType, tokens: f.tokens }));
  const frontmatter = readFrontmatter(row.frontmatter);
  const reviewStatus = reviewStatusOf(row.reviewStatus);
  return {
    skillId: row.skillId,
    name: row.name,
    description: row.description,
    version: row.number,
    scope,
    frontmatter,
    catalogTokens: row.catalogTokens,
    bodyTokens: row.bodyTokens,
    resourceTokens: row.resourceTokens,
    reviewStatus,
    files,
    ...skillToolFields(row.frontmatter, () => frontmatter, { scope, team: row.skill.team, version: row.number, reviewStatus }),
  };
}

export interface LoadedSource {
  source: SkillSource;
  /** Instructions a profile brings (empty for other sources). */
  profileInstructions: string | null;
  profileName: string | null;
  /** What the source asked for but the viewer can no longer see, as sentences for the chat. */
  notices: string[];
  /** Where each offered skill lives ("Personal", "Team Platform"), by skill id. */
  places: ReadonlyMap<string, string>;
}

/**
 * The skills a conversation offers, as the pure core reads them. Bodies and resources are read
 * on demand through the same visibility rules as every other read.
 */
export async function loadSkillSource(viewer: ViewerRef, catalog: CatalogSource): Promise<LoadedSource> {
  const actor = await loadActor(db, viewer);
  const notices: string[] = [];
  let picks: { skillId: string; scope: SkillScope; pinned: number | null }[];
  let profileInstructions: string | null = null;
  let profileName: string | null = null;
  let label: string = LATEST;
  let labelled = new Map<string, string>();

  if (catalog.kind === "profile") {
    const profile = await db.agentProfile.findFirst({
      where: { id: catalog.profileId, ownerId: actor.id },
      select: { name: true, instructions: true, label: true, skills: { select: { skillId: true, pinnedVersion: true } } },
    });
    if (!profile) throw notFound("Agent profile");
    profileInstructions = profile.instructions;
    profileName = profile.name;
    const visible = await db.skill.findMany({
      where: { AND: [{ id: { in: profile.skills.map((s) => s.skillId) } }, visibleTo(actor)] },
      select: { id: true, name: true, scope: true, archived: true },
      orderBy: { name: "asc" },
    });
    const lost = profile.skills.length - visible.length;
    if (lost > 0) notices.push(`${lost} skill(s) of profile "${profile.name}" are no longer visible to you and were left out.`);
    // The profile's release label picks each skill's version (lib/data/skills/labels.ts); a skill without it gets its current one, and the notice says so.
    label = profile.label;
    labelled = await labelledVersionIds(
      db,
      visible.map((s) => s.id),
      label,
    );
    const pinned = new Map(profile.skills.map((s) => [s.skillId, s.pinnedVersion]));
    // Archived means agents do not see it: the "all" catalog leaves it out, and so does a profile,
    // unless the profile follows a label the archived skill still has.
    const kept = visible.filter((s) => !s.archived || (pinned.get(s.id) == null && labelled.has(s.id)));
    for (const s of visible.filter((s) => !kept.includes(s)))
      notices.push(`"${s.name}" is archived, so agents do not see it; it was left out of profile "${profile.name}".`);
    for (const s of kept.filter((s) => label !== LATEST && pinned.get(s.id) == null && !labelled.has(s.id)))
      notices.push(`"${s.name}" has no ${label} label, so its latest version is offered.`);
    picks = kept.map((s) => ({ skillId: s.id, scope: s.scope, pinned: pinned.get(s.id) ?? null }));
  } else {
    // This runs on every turn; catalog-rows.ts keeps what it may between turns.
    const { rows, visible, shadowedBy, sortedSkills } = await readCatalog(actor);
    let chosen = visible;
    if (catalog.kind === "picked") {
      const wanted = new Set(catalog.skillIds);
      chosen = visible.filter((s) => wanted.has(s.id));
      const hidden = rows.filter((s) => wanted.has(s.id) && shadowedBy.has(s.id));
      for (const s of hidden) notices.push(`"${s.name}" (${placeOf(s)}) is hidden by a same-named skill and was left out.`);
      const lost = wanted.size - chosen.length - hidden.length;
      if (lost > 0) notices.push(`${lost} picked skill(s) are no longer visible to you and were left out.`);
    }
    const atLabel = catalog.kind === "all" && catalog.label ? await labelledSkills(chosen, catalog.label, notices) : new Map<string, PlaygroundSkill>();
    // The whole catalog at current versions is the catalog's own array, so what the turn derives from it stays cached.
    const skills =
      catalog.kind === "all" && atLabel.size === 0
        ? sortedSkills
        : chosen.map((row) => atLabel.get(row.id) ?? row.skill).sort((a, b) => a.name.localeCompare(b.name));
    const places = new Map(chosen.map((row) => [row.id, placeOf(row)]));
    return { source: storeSource(viewer, actor, skills), profileInstructions, profileName, notices, places };
  }

  const rows = await versionRows(picks, labelled);
  const byId = new Map(rows.map((row) => [row.skillId, row]));
  const skills: PlaygroundSkill[] = [];
  const places = new Map<string, string>();
  for (const pick of picks) {
    const row = byId.get(pick.skillId);
    if (!row) continue;
    skills.push(toPlaygroundSkill(row, pick.scope));
    places.set(row.skillId, placeOf({ scope: pick.scope, team: row.skill.team }));
  }
  skills.sort((a, b) => a.name.localeCompare(b.name));
  return { source: storeSource(viewer, actor, skills), profileInstructions, profileName, notices, places };
}

/**
 * The skills of `rows` that carry `label`, at its version (the rest keep the current one they
 * were read with, and one notice says how many). Read in batches: a catalog may hold thousands.
 */
async function labelledSkills(rows: readonly CatalogRow[], label: string, notices: string[]): Promise<Map<string, PlaygroundSkill>> {
  if (label === LATEST) return new Map();
  const labelled = new Map(
    await inBatches(
      rows.map((row) => row.id),
      async (ids) => [...(await labelledVersionIds(db, ids, label))],
    ),
  );
  const unlabelled = rows.length - labelled.size;
  if (unlabelled > 0) notices.push(`${unlabelled} skill(s) have no ${label} label, so their latest versions are offered.`);
  const scopes = new Map(rows.map((row) => [row.id, row.scope]));
  const versions = await inBatches([...labelled.keys()], (ids) =>
    versionRows(
      ids.map((skillId) => ({ skillId, pinned: null })),
      labelled,
    ),
  );
  return new Map(versions.map((row) => [row.skillId, toPlaygroundSkill(row, scopes.get(row.skillId)!)]));
}

async function versionRows(picks: { skillId: string; pinned: number | null }[], labelled: ReadonlyMap<string, string>): Promise<VersionRow[]> {
  const current = picks.filter((p) => p.pinned === null && !labelled.has(p.skillId)).map((p) => p.skillId);
  const byLabel = picks.flatMap((p) => (p.pinned === null && labelled.has(p.skillId) ? [labelled.get(p.skillId)!] : []));
  const pinned = picks.filter((p) => p.pinned !== null);
  const [a, b, c] = await Promise.all([
    current.length ? db.skillVersion.findMany({ where: { currentOf: { is: { id: { in: current } } } }, select: versionSelect }) : [],
    byLabel.length ? db.skillVersion.findMany({ where: { id: { in: byLabel } }, select: versionSelect }) : [],
    // Only a published version may be pinned (lib/data/profiles/profiles.ts); this keeps a proposal out of an agent's hands even if one were.
    pinned.length
      ? db.skillVersion.findMany({
          where: { OR: pinned.map((p) => ({ skillId: p.skillId, number: p.pinned! })), publishedAt: { not: null } },
          select: versionSelect,
        })
      : [],
  ]);
  return [...a, ...b, ...c];
}

/**
 * One version of a skill the viewer can see (the current one when `number` is null), as the pure
 * core reads it, with a source that reads its body and files: what trigger tests put in a catalog.
 */
export async function loadSkillVersionSource(
  viewer: ViewerRef,
  skillId: string,
  number: number | null,
): Promise<{ skill: PlaygroundSkill; source: SkillSource; place: string } | null> {
  const actor = await loadActor(db, viewer);
  const row = await db.skillVersion.findFirst({
    where: number === null ? { currentOf: { is: { AND: [{ id: skillId }, visibleTo(actor)] } } } : { skillId, number, skill: visibleTo(actor) },
    select: versionSelect,
  });
  if (!row) return null;
  const skill = toPlaygroundSkill(row, row.skill.scope);
  return { skill, source: storeSource(viewer, actor, [skill]), place: placeOf({ scope: row.skill.scope, team: row.skill.team }) };
}

function storeSource(viewer: ViewerRef, actor: Actor, skills: readonly PlaygroundSkill[]): SkillSource {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  // With an embeddings provider the ranking is hybrid; the skills asked about are this source's, already the viewer's to see.
  const provider = embeddingProvider();
  return {
    skills,
    ...(provider ? { vectors: (query: string, asked: readonly PlaygroundSkill[]) => rankingVectors(provider, query, asked) } : {}),
    async body(skill) {
      const row = await db.skillVersion.findFirst({
        where: { skillId: skill.skillId, number: skill.version, skill: visibleTo(actor) },
        select: { body: true },
      });
      if (!row) throw notFound();
      return row.body;
    },
    async resource(skill, path) {
      if (path === "SKILL.md") return null;
      const info = skill.files.find((f) => f.path === path);
      if (!info) return null;
      const file = await readSkillFile(viewer, skill.skillId, path, skill.version);
      if (!file) return null;
      if (info.tokens === null) return { kind: "binary", size: file.size, mediaType: file.mediaType };
      return { kind: "text", text: decoder.decode(file.bytes), tokens: info.tokens, size: file.size, mediaType: file.mediaType };
    },
  };
}

export * from "./conversations";
