import "server-only";
import { canManageTeamTags, canTagSkill, MAX_TEAM_TAGS, normalizeTag, parseTagList, skillTagsProblem, tagNameProblem } from "@/lib/skills/tags/tags";
import type { Actor } from "@/lib/skills/permissions/permissions";
import { db } from "@/lib/db/server";
import { lockRow } from "@/lib/db/locks";
import type { TeamTags } from "@/lib/types/skill-meta";
import { loadActor, type ViewerRef } from "../core/actor";
import { DataError } from "../errors";
import { requireSkill } from "../core/skill-access";
import { audit } from "../notifications/audit";
import { allowedTags, teamTagNames } from "../intake/tags";

// Tags (lib/skills/tags/tags.ts): a team's tag list, kept by its owners and admins, and the tags of
// one skill, chosen from its team's list (free on personal and public skills). A new skill starts
// with its SKILL.md's metadata.tags (lib/data/intake/tags.ts).

function requireMember(actor: Actor, teamId: string): void {
  // Not a member (instance admins included): the team looks like it does not exist, as on its page.
  if (!actor.teamRoles[teamId]) throw new DataError("NOT_FOUND", "Team not found.");
}

function requireTagManager(actor: Actor, teamId: string): void {
  requireMember(actor, teamId);
  if (!canManageTeamTags(actor, teamId)) throw new DataError("FORBIDDEN", "Only the team's owners and admins manage its tag list.");
}

/** A team's tag list with each tag's count of skills; null for whoever is not a member. */
export async function listTeamTags(viewer: ViewerRef, teamId: string): Promise<TeamTags | null> {
  const actor = await loadActor(db, viewer);
  if (!actor.teamRoles[teamId]) return null;
  const [names, counts] = await Promise.all([
    teamTagNames(db, teamId),
    db.skillTag.groupBy({ by: ["name"], where: { skill: { scope: "TEAM", teamId } }, _count: { _all: true } }),
  ]);
  const count = new Map(counts.map((c) => [c.name, c._count._all]));
  return { tags: names.map((name) => ({ name, skillCount: count.get(name) ?? 0 })), canManage: canManageTeamTags(actor, teamId) };
}

/** Add a tag to a team's list (normalized); audited "team.tag.add". */
export async function addTeamTag(viewer: ViewerRef, teamId: string, raw: string): Promise<{ name: string }> {
  const name = normalizeTag(raw);
  const problem = tagNameProblem(name);
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    requireTagManager(actor, teamId);
    if (problem) throw new DataError("INVALID", problem, { field: "name" });
    await lockRow(tx, "Team", teamId);
    const existing = await teamTagNames(tx, teamId);
    if (existing.includes(name)) throw new DataError("CONFLICT", `The team already has the tag "${name}".`, { field: "name" });
    if (existing.length >= MAX_TEAM_TAGS) throw new DataError("INVALID", `A team has at most ${MAX_TEAM_TAGS} tags: remove one first.`, { field: "name" });
    await tx.teamTag.create({ data: { teamId, name } });
    await audit(tx, { actorId: actor.id, action: "team.tag.add", teamId, detail: { tag: name } });
    return { name };
  });
}

/** Remove a tag from a team's list and from the team's skills; audited "team.tag.remove". */
export async function removeTeamTag(viewer: ViewerRef, teamId: string, name: string): Promise<{ untagged: number }> {
  return db.$transaction(async (tx) => {
    const actor = await loadActor(tx, viewer);
    requireTagManager(actor, teamId);
    const removed = await tx.teamTag.deleteMany({ where: { teamId, name } });
    if (!removed.count) throw new DataError("NOT_FOUND", `The team has no tag "${name}".`);
    const untagged = await tx.skillTag.deleteMany({ where: { name, skill: { scope: "TEAM", teamId } } });
    await audit(tx, { actorId: actor.id, action: "team.tag.remove", teamId, detail: { tag: name, untagged: untagged.count } });
    return { untagged: untagged.count };
  });
}

/** Replace a skill's tags: whoever may edit it; a team skill's from the team's list. Audited "skill.tags". */
export async function setSkillTags(viewer: ViewerRef, skillId: string, input: string | readonly string[]): Promise<string[]> {
  const tags = parseTagList(input);
  return db.$transaction(async (tx) => {
    await lockRow(tx, "Skill", skillId);
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view");
    if (!canTagSkill(actor, skill.access))
      throw new DataError("FORBIDDEN", skill.scope === "BUILTIN" ? "Built-in skills are read-only." : "You cannot change this skill's tags.");
    const problem = skillTagsProblem(tags, await allowedTags(tx, skill.access));
    if (problem) throw new DataError("INVALID", problem, { field: "tags" });
    const before = (await tx.skillTag.findMany({ where: { skillId }, select: { name: true } })).map((t) => t.name);
    await tx.skillTag.deleteMany({ where: { skillId, name: { notIn: tags } } });
    const added = tags.filter((tag) => !before.includes(tag));
    if (added.length) await tx.skillTag.createMany({ data: added.map((name) => ({ skillId, name })) });
    await audit(tx, {
      actorId: actor.id,
      action: "skill.tags",
      skillId,
      skillName: skill.name,
      teamId: skill.teamId,
      detail: { from: before.sort(), to: [...tags].sort() },
    });
    return [...tags].sort();
  });
}
