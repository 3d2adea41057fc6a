import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { runArms } from "../../lib/playground/evals/compare";
import { parseCatalogRef, type EvalCatalogRef } from "../../lib/playground/evals/catalog-ref";
import { estimateTriggerEval } from "../../lib/playground/evals/run";
import { formatRate, type TriggerEvalSummary } from "../../lib/playground/evals/score";
import { withSubject, untestableReason } from "../../lib/playground/evals/subject";
import { createFolderSource } from "../../lib/playground/folder-source";
import { createOfflineRouterModel } from "../../lib/playground/router";
import { OFFLINE_ROUTER_ID, type CatalogMode } from "../../lib/playground/domain";
import { readBundle } from "../../lib/skills/archive/bundle";
import { parseTriggerTests, triggerTestsError, TRIGGER_TESTS_PATH, type TriggerTest } from "../../lib/skills/format/trigger-tests";
import type { EvalRunView, TakenQuery, TriggerTestResult } from "../../lib/types/evals";
import { EXIT_FINDINGS, EXIT_OK, UsageError, parseArgs, type CliIo } from "./io";
import { readFolder } from "./read-input";
import { readCatalog } from "./route";

export const evalUsage =
  "eval <skill-folder | skill-name-or-id> [--catalog <dir> | all | team:<id> | profile:<id>] [--model offline-router|openai:<id>|anthropic:<id>] [--mode full|search] [--tests <file.json>] [--min-recall 0.8] [--min-precision 0.8] [--json] [--url <origin>]";

// `skills eval`: a skill's trigger tests (evals/triggers.json), run exactly as the app runs them.
// A folder runs here, against a folder of skills (default: the folders beside it); anything else
// names a skill on a Skillshelf server (--url or SKILLSHELF_URL, token in SKILLSHELF_TOKEN) and
// runs there, against a catalog the token's owner sees. The exit code is for CI: 1 when recall or
// precision falls under its threshold.

const DEFAULT_MIN = 0.8;

interface EvalReport {
  skill: string;
  version: number | null;
  model: string;
  catalog: { label: string; size: number };
  summary: TriggerEvalSummary;
  results: TriggerTestResult[];
  takes: TakenQuery[];
  thresholds: { recall: number; precision: number };
  ok: boolean;
}

export async function evalCommand(argv: readonly string[], io: CliIo, env: Record<string, string | undefined> = process.env): Promise<number> {
  const { positionals, options } = parseArgs(argv, {
    values: {
      "--catalog": "catalog",
      "--model": "model",
      "--mode": "mode",
      "--tests": "tests",
      "--min-recall": "minRecall",
      "--min-precision": "minPrecision",
      "--url": "url",
    },
    flags: ["--json"],
  });
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? `unexpected argument ${positionals[1]}` : "name the skill: a folder, or a skill on the server");
  const mode = (options.get("mode") ?? "full") as string;
  if (mode !== "full" && mode !== "search") throw new UsageError("--mode must be full or search");
  const thresholds = { recall: threshold(options.get("minRecall"), "--min-recall"), precision: threshold(options.get("minPrecision"), "--min-precision") };
  const modelId = (options.get("model") as string | undefined) ?? "offline-router";
  const testsFile = options.get("tests") as string | undefined;
  const tests = testsFile ? await readTestsFile(path.resolve(io.cwd, testsFile), testsFile) : undefined;
  if (typeof tests === "string") return fail(io, tests);

  const target = positionals[0];
  const folder = path.resolve(io.cwd, target);
  const isFolder = (await stat(folder).catch(() => null))?.isDirectory() ?? false;
  const input = { modelId, mode: mode as CatalogMode, tests, thresholds, catalog: options.get("catalog") as string | undefined };
  const report = isFolder ? await localEval(folder, input, io) : await remoteEval(target, { ...input, url: options.get("url") as string | undefined }, io, env);
  if (typeof report === "string") return fail(io, report);

  if (options.has("json")) io.out(JSON.stringify(report, null, 2));
  else printReport(report, io);
  return report.ok ? EXIT_OK : EXIT_FINDINGS;
}

function fail(io: CliIo, message: string): number {
  io.err(message);
  return EXIT_FINDINGS;
}

