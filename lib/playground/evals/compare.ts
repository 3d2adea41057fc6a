import { timeSlicer } from "../../skills/archive/steps";
import type { TriggerTest } from "../../skills/format/trigger-tests";
import type { SkillSource } from "../domain";
import { runTriggerTest, type TriggerEvalOptions, type TriggerTestResult } from "./run";
import { summarize, type TriggerEvalSummary } from "./score";
import { withDescription, withSubject, type EvalSubject } from "./subject";

// A description A/B: the same tests against the same catalog, once with each description. The
// model is never told there are two arms: each request carries only its own arm's catalog, with
// the skill under the same name in both. The arms' requests alternate, and which arm goes first
// changes from test to test, so neither gets the provider's warm cache or its rate-limit backoff.
//
// Conflicts go both ways: the skills that win this skill's should-trigger tests (competitors), and
// other skills' should-trigger tests (from their own evals/triggers.json) that this skill takes.

export interface OtherSkillTests {
  skill: string;
  tests: readonly TriggerTest[];
}

/** Another skill's request that loaded the skill under test instead of (or before) that skill. */
export interface TakenQuery {
  skill: string;
  query: string;
  disclosed: string[];
}

export interface ArmOutcome {
  description: string;
  results: TriggerTestResult[];
  summary: TriggerEvalSummary;
  /** Other skills' should-trigger requests this skill took in this arm. */
  takes: TakenQuery[];
}

export interface ArmsInput extends Omit<TriggerEvalOptions, "source" | "subject" | "tests"> {
  catalog: SkillSource;
  subject: EvalSubject;
  tests: readonly TriggerTest[];
  descriptions: readonly string[];
  /** Other catalog skills' tests, for the takes; only their should-trigger tests are run. */
  others?: readonly OtherSkillTests[];
  /** Which arm goes first on test i; defaults to alternating. */
  firstArm?: (index: number) => number;
  /** Told after each model request how many of the run's requests are done. */
  onProgress?: (progress: { done: number; total: number }) => void;
}

/** Runs the tests once per description (one arm each) and reports each arm. */
export async function runArms(input: ArmsInput): Promise<ArmOutcome[]> {
  const sources = input.descriptions.map((description) =>
    withSubject(input.catalog, { ...input.subject, skill: withDescription(input.subject.skill, description) }),
  );
  const name = input.subject.skill.name;
  const options = { model: input.model, modelId: input.modelId, mode: input.mode, instructions: input.instructions, signal: input.signal, subject: name };
  const arms = sources.map(() => ({ results: [] as TriggerTestResult[], takes: [] as TakenQuery[] }));
  const first = input.firstArm ?? ((i: number) => i % sources.length);
  const order = (i: number) => sources.map((_, k) => (first(i) + k) % sources.length);

  const othersTests = (input.others ?? [])
    .filter((o) => o.skill !== name)
    .flatMap((o) => o.tests.filter((t) => t.shouldTrigger).map((t) => ({ skill: o.skill, test: t })));
  const total = (input.tests.length + othersTests.length) * sources.length;
  let done = 0;
  // The offline router answers without any I/O, so a run is one long stretch of synchronous work:
  // on a server it would keep every other request waiting until the last test. Giving the event
  // loop a turn every few milliseconds keeps the server answering while a run goes.
  const slice = timeSlicer();

  // A provider that fails three times in a row (a bad key, no connection) is not asked the rest.
  let failures = 0;
  const ask = async (source: SkillSource, test: TriggerTest, subject: string): Promise<TriggerTestResult> => {
    if (failures >= GIVE_UP_AFTER) return notRun(test);
    const result = await runTriggerTest({ ...options, source, subject }, test);
    failures = result.error ? failures + 1 : 0;
    return result;
  };
  const attempt = async (source: SkillSource, test: TriggerTest, subject = name): Promise<TriggerTestResult> => {
    const result = await ask(source, test, subject);
    input.onProgress?.({ done: ++done, total });
    await slice();
    return result;
  };
  for (const [i, test] of input.tests.entries()) {
    for (const arm of order(i)) arms[arm].results.push(await attempt(sources[arm], test));
  }
  for (const [i, { skill, test }] of othersTests.entries()) {
    for (const arm of order(i)) {
      const result = await attempt(sources[arm], test, skill);
      const mine = result.disclosed.indexOf(name);
      const theirs = result.disclosed.indexOf(skill);
      if (mine !== -1 && (theirs === -1 || mine < theirs)) arms[arm].takes.push({ skill, query: test.query, disclosed: result.disclosed });
    }
  }
  return arms.map((arm, k) => ({ description: input.descriptions[k], results: arm.results, summary: summarize(arm.results), takes: arm.takes }));
}

const GIVE_UP_AFTER = 3;

function notRun(test: TriggerTest): TriggerTestResult {
  return {
    query: test.query,
    shouldTrigger: test.shouldTrigger,
    disclosed: [],
    triggered: false,
    passed: false,
    competitor: null,
    ranking: null,
    toolCalls: [],
    inputTokens: null,
    outputTokens: null,
    error: `not run: the model failed ${GIVE_UP_AFTER} times in a row, so the run stopped asking it`,
  };
}

/** Tests whose verdict differs between two arms: fixed (fails in a, passes in b) and broken. */
export function armChanges(a: ArmOutcome, b: ArmOutcome): { fixed: number[]; broken: number[] } {
  const fixed: number[] = [];
  const broken: number[] = [];
  a.results.forEach((result, i) => {
    const other = b.results[i];
    if (!other) return;
    if (!result.passed && other.passed) fixed.push(i);
    if (result.passed && !other.passed) broken.push(i);
  });
  return { fixed, broken };
}
