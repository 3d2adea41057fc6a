import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const skills = await import("../skills");
const { listServedSkills } = await import("./mcp-skills");
const { listDeliveredSkills } = await import("./discovery");
const { ada } = await createCast(db);
afterAll(cleanup);

/** `count` copies of one of ada's personal skills, written as rows (creating each through the data layer takes minutes). */
async function copiesOf(skillId: string, count: number) {
  const { id: _id, skillId: _skill, ...version } = await db.skillVersion.findFirstOrThrow({ where: { skillId } });
  const skill = await db.skill.findUniqueOrThrow({ where: { id: skillId } });
  const names = Array.from({ length: count }, (_, i) => `bulk-${String(i).padStart(4, "0")}`);
  await db.skill.createMany({
    data: names.map((name) => ({ id: `sk-${name}`, name, scope: skill.scope, ownerId: skill.ownerId, space: skill.space, versionCount: 1 })),
  });
  await db.skillVersion.createMany({ data: names.map((name) => ({ ...version, id: `sv-${name}`, skillId: `sk-${name}`, name })) });
  await db.$executeRawUnsafe(`UPDATE "Skill" SET "currentVersionId" = 'sv-' || "name" WHERE "name" LIKE 'bulk-%'`);
}

describe("the skills delivered to agents (discovery index, delivery links, MCP Skills extension)", () => {
  it("lists every skill of a catalog past a thousand, as the discovery index does (a query with that many bound values was refused)", async () => {
    const first = await skills.createSkill(ada, { skill: makeSkill("first-skill"), destination: { scope: "PERSONAL" } });
    await copiesOf(first.skillId, 1_050);
    expect((await listDeliveredSkills(ada)).filter((skill) => skill.name.startsWith("bulk-"))).toHaveLength(1_050);
    const served = await listServedSkills(ada, null);
    const bulk = served.filter((skill) => skill.name.startsWith("bulk-"));
    expect(bulk).toHaveLength(1_050);
    expect(bulk[0]).toMatchObject({ name: "bulk-0000", version: 1, frontmatter: { name: "first-skill" } });
  });
});
