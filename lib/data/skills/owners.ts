import "server-only";
import { canSetSkillOwners, MAX_SKILL_OWNERS, ownerEntriesProblem, OWNER_ROLE_LABELS, type OwnerEntry } from "@/lib/skills/owners/owners";
import { canViewSkill, type Actor, type SkillAccess } from "@/lib/skills/permissions/permissions";
import type { Db, Tx } from "@/lib/db/client";
import { db } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { lockRow } from "@/lib/db/locks";
import type { SkillMeta, SkillOwnerView } from "@/lib/types/skill-meta";
import { loadActor, type ViewerRef } from "../core/actor";
import { DataError } from "../errors";
import { requireSkill } from "../core/skill-access";
import { ownerEntriesOf } from "../core/owner-ids";
import { audit } from "../notifications/audit";

// Per-skill owners (lib/skills/owners/owners.ts), CODEOWNERS-like: people or a role of the skill's
// team, asked first for review (notifications/record.ts) and told of the skill's changes.

const entryKey = (entry: OwnerEntry) => (entry.kind === "user" ? `user:${entry.userId}` : `role:${entry.role}`);

/** The active accounts among these ids as the rules see them, with their names. */
async function peopleOf(client: Db | Tx, ids: readonly string[]): Promise<Map<string, Actor & { name: string }>> {
  if (!ids.length) return new Map();
  const users = await client.user.findMany({
    where: { id: { in: [...ids] }, disabledAt: null },
    select: { id: true, name: true, role: true, memberships: { select: { teamId: true, role: true } } },
  });
  return new Map(
    users.map((u) => [u.id, { id: u.id, name: u.name, role: u.role, teamRoles: Object.fromEntries(u.memberships.map((m) => [m.teamId, m.role])) }]),
  );
}

/** Replace a skill's owners: whoever may edit it (a team's owners and admins too). Audited "skill.owners". */
export async function setSkillOwners(viewer: ViewerRef, skillId: string, input: readonly OwnerEntry[]): Promise<OwnerEntry[]> {
  const entries = [...new Map(input.map((entry) => [entryKey(entry), entry])).values()];
  // Before any read: a form with thousands of ids would otherwise become one oversized IN list.
  if (entries.length > MAX_SKILL_OWNERS)
    throw new DataError("INVALID", `A skill has at most ${MAX_SKILL_OWNERS} owners; ${entries.length} were given.`, { field: "owners" });
  return db.$transaction(async (tx) => {
    await lockRow(tx, "Skill", skillId);
    const actor = await loadActor(tx, viewer);
    const skill = await requireSkill(tx, actor, skillId, "view");
    if (!canSetSkillOwners(actor, skill.access))
      throw new DataError("FORBIDDEN", skill.scope === "BUILTIN" ? "Built-in skills are read-only." : "You cannot change who owns this skill.");
    const people = await peopleOf(
      tx,
      entries.flatMap((e) => (e.kind === "user" ? [e.userId] : [])),
    );
    const problem = ownerEntriesProblem(entries, skill.access, people);
    if (problem) throw new DataError("INVALID", problem, { field: "owners" });
    const before = (await ownerEntriesOf(tx, skillId)).map(entryKey);
    await tx.skillOwner.deleteMany({ where: { skillId } });
    for (const entry of entries)
      await tx.skillOwner.create({ data: { skillId, ...(entry.kind === "user" ? { userId: entry.userId } : { teamRole: entry.role }) } });
    await audit(tx, {
      actorId: actor.id,
      action: "skill.owners",
      skillId,
      skillName: skill.name,
      teamId: skill.teamId,
      detail: { from: before, to: entries.map(entryKey) },
    });
    return entries;
  });
}

/** A skill's owners as its page names them. */
export async function ownerViews(client: Db | Tx, skillId: string): Promise<SkillOwnerView[]> {
  const entries = await ownerEntriesOf(client, skillId);
  const names = await peopleOf(
    client,
    entries.flatMap((e) => (e.kind === "user" ? [e.userId] : [])),
  );
  return entries.flatMap((entry): SkillOwnerView[] => {
    if (entry.kind === "role") return [{ kind: "role", role: entry.role, label: OWNER_ROLE_LABELS[entry.role] }];
    const person = names.get(entry.userId);
    return person ? [{ kind: "user", id: person.id, name: person.name }] : [];
  });
}

/** Who may be made an owner of this skill: the people who can read it (for a public skill, its author and the instance admins), and team roles. */
export async function ownerChoices(client: Db | Tx, skill: SkillAccess & { teamId: string | null }): Promise<SkillMeta["ownerChoices"]> {
  if (skill.scope === "TEAM" && skill.teamId)
    return teamOwnerChoices(await client.$queryRaw<{ id: string; name: string }[]>(teamMembersToChoose(skill.teamId)));
  const where = skill.scope === "PERSONAL" ? { id: skill.ownerId ?? "" } : { OR: [{ role: "ADMIN" as const }, { id: skill.ownerId ?? "" }] };
  const users = await client.user.findMany({
    where: { AND: [where, { disabledAt: null }] },
    orderBy: { name: "asc" },
    select: { id: true, name: true },
    take: MAX_OWNER_CHOICES,
  });
  const people = await peopleOf(
    client,
    users.map((u) => u.id),
  );
  return { people: byName(users.filter((u) => canViewSkill(people.get(u.id)!, skill))), roles: [] };
}

/** The most people an owner picker offers, the first by name. */
const MAX_OWNER_CHOICES = 200;

/**
 * A team skill's choices of people: its team's members with enabled accounts, who all read it
 * (`id`, `name`; the first MAX_OWNER_CHOICES by name). A query of its own, or a part of the skill
 * page's names statement (lib/data/skills/page.ts), answered by teamOwnerChoices.
 */
export const teamMembersToChoose = (teamId: string) => Prisma.sql`
  SELECT u."id" AS "id", u."name" AS "name" FROM "user" u
  WHERE u."disabledAt" IS NULL AND EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = u."id" AND m."teamId" = ${teamId})
  ORDER BY u."name" LIMIT ${MAX_OWNER_CHOICES}`;

/** A team skill's owner choices from teamMembersToChoose's rows: those people and the team's roles. */
export const teamOwnerChoices = (members: { id: string; name: string }[]): SkillMeta["ownerChoices"] => ({
  people: byName(members.map(({ id, name }) => ({ id, name }))),
  roles: ["OWNER", "ADMIN", "MEMBER"],
});

// Sorted here: the databases' collations order "ada" and "Grace" differently.
const byName = <T extends { id: string; name: string }>(people: T[]) => people.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
