import type { Finding } from "./findings";

// A skill's trigger tests: requests that should make an agent load the skill and near misses that
// should not. Stored in the skill as `evals/triggers.json`, in the shape Anthropic's skill-creator
// uses for its description-optimisation eval set (a JSON array of {"query", "should_trigger"}), so
// the same file feeds skill-creator's scripts and ours. skill-creator keeps that set beside the
// skill's workspace; here it lives in the skill folder (next to skill-creator's evals/evals.json
// output evals), so it is versioned, reviewed and diffed with the description it tests.

export const TRIGGER_TESTS_PATH = "evals/triggers.json";

/** Enough for skill-creator's 8-10 + 8-10 many times over; a run costs a model call per test. */
export const MAX_TRIGGER_TESTS = 200;
export const MAX_TRIGGER_QUERY_CHARS = 2_000;

export interface TriggerTest {
  query: string;
  shouldTrigger: boolean;
}

export interface TriggerTestsParse {
  tests: TriggerTest[];
  /** Problems, each naming the item (1-based) and, where it has one, the line. */
  findings: Finding[];
}

const KNOWN_KEYS = new Set(["query", "should_trigger", "id", "note"]);

/**
 * Reads `evals/triggers.json`. Every problem is reported at once (not just the first), as a
 * warning: a skill that carries a file we cannot read is still a skill; only running its tests
 * needs them valid (see `triggerTestsError`).
 */
export function parseTriggerTests(text: string): TriggerTestsParse {
  const findings: Finding[] = [];
  const add = (message: string, line?: number) =>
    findings.push({ severity: "warning", code: "trigger-tests-invalid", message, path: TRIGGER_TESTS_PATH, ...(line ? { line } : {}) });
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(detail);
    add(`not valid JSON: ${detail}`, position ? lineAt(text, Number(position[1])) : undefined);
    return { tests: [], findings };
  }
  if (!Array.isArray(value)) {
    add('must be a JSON array of {"query": "...", "should_trigger": true|false}');
    return { tests: [], findings };
  }
  if (value.length > MAX_TRIGGER_TESTS) add(`has ${value.length} tests; a skill may have at most ${MAX_TRIGGER_TESTS}`);
  const tests: TriggerTest[] = [];
  const seen = new Map<string, number>();
  value.slice(0, MAX_TRIGGER_TESTS).forEach((item, index) => {
    const where = `test ${index + 1}`;
    const line = itemLine(text, index);
    if (!item || typeof item !== "object" || Array.isArray(item)) return add(`${where} must be an object with "query" and "should_trigger"`, line);
    const record = item as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.has(key));
    if (unknown.length > 0) add(`${where}: unknown key ${unknown.map((k) => JSON.stringify(k)).join(", ")} (expected "query" and "should_trigger")`, line);
    if (typeof record.query !== "string" || !record.query.trim()) return add(`${where}: "query" must be a non-empty string`, line);
    if (typeof record.should_trigger !== "boolean") return add(`${where}: "should_trigger" must be true or false`, line);
    const query = record.query.trim();
    if (query.length > MAX_TRIGGER_QUERY_CHARS) return add(`${where}: the query has ${query.length} characters; at most ${MAX_TRIGGER_QUERY_CHARS}`, line);
    const key = query.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) return add(`${where} repeats test ${earlier + 1}'s query`, line);
    seen.set(key, index);
    tests.push({ query, shouldTrigger: record.should_trigger });
  });
  return { tests, findings };
}

/** The file's text for these tests: one test per line, so a diff shows which test changed. */
export function serializeTriggerTests(tests: readonly TriggerTest[]): string {
  if (tests.length === 0) return "[]\n";
  const lines = tests.map((t) => `  ${JSON.stringify({ query: t.query, should_trigger: t.shouldTrigger })}`);
  return `[\n${lines.join(",\n")}\n]\n`;
}

/** Why these tests cannot be run, in one sentence naming the file and the first problem; null when they can. */
export function triggerTestsError(parse: TriggerTestsParse): string | null {
  const first = parse.findings[0];
  if (first) return `${TRIGGER_TESTS_PATH}${first.line ? `:${first.line}` : ""}: ${first.message}`;
  if (parse.tests.length === 0) return `${TRIGGER_TESTS_PATH} has no tests; add a request that should load the skill and one that should not`;
  return null;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < Math.min(offset, text.length); i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line an array item starts on, found by walking the JSON's top-level array (strings skipped). */
function itemLine(text: string, index: number): number | undefined {
  let depth = 0;
  let item = -1;
  let inString = false;
  let expectItem = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectItem && !/\s/.test(c) && c !== "]") {
      item++;
      expectItem = false;
      if (item === index) return lineAt(text, i);
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      depth++;
      if (depth === 1) expectItem = true;
    } else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expectItem = true;
  }
  return undefined;
}
