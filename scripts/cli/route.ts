import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { generateText } from "ai";
import { readBundle } from "../../lib/skills/archive/bundle";
import { createFolderSource } from "../../lib/playground/folder-source";
import { createOfflineRouterModel } from "../../lib/playground/router";
import { prepareTurn } from "../../lib/playground/turn";
import { OFFLINE_ROUTER_ID, type CatalogMode, type SkillSource } from "../../lib/playground/types";
import { findSkillFolders } from "./import";
import { EXIT_FINDINGS, EXIT_OK, UsageError, parseArgs, type CliIo } from "./io";
import { readFolder } from "./read-input";

export const routeUsage = "route --catalog <dir> --queries <file.jsonl> [--mode full|search] [--explain]";

interface Query {
  query: string;
  expected?: string[];
}

/**
 * Runs the offline router over each query exactly as the playground would on a first turn (same
 * prompt, tools, loop and ledger) and prints `{ "query", "disclosed" }` per line: the skills whose
 * bodies were loaded, in order. When the queries carry `expected`, a score goes to stderr.
 */
export async function routeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { positionals, options } = parseArgs(argv, { values: { "--catalog": "catalog", "--queries": "queries", "--mode": "mode" }, flags: ["--explain"] });
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  const catalogArg = options.get("catalog");
  const queriesArg = options.get("queries");
  if (typeof catalogArg !== "string") throw new UsageError("--catalog <dir> names the folder of skills to route over");
  if (typeof queriesArg !== "string") throw new UsageError('--queries <file.jsonl> names the queries, one JSON object with a "query" per line');
  const mode = options.get("mode") ?? "full";
  if (mode !== "full" && mode !== "search") throw new UsageError("--mode must be full or search");
  const explain = options.has("explain");

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

  const model = createOfflineRouterModel();
  let right = 0;
  let positive = 0;
  let quiet = 0;
  let negative = 0;
  for (const query of queries) {
    const disclosed = await routeQuery(source, query.query, mode, model);
    const line: Record<string, unknown> = { query: query.query, disclosed: disclosed.names };
    if (explain) line.ranking = disclosed.ranking;
    io.out(JSON.stringify(line));
    if (!query.expected) continue;
    if (query.expected.length === 0) {
      negative++;
      if (disclosed.names.length === 0) quiet++;
    } else {
      positive++;
      if (disclosed.names.length > 0 && query.expected.includes(disclosed.names[0])) right++;
    }
  }
  if (positive + negative > 0) io.err(`right skill first: ${right}/${positive}; nothing disclosed: ${quiet}/${negative}`);
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

/** Every skill folder under `dir`, read as the import command reads them, as a playground source. */
export async function readCatalog(dir: string) {
  const { folders } = await findSkillFolders(dir, { includeHidden: false });
  const skills = [];
  for (const folder of folders) {
    const bundle = readBundle({ kind: "files", files: await readFolder(folder) });
    skills.push(...bundle.skills.map((s) => ({ ...s, root: path.relative(dir, folder) || "." })));
  }
  // Routing needs only a name, a description and a body, so skills the store would refuse still count.
  return createFolderSource(skills, { includeInvalid: true });
}

/** One first turn through the real loop; returns the skills whose bodies entered the context. */
export async function routeQuery(source: SkillSource, query: string, mode: CatalogMode, model = createOfflineRouterModel()) {
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
