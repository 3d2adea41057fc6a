import { describe, expect, it } from "vitest";
import { canBindTools, canSetTeamBoundTools, toolBindingRefusal, type ToolBindingFacts } from "./bound-tools";
import type { Actor } from "./permissions";

const facts = (patch: Partial<ToolBindingFacts>): ToolBindingFacts => ({ scope: "PUBLIC", team: null, version: 3, reviewStatus: "none", ...patch });
const platform = (allowBoundTools: boolean) => ({ name: "Platform", allowBoundTools });

describe("toolBindingRefusal: who may bind tools", () => {
  it("offers the tools of built-in and public skills", () => {
    expect(toolBindingRefusal(facts({ scope: "BUILTIN" }))).toBeNull();
    expect(toolBindingRefusal(facts({ scope: "PUBLIC" }))).toBeNull();
    expect(canBindTools(facts({ scope: "PUBLIC", reviewStatus: "reviewed" }))).toBe(true);
  });

  it("offers a team skill's tools only when the team's owners allow it", () => {
    expect(toolBindingRefusal(facts({ scope: "TEAM", team: platform(true) }))).toBeNull();
    expect(toolBindingRefusal(facts({ scope: "TEAM", team: platform(false) }))).toBe(
      "team Platform does not allow bound tools (a team owner can turn it on in the team's settings)",
    );
  });

  it("never offers a personal skill's tools, whatever else holds", () => {
    expect(toolBindingRefusal(facts({ scope: "PERSONAL" }))).toBe(
      "personal skills cannot bind tools; publish it or move it to a team whose owners allow bound tools",
    );
    expect(canBindTools(facts({ scope: "PERSONAL", reviewStatus: "reviewed" }))).toBe(false);
  });

  it("never offers the tools of a version that needs review, built-in and public included", () => {
    expect(toolBindingRefusal(facts({ reviewStatus: "needs_review" }))).toBe("v3 needs security review before its tools can run");
    expect(canBindTools(facts({ scope: "BUILTIN", reviewStatus: "needs_review" }))).toBe(false);
    expect(canBindTools(facts({ scope: "TEAM", team: platform(true), reviewStatus: "needs_review" }))).toBe(false);
  });

  it("never offers the tools of a version let in by an override", () => {
    expect(toolBindingRefusal(facts({ version: 7, reviewStatus: "override" }))).toBe(
      "v7 was let in over a critical security finding, so its tools cannot run; a version without the finding can bind them",
    );
  });

  it("names every reason that applies, the scope's first", () => {
    expect(toolBindingRefusal(facts({ scope: "TEAM", team: platform(false), reviewStatus: "needs_review" }))).toBe(
      "team Platform does not allow bound tools (a team owner can turn it on in the team's settings); v3 needs security review before its tools can run",
    );
  });
});

describe("canSetTeamBoundTools", () => {
  it("is for the team's owners only: not its admins, members, other teams' owners or instance admins", () => {
    const actor = (role: Actor["role"], teamRoles: Actor["teamRoles"]): Actor => ({ id: "u", role, teamRoles });
    expect(canSetTeamBoundTools(actor("USER", { t1: "OWNER" }), "t1")).toBe(true);
    expect(canSetTeamBoundTools(actor("USER", { t1: "ADMIN" }), "t1")).toBe(false);
    expect(canSetTeamBoundTools(actor("USER", { t1: "MEMBER" }), "t1")).toBe(false);
    expect(canSetTeamBoundTools(actor("USER", { t2: "OWNER" }), "t1")).toBe(false);
    expect(canSetTeamBoundTools(actor("ADMIN", {}), "t1")).toBe(false);
  });
});
