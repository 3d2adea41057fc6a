import { describe, expect, it } from "vitest";
import { createDraft, draftChanges, editText, SKILL_MD, type DraftBaseFile } from "@/lib/skills/draft/draft";
import { TRIGGER_TESTS_PATH } from "@/lib/skills/format/trigger-tests";
import { abMatchesSave, baseDescription, descriptionChanged, descriptionOf, draftTriggerTests, rowsToSave, withTriggerTests } from "./trigger-draft";

const skillMd = (description: string) => `---\nname: notes\ndescription: ${description}\n---\n\n# Notes\n`;
const file = (path: string, text: string): DraftBaseFile => ({ path, size: text.length, sha256: path, mediaType: "text/plain", text });
const baseFiles = [file(SKILL_MD, skillMd("Writes notes. Use when asked for notes."))];
const baseMap = (files: DraftBaseFile[]) => new Map(files.map((f) => [f.path, f]));

describe("draftTriggerTests / withTriggerTests", () => {
  it("creates evals/triggers.json in a draft without one, one test per line, and reads it back", () => {
    const draft = createDraft("s", 1, baseFiles);
    expect(draftTriggerTests(draft, baseMap(baseFiles))).toMatchObject({ exists: false, editable: true, runnable: null });
    const rows = [
      { query: "Take notes of this call", shouldTrigger: true },
      { query: "Write a poem", shouldTrigger: false },
    ];
    const next = withTriggerTests(draft, baseFiles, rows);
    expect(draftChanges(next, baseFiles)).toEqual([{ path: TRIGGER_TESTS_PATH, kind: "added" }]);
    const read = draftTriggerTests(next, baseMap(baseFiles));
    expect(read.text).toBe('[\n  {"query":"Take notes of this call","should_trigger":true},\n  {"query":"Write a poem","should_trigger":false}\n]\n');
    expect(read.runnable).toEqual(rows);
  });

  it("edits an existing file in place, and writing the stored tests back leaves the draft unchanged", () => {
    const stored = '[\n  {"query":"Take notes","should_trigger":true}\n]\n';
    const files = [...baseFiles, file(TRIGGER_TESTS_PATH, stored)];
    const draft = createDraft("s", 1, files);
    const same = withTriggerTests(draft, files, [{ query: "Take notes", shouldTrigger: true }]);
    expect(draftChanges(same, files)).toEqual([]);
    const changed = withTriggerTests(draft, files, [{ query: "Take notes", shouldTrigger: false }]);
    expect(draftChanges(changed, files)).toEqual([{ path: TRIGGER_TESTS_PATH, kind: "modified" }]);
  });

  it("keeps a row still without a request out of the file", () => {
    const rows = [
      { query: "Take notes", shouldTrigger: true },
      { query: "  ", shouldTrigger: false },
    ];
    expect(rowsToSave(rows)).toEqual([rows[0]]);
  });

  it("does not offer rows over a file with problems (the rows would drop what they cannot show)", () => {
    const files = [...baseFiles, file(TRIGGER_TESTS_PATH, "[{")];
    const draft = createDraft("s", 1, files);
    const read = draftTriggerTests(draft, baseMap(files));
    expect(read).toMatchObject({ exists: true, editable: false, runnable: null });
    expect(read.parse.findings[0].message).toMatch(/not valid JSON/);
    const typed = editText(draft, files, TRIGGER_TESTS_PATH, '[{"query": "", "should_trigger": true}]');
    expect(draftTriggerTests(typed, baseMap(files)).parse.findings[0]).toMatchObject({ message: 'test 1: "query" must be a non-empty string', line: 1 });
  });
});

describe("descriptions", () => {
  it("reads SKILL.md's description, trimmed, and says whether the draft's differs from the base's", () => {
    expect(descriptionOf(skillMd("  Spaced.  "))).toBe("Spaced.");
    expect(descriptionOf("no frontmatter")).toBeNull();
    const base = baseDescription(baseMap(baseFiles));
    expect(base).toBe("Writes notes. Use when asked for notes.");
    expect(descriptionChanged(base, "Writes notes. Use when asked for notes.")).toBe(false);
    expect(descriptionChanged(base, "Writes meeting notes.")).toBe(true);
    expect(descriptionChanged(base, null)).toBe(false);
  });
});

describe("abMatchesSave", () => {
  const tests = [{ query: "Take notes", shouldTrigger: true }];
  const ab = { runId: "r", description: "New.", tests };
  it("files the A/B only when the saved description and tests are the ones it measured", () => {
    expect(abMatchesSave(ab, { description: "New.", tests: [{ query: "Take notes", shouldTrigger: true }] })).toBe(true);
    expect(abMatchesSave(ab, { description: "Newer.", tests })).toBe(false);
    expect(abMatchesSave(ab, { description: "New.", tests: [{ query: "Take notes", shouldTrigger: false }] })).toBe(false);
    expect(abMatchesSave(ab, { description: "New.", tests: null })).toBe(false);
    expect(abMatchesSave(null, { description: "New.", tests })).toBe(false);
  });
});
