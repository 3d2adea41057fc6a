import { describe, expect, it } from "vitest";
import { approvalsText, emptyInboxText, requestKindText } from "./inbox-text";

describe("requestKindText", () => {
  it("names a new version by its number", () => {
    expect(requestKindText({ kind: "version", target: null, versionNumber: 5 })).toBe("new version v5");
    expect(requestKindText({ kind: "version", target: null, versionNumber: null })).toBe("new version");
  });

  it("names a move by its destination", () => {
    expect(requestKindText({ kind: "move", target: { scope: "TEAM", team: { id: "t", name: "Platform" } }, versionNumber: null })).toBe(
      "move to Team Platform",
    );
    expect(requestKindText({ kind: "move", target: { scope: "PUBLIC", team: null }, versionNumber: null })).toBe("publish to Public");
    expect(requestKindText({ kind: "move", target: { scope: "PERSONAL", team: null }, versionNumber: null })).toBe("move to Personal");
  });
});

describe("approvalsText", () => {
  it("counts against the requirement", () => {
    expect(approvalsText({ approvals: 1, requiredApprovals: 2 })).toBe("1 of 2 approvals");
    expect(approvalsText({ approvals: 0, requiredApprovals: 1 })).toBe("0 of 1 approval");
  });
});

describe("emptyInboxText", () => {
  it("explains each open tab", () => {
    expect(emptyInboxText("for-me", "open", false).title).toBe("Nothing waits for your review");
    expect(emptyInboxText("mine", "open", false).title).toBe("You have no open requests");
    expect(emptyInboxText("all", "open", false).title).toBe("No open review requests");
  });

  it("names the state and the skill filter", () => {
    expect(emptyInboxText("mine", "merged", true).title).toBe("You have no merged requests on this skill");
    expect(emptyInboxText("all", "all", false).title).toBe("No review requests");
  });
});
