import { describe, expect, it } from "vitest";
import { describeReferences, referenceHolds, summarizeReferences } from "./references";

const user = (id: string, teamRoles: Record<string, "OWNER" | "ADMIN" | "MEMBER"> = {}, role: "ADMIN" | "USER" = "USER") => ({ id, role, teamRoles });

describe("referenceHolds", () => {
  it("holds only for people who may manage the skill", () => {
    const team = { scope: "TEAM" as const, ownerId: null, teamId: "t1" };
    expect(referenceHolds(user("o", { t1: "OWNER" }), team)).toBe(true);
    expect(referenceHolds(user("m", { t1: "MEMBER" }), team)).toBe(false);
    const pub = { scope: "PUBLIC" as const, ownerId: null, teamId: null };
    expect(referenceHolds(user("a", {}, "ADMIN"), pub)).toBe(true);
    expect(referenceHolds(user("r"), pub)).toBe(false);
    expect(referenceHolds(user("a", {}, "ADMIN"), { scope: "BUILTIN", ownerId: null, teamId: null })).toBe(false);
  });
});

describe("summarizeReferences and describeReferences", () => {
  const refs = [
    { profileId: "p2", profileName: "Zeta", ownerId: "me", holds: true },
    { profileId: "p1", profileName: "Alpha", ownerId: "me", holds: true },
    { profileId: "p3", profileName: "Theirs", ownerId: "them", holds: false },
  ];
  it("keeps the viewer's own by name and only counts the rest", () => {
    const summary = summarizeReferences("me", refs);
    expect(summary).toEqual({
      mine: [
        { profileId: "p1", profileName: "Alpha" },
        { profileId: "p2", profileName: "Zeta" },
      ],
      others: 1,
      holding: 2,
    });
    expect(describeReferences(summary)).toBe("your profiles “Alpha”, “Zeta” and another person's profile");
    expect(JSON.stringify(summarizeReferences("them", refs))).not.toMatch(/Alpha|Zeta/);
    expect(describeReferences(summarizeReferences("nobody", refs))).toBe("3 other people's profiles");
    expect(describeReferences({ mine: [], others: 0 })).toBe("");
  });
});
