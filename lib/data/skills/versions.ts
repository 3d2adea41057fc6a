import "server-only";
import type { DiffOptions, FileDiff } from "@/lib/skills/diff/diff";
import { diffSkillFiles } from "@/lib/skills/diff/skill-diff";
import { canAddVersion, canManageSkill, type Actor, type SkillAccess } from "@/lib/skills/permissions/permissions";
import { DIRECT_POLICY, type ReviewPolicy } from "@/lib/skills/review-requests/policy";
import type { SkillHistory, VersionComparison, VersionHistoryItem, VersionRef } from "@/lib/types/versions";
import { loadActor, type ViewerRef } from "../core/actor";
import { accessOf, findVisibleSkill } from "../core/skill-access";
import { db } from "@/lib/db/server";
import { readDiffInputs } from "./diff-inputs";
import { skillReferences } from "../profiles/references";
import { provenanceSelect, toProvenance } from "./rows";
import { sourceFields, sourceOf } from "../intake/synced-skills";
import { isCustomLabel, labelsByVersion, reviewedLabels, STANDARD_LABELS } from "@/lib/skills/permissions/labels";
import { teamPolicy } from "../core/request-facts";

export type { SkillHistory, VersionComparison, VersionHistoryItem, VersionRef };

const userRef = { select: { id: true, name: true } } as const;

/** Every kept version of a visible skill, newest first, or null when the viewer may not see it. */
export async function listSkillVersions(viewer: ViewerRef, skillId: string): Promise<SkillHistory | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, {
    id: true,
    name: true,
    scope: true,
    ownerId: true,
    teamId: true,
    team: { select: { id: true, name: true } },
    currentVersion: { select: { number: true } },
    ...sourceFields,
    labels: { select: { name: true, version: { select: { number: true } } } },
    versions: {
      orderBy: { number: "asc" },
      select: {
        number: true,
        message: true,
        createdAt: true,
        totalBytes: true,
        fileCount: true,
        catalogTokens: true,
        bodyTokens: true,
        resourceTokens: true,
        errorCount: true,
        warningCount: true,
        scanHighest: true,
        reviewStatus: true,
        publishedAt: true,
        ...provenanceSelect,
        revisions: {
          where: { request: { kind: "version" } },
          select: { number: true, baseVersion: true, request: { select: { id: true, state: true, revision: true } } },
          orderBy: { createdAt: "desc" },
          take: 1,
        },
        author: userRef,
      },
    },
  });
  if (!skill || !skill.currentVersion) return null;
  const access = accessOf(skill);
  return toSkillHistory(actor, {
    skill: { ...skill, currentVersion: skill.currentVersion.number, syncedFrom: sourceOf(skill)?.url ?? null },
    versions: skill.versions.map(({ revisions, ...v }) => ({ ...v, revision: revisions[0] ?? null })),
    labels: skill.labels.map((l) => ({ name: l.name, version: l.version.number })),
    pins: await skillReferences(db, skillId, access),
    policy: skill.scope === "TEAM" ? await teamPolicy(db, skill.teamId) : DIRECT_POLICY,
  });
}

/** A kept version as the history reads it, with the latest revision that proposed it (if any). */
export type HistoryVersionRow = {
  number: number;
  message: string;
  createdAt: Date;
  totalBytes: number;
  fileCount: number;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  errorCount: number;
  warningCount: number;
  scanHighest: string | null;
  reviewStatus: string;
  publishedAt: Date | null;
  author: { id: string; name: string } | null;
  revision: { number: number; baseVersion: number | null; request: { id: string; state: "open" | "merged" | "withdrawn"; revision: number } } | null;
} & Parameters<typeof toProvenance>[0];

/** What a history is made of, however it was read. */
export interface HistoryFacts {
  skill: SkillAccess & { id: string; name: string; team: { id: string; name: string } | null; currentVersion: number; syncedFrom: string | null };
  /** Oldest first. */
  versions: readonly HistoryVersionRow[];
  labels: readonly { name: string; version: number }[];
  /** The profiles that use the skill: each pin's version and whether it holds (skillReferences). */
  pins: readonly { pinnedVersion: number | null; holds: boolean }[];
  /** The skill's team's review policy (direct for any other skill). */
  policy: ReviewPolicy;
}

