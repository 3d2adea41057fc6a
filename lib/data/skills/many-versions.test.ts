import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const data = await import("./");
afterAll(cleanup);

const { ada } = await createCast(db);

// bench:load's writers leave one skill with about 1,500 versions; its page failed with Prisma's
// "query parameter limit ... exceeded" (P2029): the versions' labels were read with every version
// id bound as a parameter, past SQLite's 999.
const VERSIONS = 1_200;

describe("a skill with more versions than a statement takes parameters", () => {
  it("still opens, with every version and its labels", async () => {
    const { skillId } = await data.createSkill(ada, { skill: makeSkill("long-history"), destination: { scope: "PERSONAL" } });
    const { id: _id, number: _number, createdAt: _createdAt, ...first } = await db.skillVersion.findFirstOrThrow({ where: { skillId } });
    await db.skillVersion.createMany({ data: Array.from({ length: VERSIONS - 1 }, (_, i) => ({ ...first, number: i + 2, message: `v${i + 2}` })) });
    const oldest = await db.skillVersion.findFirstOrThrow({ where: { skillId, number: 1 }, select: { id: true } });
    await db.skillLabel.create({ data: { skillId, versionId: oldest.id, name: "stable" } });

    const skill = await data.getSkill(ada, skillId);
    expect(skill?.versions).toHaveLength(VERSIONS);
    expect(skill?.versions.find((v) => v.number === 1)?.labels).toEqual(["stable"]);

    const page = await data.getSkillPage(ada, skillId);
    expect(page?.skill.versions).toHaveLength(VERSIONS);
    expect(page?.skill.versions.find((v) => v.number === 1)?.labels).toEqual(["stable"]);

    const history = await data.listSkillVersions(ada, skillId);
    expect(history?.versions).toHaveLength(VERSIONS);
    expect(history?.versions.find((v) => v.number === 1)?.labels).toEqual(["stable"]);
    expect((await data.getSkillVersionsPage(ada, skillId))?.history).toEqual(history);
    expect((await data.getSkillManageInfo(ada, skillId))?.versions).toHaveLength(VERSIONS);
  });
});
