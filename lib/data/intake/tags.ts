import "server-only";
import { tagsFromMetadata } from "@/lib/skills/tags/tags";
import type { Destination } from "@/lib/skills/permissions/permissions";
import type { Db, Tx } from "@/lib/db/client";
import { readFrontmatter } from "../core/json-columns";

// The tags a skill may carry where it lives, and the first ones a new skill gets from its SKILL.md.
// The tag editing itself (a team's list, a skill's tags) is lib/data/skills/tags.ts.

/** A team's tag names, the choices for its skills' tags. */
export async function teamTagNames(client: Db | Tx, teamId: string): Promise<string[]> {
  return (await client.teamTag.findMany({ where: { teamId }, orderBy: { name: "asc" }, select: { name: true } })).map((t) => t.name);
}

/** The tags allowed on a skill where it lives: its team's list, or null (free) elsewhere. */
export async function allowedTags(client: Db | Tx, skill: { scope: string; teamId: string | null }): Promise<Set<string> | null> {
  return skill.scope === "TEAM" && skill.teamId ? new Set(await teamTagNames(client, skill.teamId)) : null;
}

/** A new skill's first tags, from its SKILL.md's metadata.tags (only the team's listed ones for a team skill). */
export async function writeInitialTags(tx: Tx, skillId: string, frontmatterJson: string, destination: Destination): Promise<void> {
  const teamId = destination.scope === "TEAM" ? (destination.teamId ?? null) : null;
  const tags = tagsFromMetadata(readFrontmatter(frontmatterJson), await allowedTags(tx, { scope: destination.scope, teamId }));
  if (tags.length) await tx.skillTag.createMany({ data: tags.map((name) => ({ skillId, name })) });
}
