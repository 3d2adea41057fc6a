import "server-only";
import type { Db, Tx } from "@/lib/db/client";

/**
 * Who "owns" a skill for notifications: its owner where the skill has one (personal and public
 * skills), else whoever wrote its first version. Per-skill owners (CODEOWNERS-like) replace this by
 * registering a resolver: every notification of a skill's change asks here.
 */
export type SkillOwnersResolver = (client: Db | Tx, skillId: string) => Promise<string[]>;

const creatorOf: SkillOwnersResolver = async (client, skillId) => {
  const skill = await client.skill.findUnique({
    where: { id: skillId },
    select: { ownerId: true, versions: { orderBy: { number: "asc" }, take: 1, select: { authorId: true } } },
  });
  const owner = skill?.ownerId ?? skill?.versions[0]?.authorId;
  return owner ? [owner] : [];
};

const state = globalThis as unknown as { skillshelfSkillOwners?: SkillOwnersResolver };

export function setSkillOwnersResolver(resolver: SkillOwnersResolver | null): void {
  state.skillshelfSkillOwners = resolver ?? undefined;
}

export function skillOwnerIds(client: Db | Tx, skillId: string): Promise<string[]> {
  return (state.skillshelfSkillOwners ?? creatorOf)(client, skillId);
}
