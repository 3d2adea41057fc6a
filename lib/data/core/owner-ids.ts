import "server-only";
import { resolveOwnerIds, type OwnerEntry } from "@/lib/skills/owners/owners";
import type { Db, Tx } from "@/lib/db/client";

// Who a skill's owners are, as user ids: what notifications of its changes and its review requests
// ask. Kept apart from the writes (skill-owners.ts) so notifications read it without importing them.

/** The stored entries of a skill's owners, people first. */
export async function ownerEntriesOf(client: Db | Tx, skillId: string): Promise<OwnerEntry[]> {
  const rows = await client.skillOwner.findMany({
    where: { skillId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { userId: true, teamRole: true },
  });
  const entries = rows.flatMap((row): OwnerEntry[] =>
    row.userId ? [{ kind: "user", userId: row.userId }] : row.teamRole ? [{ kind: "role", role: row.teamRole }] : [],
  );
  return [...entries.filter((e) => e.kind === "user"), ...entries.filter((e) => e.kind === "role")];
}

/** The people a skill's owners stand for (a role entry: its team's members with that role or above); empty when none are set. */
export async function explicitOwnerIds(client: Db | Tx, skillId: string): Promise<string[]> {
  const entries = await ownerEntriesOf(client, skillId);
  if (!entries.length) return [];
  const skill = await client.skill.findUnique({ where: { id: skillId }, select: { scope: true, teamId: true } });
  const members =
    skill?.scope === "TEAM" && skill.teamId && entries.some((e) => e.kind === "role")
      ? await client.membership.findMany({ where: { teamId: skill.teamId }, select: { userId: true, role: true } })
      : [];
  return resolveOwnerIds(entries, members);
}

/**
 * Who is told of a skill's changes: its owners where set; otherwise its owner where the skill has
 * one (personal and public skills), else whoever wrote its first version.
 */
export async function skillOwnerIds(client: Db | Tx, skillId: string): Promise<string[]> {
  const explicit = await explicitOwnerIds(client, skillId);
  if (explicit.length) return explicit;
  const skill = await client.skill.findUnique({
    where: { id: skillId },
    select: { ownerId: true, versions: { orderBy: { number: "asc" }, take: 1, select: { authorId: true } } },
  });
  const owner = skill?.ownerId ?? skill?.versions[0]?.authorId;
  return owner ? [owner] : [];
}
