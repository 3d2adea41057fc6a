import { addTextFile, editText, entryText, findEntry, SKILL_MD, type Draft, type DraftBaseFile } from "@/lib/skills/draft/draft";
import { parseSkillMd } from "@/lib/skills/format/skill-md";
import { parseTriggerTests, serializeTriggerTests, TRIGGER_TESTS_PATH, type TriggerTest, type TriggerTestsParse } from "@/lib/skills/format/trigger-tests";

// The draft's evals/triggers.json as the editor's Trigger tests panel sees it: read, written back
// as rows (creating the file when the draft has none), and whether a description A/B measured
// exactly what is about to be saved. The raw JSON stays editable in the code editor: both edit
// the same draft file.

export interface DraftTriggerTests {
  exists: boolean;
  /** null when the file is missing or not text. */
  text: string | null;
  parse: TriggerTestsParse;
  /** The tests can be edited as rows: the file is missing, or reads without a problem. */
  editable: boolean;
  /** The tests as they would run (only when the file reads without a problem). */
  runnable: TriggerTest[] | null;
}

export function draftTriggerTests(draft: Draft, base: ReadonlyMap<string, DraftBaseFile>): DraftTriggerTests {
  const entry = findEntry(draft, TRIGGER_TESTS_PATH);
  if (!entry) return { exists: false, text: null, parse: { tests: [], findings: [] }, editable: true, runnable: null };
  const text = entryText(draft, entry, base);
  if (text === null)
    return {
      exists: true,
      text: null,
      parse: { tests: [], findings: [{ severity: "warning", code: "trigger-tests-invalid", message: "is not a text file", path: TRIGGER_TESTS_PATH }] },
      editable: false,
      runnable: null,
    };
  const parse = parseTriggerTests(text);
  const clean = parse.findings.length === 0;
  return { exists: true, text, parse, editable: clean, runnable: clean && parse.tests.length ? parse.tests : null };
}

/** The panel's rows as the file keeps them: a row still without a request is work in progress, not a broken test. */
export const rowsToSave = (rows: readonly TriggerTest[]): TriggerTest[] => rows.filter((row) => row.query.trim() !== "");

/** The draft with these rows as its evals/triggers.json (added when it has none). */
export function withTriggerTests(draft: Draft, baseFiles: readonly DraftBaseFile[], rows: readonly TriggerTest[]): Draft {
  const text = serializeTriggerTests(rows);
  return findEntry(draft, TRIGGER_TESTS_PATH) ? editText(draft, baseFiles, TRIGGER_TESTS_PATH, text) : addTextFile(draft, TRIGGER_TESTS_PATH, text);
}

/** SKILL.md's description, trimmed; null when there is none to read. */
export function descriptionOf(skillMd: string | null | undefined): string | null {
  if (!skillMd) return null;
  const value = parseSkillMd(skillMd).frontmatter?.description;
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** The base version's description, from its SKILL.md. */
export function baseDescription(base: ReadonlyMap<string, DraftBaseFile>): string | null {
  return descriptionOf(base.get(SKILL_MD)?.text);
}

/** The draft's description is new: worth an A/B against the base version's before saving. */
export function descriptionChanged(baseText: string | null, draftText: string | null): boolean {
  return draftText !== null && baseText !== null && draftText !== baseText;
}

export interface MeasuredAb {
  /** The proposed (B) arm's stored run. */
  runId: string;
  description: string;
  tests: TriggerTest[];
}

const sameTests = (a: readonly TriggerTest[], b: readonly TriggerTest[]) =>
  a.length === b.length && a.every((t, i) => t.query === b[i].query && t.shouldTrigger === b[i].shouldTrigger);

/** The A/B measured what is being saved (its proposed description, these very tests): its B run can become the new version's run. */
export function abMatchesSave(ab: MeasuredAb | null, saved: { description: string | null; tests: readonly TriggerTest[] | null }): boolean {
  return ab !== null && saved.description === ab.description && saved.tests !== null && sameTests(ab.tests, saved.tests);
}
