import "server-only";
import { db } from "@/lib/db/server";
import type { ViewerRef } from "../core/actor";
import { inBatches } from "../core/batches";
import { findDeliveredSkill, listDeliveredSkills, type DeliveredSkill } from "./discovery";
import { readFrontmatter } from "../core/json-columns";
import { recordDownload } from "../skills/audit";
import { openSkillFile } from "../skills/files";
import { noteMcp, noteOffered } from "../usage/notes";

// The skills the MCP server's Skills extension (SEP-2640) serves: exactly what the discovery index
// delivers to this viewer's agents (one skill per name, shadowing resolved, a profile's pins
// honoured), with each version's stored frontmatter, which the extension hands out verbatim.

export interface ServedSkill extends DeliveredSkill {
  /** Every SKILL.md frontmatter field as parsed at upload, in source order. */
  frontmatter: Record<string, unknown>;
}

/**
 * Every skill the viewer's agents get (or one profile's), sorted by name, at the label they follow
 * (`label` overrides it); NOT_FOUND for a profile that is not theirs. `offered`: the list is a
 * catalog an agent sees (skills/list), counted as L1.
 */
export async function listServedSkills(
  viewer: ViewerRef,
  profileId: string | null,
  options: { offered?: boolean; label?: string | null } = {},
): Promise<ServedSkill[]> {
  const skills = await withFrontmatter(await listDeliveredSkills(viewer, { profile: profileId, label: options.label ?? null }));
  if (options.offered) noteOffered(viewer, skills);
  return skills;
}

/** One skill's entry handed to an MCP client (skills/get): offered, not loaded. */
export function noteServedOffer(viewer: ViewerRef, skill: ServedSkill): void {
  noteOffered(viewer, [skill]);
}

/** The one skill of that name the viewer's agents get, or null. */
export async function findServedSkill(viewer: ViewerRef, name: string, profileId: string | null, label: string | null = null): Promise<ServedSkill | null> {
  const skill = await findDeliveredSkill(viewer, name, { profile: profileId, label });
  return skill ? ((await withFrontmatter([skill]))[0] ?? null) : null;
}

/**
 * The bytes of one file of a served skill's delivered version, or null when it is gone. Reading
 * its SKILL.md is a download in the audit trail, as load_skill's is (`via: "mcp"`): that is what
 * an agent reads to load the skill. Its other files are reads, which (like read_skill_resource
 * and the discovery index's files) record nothing, so one load counts once however many files follow.
 */
export async function readServedFile(viewer: ViewerRef, skill: DeliveredSkill, path: string, isSkillMd: boolean): Promise<Uint8Array | null> {
  const stored = await openSkillFile(viewer, skill.skillId, path, skill.version);
  if (!stored) return null;
  const bytes = await stored.content.read();
  if (isSkillMd) await recordDownload(viewer, skill.skillId, skill.version, { via: "mcp" });
  noteMcp(viewer, skill, isSkillMd ? null : path);
  return bytes;
}

async function withFrontmatter(skills: DeliveredSkill[]): Promise<ServedSkill[]> {
  const rows = await inBatches(
    skills.map((s) => s.versionId),
    (ids) => db.skillVersion.findMany({ where: { id: { in: ids } }, select: { id: true, frontmatter: true } }),
  );
  const byVersion = new Map(rows.map((row) => [row.id, row.frontmatter]));
  return skills.flatMap((skill) => {
    const text = byVersion.get(skill.versionId);
    return text === undefined ? [] : [{ ...skill, frontmatter: readFrontmatter(text) }];
  });
}
