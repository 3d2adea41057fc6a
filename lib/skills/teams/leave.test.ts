import { describe, expect, it } from "vitest";
import { leaveRefusal } from "./leave";

describe("leaveRefusal", () => {
  const team = (...roles: ("OWNER" | "ADMIN" | "MEMBER")[]) => roles.map((role, i) => ({ userId: `u${i}`, role }));

  it("refuses the only owner, with what to do instead", () => {
    expect(leaveRefusal(team("OWNER", "ADMIN", "MEMBER"), "u0")).toMatch(/only owner: make someone else owner before you leave, or delete the team/);
    expect(leaveRefusal(team("OWNER"), "u0")).not.toBeNull();
  });

  it("lets an owner with a co-owner, an admin and a member leave", () => {
    expect(leaveRefusal(team("OWNER", "OWNER"), "u0")).toBeNull();
    expect(leaveRefusal(team("OWNER", "ADMIN", "MEMBER"), "u1")).toBeNull();
    expect(leaveRefusal(team("OWNER", "ADMIN", "MEMBER"), "u2")).toBeNull();
    expect(leaveRefusal(team("OWNER"), "stranger")).toBeNull();
  });
});
