import { describe, expect, it } from "vitest";
import { canAdministerInstance, userDisableRefusal, userEnableRefusal, userRoleRefusal, type Actor, type UserAccountFacts } from "./permissions";

const admin: Actor = { id: "a1", role: "ADMIN", teamRoles: {} };
const teamOwner: Actor = { id: "u1", role: "USER", teamRoles: { t1: "OWNER" } };
const user = (id: string, role: "ADMIN" | "USER" = "USER", disabled = false): UserAccountFacts => ({ id, role, disabled });

describe("instance administration rules", () => {
  it("belongs to instance admins only; a team owner is nobody here", () => {
    expect(canAdministerInstance(admin)).toBe(true);
    expect(canAdministerInstance(teamOwner)).toBe(false);
    expect(userRoleRefusal(teamOwner, user("u2"), "ADMIN", 1)?.code).toBe("FORBIDDEN");
    expect(userDisableRefusal(teamOwner, user("u2"), 1)?.code).toBe("FORBIDDEN");
    expect(userEnableRefusal(teamOwner)?.code).toBe("FORBIDDEN");
    expect(userEnableRefusal(admin)).toBeNull();
  });

  it("never demotes the last active admin, themselves included; with a second admin it may", () => {
    expect(userRoleRefusal(admin, user("a1", "ADMIN"), "USER", 1)).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("last active instance admin"),
    });
    expect(userRoleRefusal(admin, user("a1", "ADMIN"), "USER", 2)).toBeNull();
    expect(userRoleRefusal(admin, user("u2"), "ADMIN", 1)).toBeNull();
    // A disabled admin is not the one keeping the instance administered.
    expect(userRoleRefusal(admin, user("a2", "ADMIN", true), "USER", 1)).toBeNull();
  });

  it("never disables oneself or the last active admin", () => {
    expect(userDisableRefusal(admin, user("a1", "ADMIN"), 2)).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("your own account") });
    expect(userDisableRefusal(admin, user("a2", "ADMIN"), 1)?.code).toBe("CONFLICT");
    expect(userDisableRefusal(admin, user("a2", "ADMIN"), 2)).toBeNull();
    expect(userDisableRefusal(admin, user("u2"), 1)).toBeNull();
  });
});
