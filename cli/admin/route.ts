import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { generateText } from "ai";
import { readBundle } from "../../lib/skills/archive/bundle";
import { createFolderSource } from "../../lib/playground/folder-source";
import { Ranker } from "../../lib/playground/ranker";
import { createOfflineRouterModel } from "../../lib/playground/router";
import { sourceLookup } from "../../lib/playground/skill-ranking";
import { modelCatalog } from "../../lib/playground/tools";
import { prepareTurn } from "../../lib/playground/turn";
import { OFFLINE_ROUTER_ID, type CatalogMode, type SkillSource } from "../../lib/playground/domain";
import { findSkillFolders } from "./import";
import { EXIT_FINDINGS, EXIT_OK, UsageError, parseArgs, type CliIo } from "./io";
import { readFolder } from "./read-input";

export const routeUsage =
  "route --catalog <dir> --queries <file.jsonl> [--mode full|search] [--explain] [--baseline] | route --eval [--catalog <dir>[,<dir>…]]";

interface Query {
  query: string;
  expected?: string[];
}

/**
 * Runs the offline router over each query exactly as the playground would on a first turn (same
 * prompt, tools, loop and ledger) and prints `{ "query", "disclosed" }` per line: the skills whose
 * bodies were loaded, in order. When the queries carry `expected`, a score goes to stderr; with
 * `--baseline`, beside the score of plain BM25 over the same catalog (see plainBm25).
 */