function threshold(value: string | true | undefined, flag: string): number {
  if (value === undefined) return DEFAULT_MIN;
  const n = Number(value);
  if (typeof value !== "string" || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`${flag} must be a number from 0 to 1`);
  return n;
}

/** A separate eval set (skill-creator's eval_set.json shape), instead of the skill's own file. */
async function readTestsFile(file: string, shown: string): Promise<TriggerTest[] | string> {
  const text = await readFile(file, "utf8").catch(() => null);
  if (text === null) return `${shown}: file not found`;
  const parsed = parseTriggerTests(text);
  const error = triggerTestsError(parsed);
  return error ? error.replace(TRIGGER_TESTS_PATH, shown) : parsed.tests;
}

interface EvalInput {
  modelId: string;
  mode: CatalogMode;
  tests: TriggerTest[] | undefined;
  thresholds: EvalReport["thresholds"];
  catalog: string | undefined;
}

const passes = (summary: TriggerEvalSummary, t: EvalReport["thresholds"]) =>
  (summary.recall === null || summary.recall >= t.recall) && (summary.precision === null || summary.precision >= t.precision);

async function localEval(folder: string, input: EvalInput, io: CliIo): Promise<EvalReport | string> {
  const bundle = readBundle({ kind: "files", files: await readFolder(folder) });
  // the folder is read under its own name, so its SKILL.md sits at that root
  const skill = bundle.skills.find((s) => s.root === path.basename(folder));
  if (!skill?.name || !skill.description) return `${folder}: no SKILL.md with a name and a description at the top of the folder`;
  let tests = input.tests;
  if (!tests) {
    const file = skill.files.find((f) => f.path === TRIGGER_TESTS_PATH);
    if (!file)
      return `${path.join(folder, TRIGGER_TESTS_PATH)}: no trigger tests; write some (a JSON array of {"query", "should_trigger"}) or pass --tests <file>`;
    const parsed = parseTriggerTests(new TextDecoder().decode(file.bytes));
    const error = triggerTestsError(parsed);
    if (error) return `${path.join(folder, error)}`;
    tests = parsed.tests;
  }
  const subject = createFolderSource([skill], { includeInvalid: true }).source;
  const untestable = untestableReason(subject.skills[0]);
  if (untestable) return untestable;

  const catalogDir = input.catalog ? path.resolve(io.cwd, input.catalog) : path.dirname(folder);
  if (!(await stat(catalogDir).catch(() => null))?.isDirectory()) return `${input.catalog}: not a folder of skills`;
  const catalog = (await readCatalog(catalogDir)).source;
  // Provider models come from the app's model registry (its environment: OPENAI_*, ANTHROPIC_*),
  // loaded only when asked for: the offline router needs none of it.
  const model =
    input.modelId === OFFLINE_ROUTER_ID
      ? { id: OFFLINE_ROUTER_ID, model: createOfflineRouterModel(), costsTokens: false }
      : (await import("../../lib/ai/models")).resolveEvalModel(input.modelId);
  if (!model) return `--model ${input.modelId}: not available here (offline-router, or openai:<id> with OPENAI_API_KEY, anthropic:<id> with ANTHROPIC_API_KEY)`;

  const source = withSubject(catalog, { skill: subject.skills[0], source: subject });
  if (model.costsTokens) {
    const estimate = await estimateTriggerEval({ source, subject: skill.name, tests, modelId: model.id, mode: input.mode });
    io.err(`${model.id}: about ${estimate.inputTokens.toLocaleString("en-US")} input tokens for ${tests.length} tests against ${source.skills.length} skills`);
  }
  const [arm] = await runArms({
    catalog,
    subject: { skill: subject.skills[0], source: subject },
    tests,
    descriptions: [skill.description],
    model: model.model,
    modelId: model.id,
    mode: input.mode,
  });
  return {
    skill: skill.name,
    version: null,
    model: model.id,
    catalog: { label: catalogDir, size: source.skills.length },
    summary: arm.summary,
    results: arm.results,
    takes: arm.takes,
    thresholds: input.thresholds,
    ok: passes(arm.summary, input.thresholds),
  };
}

function catalogRequest(value: string | undefined): EvalCatalogRef | string {
  return parseCatalogRef(value ?? "all") ?? `--catalog ${value}: on a server, use all, team:<team id> or profile:<profile id>`;
}

