import { describe, expect, it } from "vitest";
import { readBundle } from "../archive/bundle";
import { parseTriggerTests, serializeTriggerTests, triggerTestsError, TRIGGER_TESTS_PATH, MAX_TRIGGER_TESTS } from "./trigger-tests";

describe("trigger tests file", () => {
  it("reads skill-creator's eval-set shape and writes it back one test per line", () => {
    const text = '[{"query": "split this pdf", "should_trigger": true}, {"query": "  merge two word files ", "should_trigger": false, "note": "docx"}]';
    const parsed = parseTriggerTests(text);
    expect(parsed.findings).toEqual([]);
    expect(parsed.tests).toEqual([
      { query: "split this pdf", shouldTrigger: true },
      { query: "merge two word files", shouldTrigger: false },
    ]);
    const written = serializeTriggerTests(parsed.tests);
    expect(written).toBe('[\n  {"query":"split this pdf","should_trigger":true},\n  {"query":"merge two word files","should_trigger":false}\n]\n');
    expect(parseTriggerTests(written).tests).toEqual(parsed.tests);
    expect(serializeTriggerTests([])).toBe("[]\n");
  });

  it("names the test and its line for every problem", () => {
    const text = [
      "[",
      '  {"query": "ok", "should_trigger": true},',
      '  {"query": "", "should_trigger": true},',
      '  {"query": "x", "should_trigger": "yes"},',
      '  {"query": "OK", "should_trigger": false},',
      '  {"query": "y", "should_trigger": true, "expected": 1},',
      "  3",
      "]",
    ].join("\n");
    const { tests, findings } = parseTriggerTests(text);
    expect(tests).toEqual([
      { query: "ok", shouldTrigger: true },
      { query: "y", shouldTrigger: true },
    ]);
    expect(findings.map((f) => [f.line, f.message])).toEqual([
      [3, 'test 2: "query" must be a non-empty string'],
      [4, 'test 3: "should_trigger" must be true or false'],
      [5, "test 4 repeats test 1's query"],
      [6, 'test 5: unknown key "expected" (expected "query" and "should_trigger")'],
      [7, 'test 6 must be an object with "query" and "should_trigger"'],
    ]);
    expect(findings.every((f) => f.path === TRIGGER_TESTS_PATH && f.severity === "warning")).toBe(true);
  });

  it("says what is wrong with a file that is not an array of tests", () => {
    const broken = parseTriggerTests('[{"query": "a",\n "should_trigger": true');
    expect(broken.tests).toEqual([]);
    expect(broken.findings[0].message).toMatch(/^not valid JSON/);
    expect(triggerTestsError(broken)).toMatch(/^evals\/triggers\.json(:\d+)?: not valid JSON/);
    expect(parseTriggerTests('{"query": "a"}').findings[0].message).toContain("must be a JSON array");
    expect(triggerTestsError(parseTriggerTests("[]"))).toBe(
      "evals/triggers.json has no tests; add a request that should load the skill and one that should not",
    );
    const many = JSON.stringify(Array.from({ length: MAX_TRIGGER_TESTS + 1 }, (_, i) => ({ query: `q${i}`, should_trigger: true })));
    const capped = parseTriggerTests(many);
    expect(capped.tests).toHaveLength(MAX_TRIGGER_TESTS);
    expect(capped.findings[0].message).toBe(`has ${MAX_TRIGGER_TESTS + 1} tests; a skill may have at most ${MAX_TRIGGER_TESTS}`);
  });

  it("is checked when a skill is read, as a warning that does not refuse the skill", () => {
    const enc = new TextEncoder();
    const bundle = readBundle({
      kind: "files",
      files: [
        { path: "s/SKILL.md", bytes: enc.encode("---\nname: s\ndescription: Does s things.\n---\nBody\n") },
        { path: "s/evals/triggers.json", bytes: enc.encode('[{"query": "do s", "should_trigger": 1}]') },
      ],
    });
    expect(bundle.ok).toBe(true);
    expect(bundle.skills[0].findings).toContainEqual(
      expect.objectContaining({ code: "trigger-tests-invalid", path: TRIGGER_TESTS_PATH, line: 1, message: 'test 1: "should_trigger" must be true or false' }),
    );
  });
});
