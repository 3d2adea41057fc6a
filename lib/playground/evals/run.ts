import { APICallError, asSchema, generateText, RetryError, type LanguageModel, type StepResult, type ToolSet } from "ai";
import { timeSlicer } from "../../skills/archive/steps";
import { countTokens } from "../../skills/format/tokens";
import type { TriggerTest } from "../../skills/format/trigger-tests";
import { LOAD_SKILL } from "../tools";
import { prepareTurn } from "../turn";
import type { CatalogMode, RouterRanking, SkillSource } from "../domain";
import { summarize, type TriggerEvalSummary } from "./score";

// A trigger test is one first turn of a conversation, run exactly as the playground runs it (same
// system prompt, catalog, tools and loop), stopped as soon as the model has decided: when it loads
// a skill, or answers without one. What it loaded is the verdict; nothing else is read.

export interface TriggerTestResult {
  query: string;
  shouldTrigger: boolean;
  /** Skills whose bodies the model loaded, in order. */
  disclosed: string[];
  /** The skill under test was loaded. */
  triggered: boolean;
  passed: boolean;
  /**
   * On a missed should-trigger test, the skill that was loaded instead (the first other one); for
   * the offline router, when nothing was loaded, null and `reason` says why.
   */
  competitor: string | null;
  /** The offline router's ranking (top 5), when the model is the offline router. */
  ranking: { name: string; score: number }[] | null;
  /** Why the offline router chose nothing, when it did not. */
  reason?: string;
  /** The tool calls the model made, for provider models (what it searched, what it loaded). */
  toolCalls: { toolName: string; input: unknown }[];
  inputTokens: number | null;
  outputTokens: number | null;
  /** The provider failed on this test (the run goes on; a failed test counts as failed). */
  error?: string;
}

export interface TriggerEvalOptions {
  /** The catalog, with the skill under test in it (see withSubject). */
  source: SkillSource;
  /** The name of the skill under test. */
  subject: string;
  tests: readonly TriggerTest[];
  model: LanguageModel;
  modelId: string;
  mode?: CatalogMode;
  /** The instruction header (blank: the playground's default). */
  instructions?: string;
  signal?: AbortSignal;
}

export interface TriggerEvalOutcome {
  results: TriggerTestResult[];
  summary: TriggerEvalSummary;
}

/** A model step that has not answered by then fails its test (as the playground's chat does), so one hung provider call cannot hold a run open. */
const STEP_TIMEOUT_MS = 60_000;

/** Steps a test may take: search (search mode), load, and nothing after. */
const MAX_TEST_STEPS = 3;
const RANKING_SHOWN = 5;

const decided = ({ steps }: { steps: StepResult<ToolSet>[] }) => {
  const last = steps.at(-1);
  return !last || last.toolCalls.length === 0 || last.toolCalls.some((call) => call.toolName === LOAD_SKILL);
};

/** Runs one test through the playground's loop. */
export async function runTriggerTest(options: Omit<TriggerEvalOptions, "tests">, test: TriggerTest): Promise<TriggerTestResult> {
  const turn = await prepareTurn({
    source: options.source,
    settings: { mode: options.mode ?? "full", exposeMetadata: false, instructions: options.instructions ?? "", modelId: options.modelId },
    history: [],
    userText: test.query,
    turn: 1,
    maxSteps: MAX_TEST_STEPS,
  });
  const base: Omit<TriggerTestResult, "disclosed" | "triggered" | "passed" | "competitor"> = {
    query: test.query,
    shouldTrigger: test.shouldTrigger,
    ranking: null,
    toolCalls: [],
    inputTokens: null,
    outputTokens: null,
  };
  let disclosed: string[] = [];
  try {
    const result = await generateText({
      model: options.model,
      ...turn.request,
      stopWhen: [turn.request.stopWhen, decided],
      abortSignal: options.signal,
      timeout: { stepMs: STEP_TIMEOUT_MS },
      maxRetries: 1,
    });
    const ledger = turn.finish(result.totalUsage);
    disclosed = ledger.events.flatMap((e) => (e.kind === "load" ? [e.skill] : []));
    base.toolCalls = result.steps.flatMap((step) => step.toolCalls.map((call) => ({ toolName: call.toolName, input: call.input })));
    base.inputTokens = ledger.totals.inputTokens;
    base.outputTokens = ledger.totals.outputTokens;
    applyRanking(base, ledger.router);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    base.error = describeError(error);
  }
  const triggered = disclosed.includes(options.subject);
  const passed = !base.error && triggered === test.shouldTrigger;
  const competitor = test.shouldTrigger && !triggered ? (disclosed.find((name) => name !== options.subject) ?? null) : null;
  return { ...base, disclosed, triggered, passed, competitor };
}

/** A provider failure in one line: its status and what it said, or why it could not be reached; no retry wrapper. */
function describeError(error: unknown): string {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const host = URL.canParse(cause.url) ? new URL(cause.url).host : "the provider";
    return cause.statusCode ? `${host} answered ${cause.statusCode}: ${cause.message}` : `could not reach ${host}: ${cause.message}`;
  }
  return (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, " ").slice(0, 500);
}

function applyRanking(result: Pick<TriggerTestResult, "ranking" | "reason">, router: RouterRanking | null) {
  if (!router) return;
  result.ranking = router.ranked.slice(0, RANKING_SHOWN);
  if (router.reason) result.reason = router.reason;
}

/** Runs every test, one after another (a provider sees one request at a time), and scores the run. */
export async function runTriggerEval(options: TriggerEvalOptions): Promise<TriggerEvalOutcome> {
  const results: TriggerTestResult[] = [];
  // A turn for the event loop now and then: see runArms.
  const slice = timeSlicer();
  for (const test of options.tests) {
    results.push(await runTriggerTest(options, test));
    await slice();
  }
  return { results, summary: summarize(results) };
}

export interface TokenEstimate {
  /** Input tokens of one test's first model call (system prompt, tool definitions, the request). */
  perTest: number;
  /** Input tokens for all the tests: each one call, two in search mode. */
  inputTokens: number;
  tests: number;
}

/**
 * What a run will cost before it starts: every test is a first turn, so its first call carries
 * the system prompt (instructions and catalog), the tool definitions and the request; search mode
 * adds a second call with the search results. Stopping at the load keeps it to that.
 */
export async function estimateTriggerEval(options: Omit<TriggerEvalOptions, "model" | "signal">): Promise<TokenEstimate> {
  if (options.tests.length === 0) return { perTest: 0, inputTokens: 0, tests: 0 };
  const turn = await prepareTurn({
    source: options.source,
    settings: { mode: options.mode ?? "full", exposeMetadata: false, instructions: options.instructions ?? "", modelId: options.modelId },
    history: [],
    userText: "",
    turn: 1,
  });
  let fixed = countTokens(turn.prompt.system);
  for (const [name, tool] of Object.entries(turn.request.tools)) {
    const schema = tool.inputSchema ? await asSchema(tool.inputSchema).jsonSchema : {};
    fixed += countTokens(`${name} ${tool.description ?? ""} ${JSON.stringify(schema)}`);
  }
  const calls = (options.mode ?? "full") === "search" ? 2 : 1;
  let inputTokens = 0;
  for (const test of options.tests) inputTokens += calls * (fixed + countTokens(test.query));
  return { perTest: Math.round(inputTokens / options.tests.length), inputTokens, tests: options.tests.length };
}