async function remoteEval(
  target: string,
  input: EvalInput & { url: string | undefined },
  io: CliIo,
  env: Record<string, string | undefined>,
): Promise<EvalReport | string> {
  const origin = input.url ?? env.SKILLSHELF_URL;
  if (!origin) return `${target}: not a folder; to run a skill on a server, say which: --url <origin> (or SKILLSHELF_URL), token in SKILLSHELF_TOKEN`;
  const token = env.SKILLSHELF_TOKEN;
  if (!token) return "put a token of the read scope in SKILLSHELF_TOKEN (Account → Access tokens)";
  const catalog = catalogRequest(input.catalog);
  if (typeof catalog === "string") return catalog;
  const api = async (pathname: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(pathname, origin), {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
    });
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!response.ok) throw new Error(`${response.status}: ${body?.error?.message ?? response.statusText}`);
    return body as Record<string, unknown>;
  };
  try {
    const skillId = await findSkillId(api, target);
    if (!skillId.ok) return skillId.message;
    const request = { catalog, modelId: input.modelId, mode: input.mode, ...(input.tests ? { tests: input.tests } : {}) };
    const path = `/api/v1/skills/${encodeURIComponent(skillId.id)}/evals`;
    const dry = (await api(path, { method: "POST", body: JSON.stringify({ ...request, dryRun: true }) })).estimate as {
      costsTokens: boolean;
      inputTokens: number;
      tests: number;
      catalogSize: number;
    };
    if (dry.costsTokens)
      io.err(`${input.modelId}: about ${dry.inputTokens.toLocaleString("en-US")} input tokens for ${dry.tests} tests against ${dry.catalogSize} skills`);
    const [run] = (await api(path, { method: "POST", body: JSON.stringify(request) })).runs as EvalRunView[];
    return {
      skill: target,
      version: run.version,
      model: run.modelId,
      catalog: { label: run.catalog.label, size: run.catalog.size },
      summary: run.summary,
      results: run.results,
      takes: run.takes,
      thresholds: input.thresholds,
      ok: passes(run.summary, input.thresholds),
    };
  } catch (error) {
    return `${origin}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** A skill id as given, or the one visible skill of that exact name. */
async function findSkillId(
  api: (p: string) => Promise<Record<string, unknown>>,
  target: string,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const found = (await api(`/api/v1/skills?q=${encodeURIComponent(target)}&pageSize=100`)).items as {
    id: string;
    name: string;
    place?: string;
    scope?: string;
  }[];
  const named = found.filter((s) => s.name === target);
  if (named.length === 1) return { ok: true, id: named[0].id };
  if (named.length > 1)
    return {
      ok: false,
      message: `${target}: ${named.length} skills have that name; give the id (${named.map((s) => `${s.id} (${s.scope ?? s.place})`).join(", ")})`,
    };
  return { ok: true, id: target };
}

function printReport(report: EvalReport, io: CliIo) {
  for (const r of report.results) {
    const verdict = r.passed ? "PASS" : "FAIL";
    const expected = r.shouldTrigger ? "should load" : "should not load";
    const loaded = r.disclosed.length ? `loaded ${r.disclosed.join(", ")}` : "loaded nothing";
    const why = r.error ? ` (error: ${r.error})` : r.competitor ? ` (lost to ${r.competitor})` : !r.passed && r.reason ? ` (${r.reason})` : "";
    io.out(`${verdict}  ${expected.padEnd(15)}  ${JSON.stringify(r.query)} -> ${loaded}${why}`);
  }
  const s = report.summary;
  io.out(
    `${report.skill}: ${s.passed}/${s.tests} passed; recall ${formatRate(s.truePositives, s.positives)}; precision ${formatRate(s.truePositives, s.truePositives + s.falsePositives)} (${report.model}, ${report.catalog.size} skills)`,
  );
  for (const c of s.competitors) io.out(`  wins this skill's requests: ${c.name} (${c.wins})`);
  for (const t of report.takes) io.out(`  takes ${t.skill}'s request: ${JSON.stringify(t.query)}`);
  if (!report.ok) io.err(`under the threshold: recall must be at least ${report.thresholds.recall}, precision at least ${report.thresholds.precision}`);
}
