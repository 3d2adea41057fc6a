import { describe, expect, it } from "vitest";
import { describeSaveDraftProblem, saveDraftInput } from "./inputs";
import { DEFAULT_LIMITS } from "../format/limits";

const request = (entries: unknown, message = "Edit") => ({ skillId: "s1", baseVersion: "2", message, entries });

function problem(entries: unknown, message?: string) {
  const parsed = saveDraftInput.safeParse(request(entries, message));
  if (parsed.success) throw new Error("expected the request to be refused");
  return describeSaveDraftProblem(parsed.error.issues, entries);
}

describe("saveDraftInput", () => {
  it("accepts the three kinds of entry and coerces the form's base version", () => {
    const parsed = saveDraftInput.parse(
      request([
        { path: "SKILL.md", text: "x" },
        { path: "a.md", stored: { version: 1, path: "b.md" } },
        { path: "c.png", upload: 0 },
      ]),
    );
    expect(parsed.baseVersion).toBe(2);
    expect(parsed.entries).toHaveLength(3);
  });

  it("names the file an oversized or pathless entry is about", () => {
    const big = "x".repeat(DEFAULT_LIMITS.maxFileBytes + 1);
    expect(
      problem([
        { path: "SKILL.md", text: "x" },
        { path: "references/huge.md", text: big },
      ]),
    ).toEqual({ message: "references/huge.md: A text file is larger than the per-file limit." });
    expect(
      problem([
        { path: "SKILL.md", text: "x" },
        { path: "", text: "x" },
      ]),
    ).toEqual({ message: "File 2: A file has no path." });
    expect(problem([{ path: `${"a/".repeat(600)}x.md`, text: "x" }]).message).toMatch(/^(a\/){39}a…: A file path is too long\.$/);
  });

  it("calls an entry of no known shape damaged rather than listing what it is not", () => {
    expect(problem([{ path: "SKILL.md", bogus: 1 }]).message).toBe(
      "SKILL.md: the draft's record of this file is damaged; reload the editor (your changes are kept in this browser).",
    );
  });

  it("points a missing or long message at the message field, and refuses an empty or oversized draft", () => {
    expect(problem([{ path: "SKILL.md", text: "x" }], "   ")).toEqual({ message: "Describe the change in a short message.", field: "message" });
    expect(problem([{ path: "SKILL.md", text: "x" }], "m".repeat(201))).toEqual({ message: "Keep the message under 200 characters.", field: "message" });
    expect(problem([])).toEqual({ message: "The draft has no files." });
    expect(problem(Array.from({ length: DEFAULT_LIMITS.maxEntries + 1 }, (_, i) => ({ path: `f${i}.md`, text: "" }))).message).toBe(
      "A draft holds at most 5,000 files.",
    );
  });
});
