import { describe, expect, it } from "vitest";
import { auditSummary, destinationKey, destinationOfKey, placeLabel, scopeName } from "./labels";

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
  });
});
