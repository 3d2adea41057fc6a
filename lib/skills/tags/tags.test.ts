import { describe, expect, it } from "vitest";
import type { Actor, SkillAccess } from "../permissions/permissions";
import { canManageTeamTags, canTagSkill, normalizeTag, parseTagList, skillTagsProblem, tagNameProblem, tagsFromMetadata } from "./tags";

describe("tag names", () => {
  it("are stored trimmed, lowercase, with dashes for spaces", () => {
    expect(normalizeTag("  Data Viz ")).toBe("data-viz");
    expect(parseTagList("PDF, pdf ,  , Data  Viz")).toEqual(["pdf", "data-viz"]);
  });

  it("say what is wrong with a bad name", () => {
    expect(tagNameProblem("ci-cd")).toBeNull();
    expect(tagNameProblem("k8s.v1+x")).toBeNull();
    expect(tagNameProblem("")).toBe("A tag needs a name.");
    expect(tagNameProblem("a".repeat(33))).toMatch(/too long: a tag has at most 32 characters/);
    expect(tagNameProblem("-dash")).toMatch(/is not a tag name/);
    expect(tagNameProblem("a/b")).toMatch(/"a\/b" is not a tag name/);
  });
});

describe("a skill's tags", () => {
  it("come from the team's list on a team skill and are free elsewhere", () => {
    const list = new Set(["pdf", "ops"]);
    expect(skillTagsProblem(["pdf"], list)).toBeNull();
    expect(skillTagsProblem(["pdf", "charts", "maps"], list)).toBe(
      `Unknown tags "charts", "maps": a team skill's tags come from the team's tag list, which its owners and admins keep.`,
    );
    expect(skillTagsProblem(["charts"], null)).toBeNull();
    expect(
      skillTagsProblem(
        Array.from({ length: 11 }, (_, i) => `t${i}`),
        null,
      ),
    ).toBe("A skill has at most 10 tags; 11 were given.");
  });

  it("start from metadata.tags, as a list or a comma-separated string, keeping what is allowed", () => {
    expect(tagsFromMetadata({ metadata: { tags: ["PDF", "Data Viz", 3, "bad/tag"] } }, null)).toEqual(["pdf", "data-viz"]);
    expect(tagsFromMetadata({ metadata: { tags: "pdf, ops, charts" } }, new Set(["pdf", "ops"]))).toEqual(["pdf", "ops"]);
    expect(tagsFromMetadata({ tags: ["top-level"] }, null)).toEqual([]);
    expect(tagsFromMetadata({ metadata: "x" }, null)).toEqual([]);
    expect(tagsFromMetadata(null, null)).toEqual([]);
  });
});

describe("who tags", () => {
  const member: Actor = { id: "m", role: "USER", teamRoles: { t1: "MEMBER" } };
  const manager: Actor = { id: "a", role: "USER", teamRoles: { t1: "ADMIN" } };
  const team: SkillAccess = { scope: "TEAM", ownerId: null, teamId: "t1" };
  const builtin: SkillAccess = { scope: "BUILTIN", ownerId: null, teamId: null };
  it("members tag their team's skills; only managers keep the list; nobody tags built-ins", () => {
    expect(canTagSkill(member, team)).toBe(true);
    expect(canTagSkill(manager, builtin)).toBe(false);
    expect([member, manager].map((a) => canManageTeamTags(a, "t1"))).toEqual([false, true]);
  });
});
