import { describe, expect, it } from "vitest";
import { parseSkillTab, skillRoutes } from "./skill-routes";

describe("skillRoutes", () => {
  it("builds the current and pinned page URLs with file, view and hash", () => {
    const current = skillRoutes("abc", 2, false);
    expect(current.page()).toBe("/skills/abc");
    expect(current.file("references/api v2.md", "md-errors")).toBe("/skills/abc?file=references/api%20v2.md#md-errors");
    expect(current.file("SKILL.md")).toBe("/skills/abc");
    expect(current.page({ file: "a.md", view: "source", hash: "L3" })).toBe("/skills/abc?file=a.md&view=source#L3");
    const pinned = skillRoutes("abc", 1, true);
    expect(pinned.page({ view: "source" })).toBe("/skills/abc/v/1?view=source");
    expect(pinned.latest()).toBe("/skills/abc");
    expect(pinned.version(2)).toBe("/skills/abc/v/2");
  });

  it("serves bytes pinned to the version, each path segment encoded", () => {
    expect(skillRoutes("abc", 2, false).raw("assets/my #1?.png")).toBe("/api/skills/abc/files/assets/my%20%231%3F.png?v=2");
  });

  it("reaches the Tools tab, at a tool when named, and reads ?tab=", () => {
    expect(skillRoutes("abc", 2, false).tools()).toBe("/skills/abc?tab=tools");
    expect(skillRoutes("abc", 1, true).tools("lookup_order")).toBe("/skills/abc/v/1?tab=tools#tool-lookup_order");
    expect([parseSkillTab("tools"), parseSkillTab("security"), parseSkillTab("x"), parseSkillTab(undefined)]).toEqual(["tools", "security", "files", "files"]);
  });

  it("reaches the Triggers tab of the version shown", () => {
    expect(skillRoutes("abc", 2, false).triggers()).toBe("/skills/abc?tab=triggers");
    expect(skillRoutes("abc", 1, true).triggers()).toBe("/skills/abc/v/1?tab=triggers");
    expect(parseSkillTab("triggers")).toBe("triggers");
  });
});
