import { describe, expect, it } from "vitest";
import type { Actor, SkillAccess } from "../permissions/permissions";
import { canSetSkillOwners, ownerEntriesProblem, resolveOwnerIds, reviewersToAsk, roleCovers } from "./owners";

const team: SkillAccess = { scope: "TEAM", ownerId: null, teamId: "t1" };
const personal: SkillAccess = { scope: "PERSONAL", ownerId: "m", teamId: null };
const person = (id: string, teamRoles: Actor["teamRoles"] = {}) => [id, { id, name: id.toUpperCase(), role: "USER" as const, teamRoles }] as const;

describe("skill owners", () => {
  it("a role covers members with at least that role", () => {
    expect(["OWNER", "ADMIN", "MEMBER"].map((r) => roleCovers("ADMIN", r as "OWNER"))).toEqual([true, true, false]);
    expect(roleCovers("MEMBER", "MEMBER")).toBe(true);
  });

  it("resolve to people first, then the role's members, each once", () => {
    const members = [
      { userId: "o", role: "OWNER" as const },
      { userId: "a", role: "ADMIN" as const },
      { userId: "m", role: "MEMBER" as const },
    ];
    expect(
      resolveOwnerIds(
        [
          { kind: "user", userId: "m" },
          { kind: "role", role: "ADMIN" },
          { kind: "user", userId: "o" },
        ],
        members,
      ),
    ).toEqual(["m", "o", "a"]);
  });

  it("must be able to read the skill; roles only on team skills", () => {
    const people = new Map([person("m", { t1: "MEMBER" }), person("x")]);
    expect(
      ownerEntriesProblem(
        [
          { kind: "user", userId: "m" },
          { kind: "role", role: "OWNER" },
        ],
        team,
        people,
      ),
    ).toBeNull();
    expect(ownerEntriesProblem([{ kind: "user", userId: "x" }], team, people)).toBe("X cannot read this skill, so cannot own it.");
    expect(ownerEntriesProblem([{ kind: "user", userId: "ghost" }], team, people)).toMatch(/^Unknown user "ghost"/);
    expect(ownerEntriesProblem([{ kind: "role", role: "ADMIN" }], personal, people)).toBe("Only a team skill can be owned by a team role.");
  });

  it("are set by whoever may edit the skill", () => {
    const [, member] = person("m", { t1: "MEMBER" });
    const [, outsider] = person("x", { t2: "OWNER" });
    expect([member, outsider].map((a) => canSetSkillOwners(a, team))).toEqual([true, false]);
  });

  it("are asked first for review when eligible, else every eligible reviewer is", () => {
    expect(reviewersToAsk(["a", "b", "c"], ["c", "z"])).toEqual(["c"]);
    expect(reviewersToAsk(["a", "b"], ["z"])).toEqual(["a", "b"]);
  });
});
