import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

const { db, cleanup } = await createTestDatabase();
const data = await import("./");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
const ada = { id: "ada" };
const grace = { id: "grace" };

describe("readSkillFiles", () => {
  it("reads several files of one version, leaves unknown paths out, and answers null to whoever may not see the skill", async () => {
    const created = await data.createSkill(ada, {
      skill: makeSkill("notes", { files: { "references/a.md": "# A\n", "references/b.md": "# B\n" } }),
      destination: { scope: "PERSONAL" },
    });
    await data.addSkillVersion(ada, created.skillId, { skill: makeSkill("notes", { files: { "references/a.md": "# A2\n" } }), message: "v2" });

    const v1 = await data.readSkillFiles(ada, created.skillId, 1, ["references/a.md", "references/b.md", "nope.md", "references/a.md"]);
    expect([...v1!.keys()].sort()).toEqual(["references/a.md", "references/b.md"]);
    expect(new TextDecoder().decode(v1!.get("references/a.md")!.bytes)).toBe("# A\n");
    expect(v1!.get("references/b.md")).toMatchObject({ size: 4, mediaType: "text/markdown" });

    const v2 = await data.readSkillFiles(ada, created.skillId, 2, ["references/a.md", "references/b.md"]);
    expect(new TextDecoder().decode(v2!.get("references/a.md")!.bytes)).toBe("# A2\n");
    expect(v2!.has("references/b.md")).toBe(false);

    expect(await data.readSkillFiles(ada, created.skillId, 3, ["references/a.md"])).toBeNull();
    expect(await data.readSkillFiles(grace, created.skillId, 1, ["references/a.md"])).toBeNull();
    expect(await data.readSkillFiles(ada, created.skillId, 1, [])).toEqual(new Map());
  });
});