/** The history listSkillVersions and the versions page show, from what they read. */
export function toSkillHistory(actor: Actor, facts: HistoryFacts): SkillHistory {
  const { skill } = facts;
  // Only counts leave this function: whose profiles pin a version is not the viewer's business.
  // Only pins that hold count (prune spares just those; the others follow the current version).
  const pinnedBy = new Map<number, number>();
  for (const ref of facts.pins) {
    if (ref.holds && ref.pinnedVersion !== null) pinnedBy.set(ref.pinnedVersion, (pinnedBy.get(ref.pinnedVersion) ?? 0) + 1);
  }

  const current = skill.currentVersion;
  const labelled = labelsByVersion(facts.labels, null);
  const versions: VersionHistoryItem[] = [];
  const kept = new Map<number, VersionHistoryItem>();
  // Deltas are against what a version was built on: a proposal's base, else the last published
  // version before it (an unpublished proposal in between was never what anyone had).
  let lastPublished: VersionHistoryItem | null = null;
  for (const v of facts.versions) {
    const total = v.catalogTokens + v.bodyTokens + v.resourceTokens;
    const revision = v.revision;
    const previous = (revision?.baseVersion != null ? kept.get(revision.baseVersion) : undefined) ?? lastPublished;
    const item: VersionHistoryItem = {
      number: v.number,
      author: v.author,
      message: v.message,
      createdAt: v.createdAt,
      totalBytes: v.totalBytes,
      fileCount: v.fileCount,
      tokens: { catalog: v.catalogTokens, body: v.bodyTokens, resources: v.resourceTokens, total },
      predecessor: previous?.number ?? null,
      tokenDelta: previous ? total - previous.tokens.total : null,
      byteDelta: previous ? v.totalBytes - previous.totalBytes : null,
      errorCount: v.errorCount,
      warningCount: v.warningCount,
      scanHighest: v.scanHighest,
      reviewStatus: v.reviewStatus,
      pinnedBy: pinnedBy.get(v.number) ?? 0,
      labels: labelled.get(v.number) ?? [],
      current: v.number === current,
      published: v.publishedAt !== null,
      proposal: revision ? { requestId: revision.request.id, state: proposalState(revision, v.publishedAt !== null) } : null,
      provenance: toProvenance(v),
    };
    versions.push(item);
    kept.set(v.number, item);
    if (item.published) lastPublished = item;
  }
  const access = accessOf(skill);
  return {
    skill: { id: skill.id, name: skill.name, scope: skill.scope, team: skill.team, currentVersion: current, syncedFrom: skill.syncedFrom },
    versions: versions.reverse(),
    labelNames: [
      ...STANDARD_LABELS,
      ...facts.labels
        .map((l) => l.name)
        .filter(isCustomLabel)
        .sort(),
    ],
    reviewedLabels: skill.scope === "TEAM" ? [...reviewedLabels(facts.policy)] : [],
    can: { addVersion: canAddVersion(actor, access), manage: canManageSkill(actor, access) },
  };
}

/** A later revision of its request replaced it (whatever became of the request), unless it was itself published. */
function proposalState(
  revision: { number: number; request: { state: "open" | "merged" | "withdrawn"; revision: number } },
  published: boolean,
): NonNullable<VersionHistoryItem["proposal"]>["state"] {
  return !published && revision.number < revision.request.revision ? "superseded" : revision.request.state;
}

/**
 * The difference between two versions of a visible skill (`from` is the older side), or null when
 * the skill or either version is not visible or does not exist.
 */
export async function diffSkillVersions(
  viewer: ViewerRef,
  skillId: string,
  from: number,
  to: number,
  options?: DiffOptions,
): Promise<VersionComparison | null> {
  const actor = await loadActor(db, viewer);
  const skill = await findVisibleSkill(db, actor, skillId, { id: true, name: true });
  if (!skill) return null;
  const refs = await db.skillVersion.findMany({
    where: { skillId, number: { in: [from, to] } },
    select: { id: true, number: true, message: true, createdAt: true, author: userRef },
  });
  const fromRef = refs.find((r) => r.number === from);
  const toRef = refs.find((r) => r.number === to);
  if (!fromRef || !toRef) return null;
  const { before, after } = await readDiffInputs(fromRef.id, toRef.id);
  const ref = ({ id: _id, ...rest }: typeof fromRef) => rest satisfies VersionRef;
  return { skill: { id: skill.id, name: skill.name }, from: ref(fromRef), to: ref(toRef), diff: diffSkillFiles(before, after, options) };
}

/**
 * Some files of the difference between two versions, whole (the compare page leaves big diffs'
 * later bodies out and loads them with this); null as diffSkillVersions. Paths not in it are left out.
 */
export async function diffSkillVersionFiles(
  viewer: ViewerRef,
  skillId: string,
  from: number,
  to: number,
  paths: readonly string[],
): Promise<FileDiff[] | null> {
  const actor = await loadActor(db, viewer);
  if (!(await findVisibleSkill(db, actor, skillId, { id: true }))) return null;
  const refs = await db.skillVersion.findMany({ where: { skillId, number: { in: [from, to] } }, select: { id: true, number: true } });
  const fromRef = refs.find((r) => r.number === from);
  const toRef = refs.find((r) => r.number === to);
  if (!fromRef || !toRef) return null;
  const { before, after } = await readDiffInputs(fromRef.id, toRef.id, new Set(paths));
  return diffSkillFiles(before, after).files.filter((f) => f.status !== "unchanged");
}
