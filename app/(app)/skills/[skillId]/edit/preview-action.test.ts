import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";

// The live preview is a server action: anyone signed in can post to it with any skill id, so it
// must answer only for skills the caller may edit (as the editor page does), not render on demand.

let viewer = { id: "ada", name: "ada", email: "ada@example.com", role: "USER" as "ADMIN" | "USER" };
vi.mock("@/lib/data/core/session", () => ({ requireViewer: async () => viewer, getViewer: async () => viewer }));

const { db, cleanup } = await createTestDatabase();
const skills = await import("@/lib/data/skills");
const { renderDraftPreviewAction } = await import("./preview-action");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "grace");
const signIn = (id: string, role: "ADMIN" | "USER" = "USER") => (viewer = { id, name: id, email: `${id}@example.com`, role });

const draft = (skillId: string) => ({
  skillId,
  baseVersion: 1,
  path: "SKILL.md",
  text: "---\nname: preview-me\ndescription: Previews. Use when testing.\n---\n\n# Hello\n\nSee [missing](references/nope.md).\n",
  files: [{ path: "SKILL.md", mediaType: "text/markdown" }],
});

describe("renderDraftPreviewAction", () => {
  it("renders the draft for whoever may edit the skill, with its broken links", async () => {
    signIn("ada", "ADMIN");
    const personal = await skills.createSkill({ id: "ada" }, { skill: makeSkill("preview-mine"), destination: { scope: "PERSONAL" } });
    const result = await renderDraftPreviewAction(draft(personal.skillId));
    expect(result.ok).toBe(true);
    expect(result.ok && result.brokenLinks).toEqual([{ from: "SKILL.md", path: "references/nope.md", suggestion: null, image: false }]);
  });

  it("answers not found for a skill the caller cannot see, cannot edit, or that does not exist", async () => {
    signIn("ada", "ADMIN");
    const personal = await skills.createSkill({ id: "ada" }, { skill: makeSkill("preview-private"), destination: { scope: "PERSONAL" } });
    const published = await skills.createSkill({ id: "ada" }, { skill: makeSkill("preview-public"), destination: { scope: "PUBLIC" } });
    signIn("grace");
    for (const skillId of [personal.skillId, published.skillId, "no-such-skill"]) {
      expect(await renderDraftPreviewAction(draft(skillId)), skillId).toEqual({ ok: false, message: "Skill not found." });
    }
  });
});
