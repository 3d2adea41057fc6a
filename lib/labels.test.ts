import { describe, expect, it } from "vitest";
import { auditDetailPairs, auditSummary, destinationKey, destinationOfKey, placeLabel, scopeName } from "./labels";

describe("labels", () => {
  it("names scopes and places one way", () => {
    expect(["PERSONAL", "TEAM", "PUBLIC", "BUILTIN"].map((s) => scopeName(s as never))).toEqual(["Personal", "Team", "Public", "Built-in"]);
    expect(placeLabel("TEAM", "Platform")).toBe("Team Platform");
    expect(placeLabel("TEAM", null)).toBe("a team");
    expect(placeLabel("BUILTIN")).toBe("Built-in");
  });

  it("round-trips destination keys and refuses keys that name nothing", () => {
    for (const destination of [{ scope: "PERSONAL" as const }, { scope: "PUBLIC" as const }, { scope: "TEAM" as const, teamId: "t1" }]) {
      expect(destinationOfKey(destinationKey(destination))).toEqual(destination);
    }
    expect(destinationKey({ scope: "TEAM", teamId: "t1" })).toBe("team:t1");
    expect(destinationOfKey("team:")).toBeNull();
    expect(destinationOfKey("builtin")).toBeNull();
  });

  it("sums up audit events with team names the viewer knows", () => {
    const names = new Map([["t1", "Platform"]]);
    expect(auditSummary("skill.scope", { from: { scope: "PERSONAL", teamId: null }, to: { scope: "TEAM", teamId: "t1" } }, names)).toBe(
      "Personal → Team Platform",
    );
    expect(auditSummary("skill.scope", { from: { scope: "TEAM", teamId: "gone" }, to: { scope: "PUBLIC" } }, names)).toBe("a team → Public");
    expect(auditSummary("skill.prune", { deleted: [1, 2] }, names)).toBe("removed v1, v2");
    expect(auditSummary("skill.download", {}, names)).toBeNull();
    expect(auditSummary("skill.tool", { tool: "convert_units", exitCode: 0, timedOut: false, durationMs: 84 }, names)).toBe("convert_units: exit 0 in 84 ms");
    expect(auditSummary("skill.tool", { tool: "convert_units", exitCode: null, timedOut: true, durationMs: 30_012 }, names)).toBe(
      "convert_units: timed out after 30.0 s",
    );
  });

  it("sums up account, setting, token, team and scan-report events for the admin trail", () => {
    const none = new Map<string, string>();
    expect(auditSummary("user.role", { userId: "u1", from: "USER", to: "ADMIN" }, none)).toBe("User → Admin");
    expect(auditSummary("user.disable", { sessionsEnded: 2 }, none)).toBe("signed out of 2 sessions");
    expect(auditSummary("user.disable", { sessionsEnded: 0 }, none)).toBe("had no open sessions");
    expect(auditSummary("user.enable", { email: "x@example.com" }, none)).toBeNull();
    expect(auditSummary("instance.setting", { key: "teamCreation", from: "anyone", to: "admins" }, none)).toBe("Team creation: anyone → admins");
    expect(auditSummary("team.bound-tools", { from: false, to: true }, none)).toBe("bound tools off → on");
    expect(auditSummary("team.member.role", { from: "MEMBER", to: "OWNER" }, none)).toBe("Member → Owner");
    expect(auditSummary("token.create", { name: "ci", scope: "read" }, none)).toBe("“ci”, read scope");
    expect(auditSummary("scan.report", { rule: "secret", file: "a.sh", line: 3, note: "test key" }, none)).toBe("secret in a.sh:3: “test key”");
  });

  it("lists the plain details of events no summary covers", () => {
    expect(auditDetailPairs("scan.rescan", { userId: "u1", all: true, scanned: 4, note: "", nested: { a: 1 } })).toBe("all: true · scanned: 4 · nested: a 1");
    expect(auditDetailPairs("user.enable", { userId: "u1", email: "x@example.com", name: "X" })).toBe("");
  });

  it("renders places, people and nested values by name, never as raw JSON or ids", () => {
    const teams = new Map([["cmx1", "Platform"]]);
    const users = new Map([["u2", "Grace Hopper"]]);
    const pairs = auditDetailPairs("x.y", { to: { scope: "TEAM", teamId: "cmx1" }, authorId: "u2", approvers: ["OWNER", "ADMIN"] }, teams, users);
    expect(pairs).toBe("to: Team Platform · authorId: Grace Hopper · approvers: OWNER, ADMIN");
    expect(pairs).not.toMatch(/[{}"]|cmx1/);
    expect(
      auditSummary("review.merge", { requestId: "r1", revision: 2, kind: "move", authorId: "u2", to: { scope: "TEAM", teamId: "cmx1" } }, teams, users),
    ).toBe("merged Grace Hopper's request for a move to Team Platform (revision 2)");
    expect(auditSummary("review.propose", { requestId: "r1", kind: "version", baseVersion: 1 }, teams, users)).toBe("proposed a new version");
    expect(auditSummary("review.changes", { requestId: "r1", revision: 1, note: "Say why" }, teams, users)).toBe("asked for changes to the request: “Say why”");
  });

  it("sums up sign-ups, sign-ins and refused sign-ins", () => {
    const none = new Map<string, string>();
    expect(auditSummary("auth.sign-in", { userId: "u1", method: "password", address: "203.0.113.7" }, none)).toBe("with a password from 203.0.113.7");
    expect(auditSummary("auth.sign-up", { userId: "u1", method: "sso", address: null }, none)).toBe("through single sign-on");
    expect(auditSummary("auth.sign-in-failed", { email: "x@example.com", reason: "Invalid email or password", address: "203.0.113.7" }, none)).toBe(
      "as x@example.com from 203.0.113.7: “Invalid email or password”",
    );
  });
});