export async function routeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { positionals, options } = parseArgs(argv, {
    values: { "--catalog": "catalog", "--queries": "queries", "--mode": "mode" },
    flags: ["--explain", "--baseline", "--eval"],
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  if (options.has("eval")) return evalCommand(options.get("catalog"), io);
  const catalogArg = options.get("catalog");
  const queriesArg = options.get("queries");
  if (typeof catalogArg !== "string") throw new UsageError("--catalog <dir> names the folder of skills to route over");
  if (typeof queriesArg !== "string") throw new UsageError('--queries <file.jsonl> names the queries, one JSON object with a "query" per line');
  const mode = options.get("mode") ?? "full";
  if (mode !== "full" && mode !== "search") throw new UsageError("--mode must be full or search");
  const explain = options.has("explain");
  const baseline = options.has("baseline");

  const catalogDir = path.resolve(io.cwd, catalogArg);
  if (!(await stat(catalogDir).catch(() => null))?.isDirectory()) {
    io.err(`${catalogArg}: not a folder`);
    return EXIT_FINDINGS;
  }
  let queries: Query[];
  try {
    queries = parseQueries(await readFile(path.resolve(io.cwd, queriesArg), "utf8"), queriesArg);
  } catch (error) {
    io.err(error instanceof Error ? error.message.replace(/^ENOENT: no such file or directory, open .*$/, `${queriesArg}: file not found`) : String(error));
    return EXIT_FINDINGS;
  }

  const { source, skipped, invalid } = await readCatalog(catalogDir);
  for (const s of skipped) io.err(`skipped ${s.root}: ${s.reason}`);
  for (const s of invalid) io.err(`included although invalid ${s.root}: ${s.reason}`);
  if (source.skills.length === 0) {
    io.err(`${catalogArg}: no valid skill folders found`);
    return EXIT_FINDINGS;
  }

  const model = createOfflineRouterModel({ skillTexts: sourceLookup(source) });
  const bm25 = baseline ? plainBm25(modelCatalog(source.skills)) : null;
  const routerScore = new Score();
  const bm25Score = new Score();
  for (const query of queries) {
    const disclosed = await routeQuery(source, query.query, mode, model);
    const line: Record<string, unknown> = { query: query.query, disclosed: disclosed.names };
    if (explain) line.ranking = disclosed.ranking;
    io.out(JSON.stringify(line));
    if (!query.expected) continue;
    routerScore.add(query.expected, disclosed.names[0]);
    if (bm25) bm25Score.add(query.expected, bm25(query.query));
  }
  if (routerScore.total > 0) {
    const { right, positive, quiet, negative } = routerScore;
    io.err(`right skill first: ${right}/${positive}; nothing disclosed: ${quiet}/${negative}`);
    if (bm25) {
      io.err(`router: ${routerScore}`);
      io.err(`bm25: ${bm25Score}`);
    }
  }
  return EXIT_OK;
}

/** Right first pick among the queries that expect a skill; silence among those that expect none. */
class Score {
  right = 0;
  positive = 0;
  quiet = 0;
  negative = 0;

  get total(): number {
    return this.positive + this.negative;
  }

  add(expected: readonly string[], first: string | undefined): void {
    if (expected.length === 0) {
      this.negative++;
      if (first === undefined) this.quiet++;
    } else {
      this.positive++;
      if (first !== undefined && expected.includes(first)) this.right++;
    }
  }

  toString(): string {
    const share = (n: number, of: number) => (of > 0 ? `${((100 * n) / of).toFixed(1)}%` : "n/a");
    return `right skill first ${this.right}/${this.positive} (${share(this.right, this.positive)}); nothing disclosed ${this.quiet}/${this.negative} (${share(this.quiet, this.negative)})`;
  }
}

/**
 * Plain BM25, the baseline the router is measured against: Okapi BM25 (k1 1.2, b 0.75, IDF
 * ln(1 + (N - df + 0.5) / (df + 0.5))) over one field, a skill's name and description joined, with
 * the router's tokenizer and stemmer; no field weights, no clause reading, no name bonus, no
 * threshold. It picks the top skill whenever its score is above 0 (it shares at least one word
 * with the message) and is silent otherwise. The catalog is the one the model is shown.
 */
export function plainBm25(skills: readonly { name: string; description: string }[]): (query: string) => string | undefined {
  const ranker = new Ranker(
    skills.map((s) => ({ name: s.name, fields: [{ text: `${s.name} ${s.description}`, weight: 1 }] })),
    { k1: 1.2, b: 0.75 },
  );
  return (query) => {
    const best = ranker.rank(query)[0];
    return best && best.score > 0 ? best.name : undefined;
  };
}

/** The evaluation's sets, under the repository (the working folder): the development sets (looked at while tuning) apart from the test set (scored once). */
const EVAL_DIR = "testdata/routing";
const SHARED = "../shared";

/**
 * `route --eval`: every development set, then the test set, over one catalog (by default the two
 * shared corpora together, 244 skills), through the real loop, each with plain BM25 beside.
 */
async function evalCommand(catalogArg: string | boolean | undefined, io: CliIo): Promise<number> {
  const evalDir = path.resolve(io.cwd, EVAL_DIR);
  const shared = path.resolve(io.cwd, SHARED);
  if (!(await stat(path.join(evalDir, "test.jsonl")).catch(() => null))) {
    io.err(`${EVAL_DIR}/test.jsonl: not found; run route --eval from the repository's folder`);
    return EXIT_FINDINGS;
  }
  const dirs =
    typeof catalogArg === "string"
      ? catalogArg.split(",").map((d) => path.resolve(io.cwd, d))
      : [path.join(shared, "corpus"), path.join(shared, "corpus-external")];
  for (const dir of dirs) {
    if (!(await stat(dir).catch(() => null))?.isDirectory()) {
      io.err(`${dir}: not a folder (pass --catalog <dir>[,<dir>…])`);
      return EXIT_FINDINGS;
    }
  }
  const { source } = await readCatalog(...dirs);
  const devDir = path.join(evalDir, "dev");
  const sharedDev = path.join(shared, "trigger-eval/dev.jsonl");
  const devFiles = [
    ...(await readdir(devDir)).filter((f) => f.endsWith(".jsonl")).map((f) => path.join(devDir, f)),
    ...((await stat(sharedDev).catch(() => null)) ? [sharedDev] : []),
  ];
  io.out(`catalog: ${source.skills.length} skills (${dirs.map((d) => path.basename(d)).join(" + ")})`);
  const model = createOfflineRouterModel({ skillTexts: sourceLookup(source) });
  const bm25 = plainBm25(modelCatalog(source.skills));
  const known = new Set(source.skills.map((s) => s.name));
  const run = async (label: string, files: string[]) => {
    const router = new Score();
    const baseline = new Score();
    for (const file of files) {
      for (const query of parseQueries(await readFile(file, "utf8"), file)) {
        const expected = (query.expected ?? []).filter((name) => known.has(name));
        if (query.expected?.length && !expected.length) continue; // a skill this catalog lacks
        router.add(expected, (await routeQuery(source, query.query, "full", model)).names[0]);
        baseline.add(expected, bm25(query.query));
      }
    }
    io.out(`${label} router: ${router}`);
    io.out(`${label} bm25:   ${baseline}`);
  };
  await run("dev", devFiles);
  await run("test", [path.join(evalDir, "test.jsonl")]);
  return EXIT_OK;
}

function parseQueries(text: string, file: string): Query[] {
  const queries: Query[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const where = `${file}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${where}: not valid JSON`);
    }
    const record = value as { query?: unknown; expected?: unknown };
    if (!record || typeof record !== "object" || typeof record.query !== "string" || !record.query.trim())
      throw new Error(`${where}: needs a non-empty "query" string`);
    if (record.expected !== undefined && (!Array.isArray(record.expected) || record.expected.some((e) => typeof e !== "string"))) {
      throw new Error(`${where}: "expected" must be a list of skill names`);
    }
    queries.push({ query: record.query, expected: record.expected as string[] | undefined });
  });
  return queries;
}

/** Every skill folder under the folders, read as the import command reads them, as one playground source (first name wins). */
export async function readCatalog(...dirs: string[]) {
  const skills = [];
  for (const dir of dirs) {
    const { folders } = await findSkillFolders(dir, { includeHidden: false });
    for (const folder of folders) {
      const bundle = readBundle({ kind: "files", files: await readFolder(folder) });
      skills.push(...bundle.skills.map((s) => ({ ...s, root: path.relative(dirs[0], folder) || "." })));
    }
  }
  // Routing needs only a name, a description and a body, so skills the store would refuse still count.
  return createFolderSource(skills, { includeInvalid: true });
}

/** One first turn through the real loop; returns the skills whose bodies entered the context. */
export async function routeQuery(
  source: SkillSource,
  query: string,
  mode: CatalogMode,
  model = createOfflineRouterModel({ skillTexts: sourceLookup(source) }),
) {
  const turn = await prepareTurn({
    source,
    settings: { mode, exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID },
    history: [],
    userText: query,
    turn: 1,
  });
  const result = await generateText({ model, ...turn.request });
  const ledger = turn.finish(result.totalUsage);
  const names = ledger.events.flatMap((e) => (e.kind === "load" ? [e.skill] : []));
  return { names, ranking: ledger.router, ledger };
}
