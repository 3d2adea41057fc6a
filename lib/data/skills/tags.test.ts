import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, makeSkill, refusal } from "@/lib/test/support";

// Tags and stars through the data layer (SQLite here, PostgreSQL in the database pass): a team's
// list, a skill's tags chosen from it, metadata.tags (comma-separated text: the validator keeps
// metadata a map of strings) as a new skill's first tags, the list's tag
// filter with its facet counts, and each user's own star with the Starred filter.

const { db, cleanup } = await createTestDatabase();
const skills = await import("./");
const tags = await import("./tags");
const { setSkillStar } = await import("./stars");
const { getSkillMeta } = await import("./meta");
const { team, ada, grace, linus } = await createCast(db, { team: { ada: "OWNER", grace: "MEMBER" } });
afterAll(cleanup);

const create = async (viewer: { id: string }, name: string, destination: Parameters<typeof skills.createSkill>[1]["destination"], frontmatter = "") =>
  (await skills.createSkill(viewer, { skill: makeSkill(name, { frontmatter }), destination })).skillId!;

describe("a team's tag list", () => {
  it("is kept by its owners and admins, with clear refusals", async () => {
    expect(await tags.addTeamTag(ada, team.id, "  PDF ")).toEqual({ name: "pdf" });
    await tags.addTeamTag(ada, team.id, "ops");
    expect((await refusal(tags.addTeamTag(grace, team.id, "charts"))).message).toBe("Only the team's owners and admins manage its tag list.");
    expect((await refusal(tags.addTeamTag(linus, team.id, "charts"))).code).toBe("NOT_FOUND");
    expect((await refusal(tags.addTeamTag(ada, team.id, "pdf"))).message).toBe('The team already has the tag "pdf".');
    expect((await refusal(tags.addTeamTag(ada, team.id, "x".repeat(40)))).message).toMatch(/is too long: a tag has at most 32 characters/);
    expect((await refusal(tags.addTeamTag(ada, team.id, "a/b"))).message).toMatch(/"a\/b" is not a tag name/);
    expect(await tags.listTeamTags(grace, team.id)).toEqual({
      tags: [
        { name: "ops", skillCount: 0 },
        { name: "pdf", skillCount: 0 },
      ],
      canManage: false,
    });
    expect(await tags.listTeamTags(linus, team.id)).toBeNull();
  });
});

describe("a skill's tags", () => {
  it("start from metadata.tags: the team's listed ones on a team skill, all well-formed ones on a personal one", async () => {
    const teamSkill = await create(grace, "team-report", { scope: "TEAM", teamId: team.id }, "metadata:\n  tags: pdf, charts\n");
    const mine = await create(grace, "my-report", { scope: "PERSONAL" }, 'metadata:\n  tags: "pdf, Data Viz"\n');
    expect((await getSkillMeta(grace, teamSkill))?.tags).toEqual(["pdf"]);
    expect((await getSkillMeta(grace, mine))?.tags).toEqual(["data-viz", "pdf"]);
    expect((await getSkillMeta(grace, teamSkill))?.tagChoices).toEqual(["ops", "pdf"]);
    expect((await getSkillMeta(grace, mine))?.tagChoices).toBeNull();
  });

  it("on a team skill come from the team's list; members tag, outsiders cannot see it", async () => {
    const skillId = await create(ada, "deploy-notes", { scope: "TEAM", teamId: team.id });
    expect(await tags.setSkillTags(grace, skillId, ["ops", "pdf"])).toEqual(["ops", "pdf"]);
    const unknown = await refusal(tags.setSkillTags(grace, skillId, "ops, charts"));
    expect(unknown.code).toBe("INVALID");
    expect(unknown.message).toMatch(/^Unknown tag "charts"/);
    expect((await refusal(tags.setSkillTags(linus, skillId, ["ops"]))).code).toBe("NOT_FOUND");
    expect((await getSkillMeta(grace, skillId))?.tags).toEqual(["ops", "pdf"]);
  });

  it("leave the team's skills when the team drops the tag", async () => {
    const skillId = await create(ada, "old-tagged", { scope: "TEAM", teamId: team.id });
    await tags.addTeamTag(ada, team.id, "legacy");
    await tags.setSkillTags(ada, skillId, ["legacy"]);
    expect(await tags.removeTeamTag(ada, team.id, "legacy")).toEqual({ untagged: 1 });
    expect((await getSkillMeta(ada, skillId))?.tags).toEqual([]);
    expect((await refusal(tags.removeTeamTag(ada, team.id, "legacy"))).message).toBe('The team has no tag "legacy".');
  });

  it("filter the list, and the facet counts what each tag would show under the other filters", async () => {
    const facets = (await skills.listSkillFacets(grace, {})).tags;
    expect(facets).toEqual([
      { name: "pdf", count: 3 },
      { name: "data-viz", count: 1 },
      { name: "ops", count: 1 },
    ]);
    expect((await skills.listSkillFacets(grace, { scope: "personal" })).tags).toEqual([
      { name: "data-viz", count: 1 },
      { name: "pdf", count: 1 },
    ]);
    const tagged = await skills.listSkills(grace, { tag: "pdf" });
    expect(tagged.items.map((s) => s.name).sort()).toEqual(["deploy-notes", "my-report", "team-report"]);
    expect(tagged.items.find((s) => s.name === "deploy-notes")?.tags).toEqual(["ops", "pdf"]);
    expect((await skills.listSkills(grace, { tag: "pdf", q: "report" })).items.map((s) => s.name).sort()).toEqual(["my-report", "team-report"]);
    expect((await skills.listSkillFacets(grace, { q: "deploy" })).tags).toEqual([
      { name: "ops", count: 1 },
      { name: "pdf", count: 1 },
    ]);
    expect((await skills.listSkillFacets(grace, { tag: "ops" })).counts.all).toBe(1);
    // Linus sees none of these skills, so no tag of theirs.
    expect((await skills.listSkillFacets(linus, {})).tags).toEqual([]);
  });
});

describe("stars", () => {
  it("are each user's own: a toggle, a count on the card, and the Starred filter", async () => {
    const skillId = await create(ada, "starred-skill", { scope: "TEAM", teamId: team.id });
    expect(await setSkillStar(grace, skillId, true)).toEqual({ starred: true, starCount: 1 });
    expect(await setSkillStar(grace, skillId, true)).toEqual({ starred: true, starCount: 1 });
    expect(await setSkillStar(ada, skillId, true)).toEqual({ starred: true, starCount: 2 });
    expect((await refusal(setSkillStar(linus, skillId, true))).code).toBe("NOT_FOUND");
    expect((await skills.listSkills(grace, { starred: true })).items.map((s) => [s.name, s.starCount])).toEqual([["starred-skill", 2]]);
    expect(await getSkillMeta(grace, skillId)).toMatchObject({ starred: true, starCount: 2 });
    expect(await setSkillStar(grace, skillId, false)).toEqual({ starred: false, starCount: 1 });
    expect((await skills.listSkills(grace, { starred: true })).items).toEqual([]);
    expect((await skills.listSkills(ada, { starred: true })).items.map((s) => s.name)).toEqual(["starred-skill"]);
  });
});
