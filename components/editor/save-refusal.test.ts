import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/skills/format/findings";
import { saveRefusalOf } from "./save-refusal";

const finding: Finding = { severity: "error", code: "frontmatter-missing", path: "SKILL.md", message: "SKILL.md has no frontmatter" };

describe("saveRefusalOf", () => {
  it("reads a newer version saved meanwhile as a conflict to compare with", () => {
    expect(saveRefusalOf({ ok: false, code: "CONFLICT", message: "moved", details: { currentVersion: 4 } })).toEqual({
      conflictVersion: 4,
      findings: [],
      field: undefined,
    });
  });

  it("marks the name when the server says it is taken", () => {
    expect(saveRefusalOf({ ok: false, code: "CONFLICT", message: "taken", details: { findings: [], field: "name" } })).toEqual({
      conflictVersion: null,
      findings: [],
      field: "name",
    });
  });

  it("shows the validator's findings and the field of a refused draft", () => {
    expect(saveRefusalOf({ ok: false, code: "INVALID", message: "bad", details: { findings: [finding], field: "message" } })).toEqual({
      conflictVersion: null,
      findings: [finding],
      field: "message",
    });
  });

  it("shows a refusal about anything else (a permission, a scan gate) as its message alone", () => {
    expect(saveRefusalOf({ ok: false, code: "FORBIDDEN", message: "no", details: { findings: [{ rule: "x" }], field: "name" } })).toEqual({
      conflictVersion: null,
      findings: [],
      field: undefined,
    });
  });
});
