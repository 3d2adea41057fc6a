import type {
  JSONObject,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { parseCatalogXml } from "./prompt";
import { terms } from "./ranker";
import { routeRequest, SILENCE_RULE } from "./skill-decision";
import { prepareIndex, type SkillIndex, type SkillText, type SkillTextLookup, type SkillVectorLookup } from "./skill-ranking";
import { type RankingVectors } from "./skill-vectors";
import { answer, unloadAnswer } from "./router-answer";
import { plainToolCalls, type ToolSchema } from "./plain-arguments";
import { readPrompt, type PromptView } from "./router-prompt";
import { SKILL_RUN } from "./run-tool";
import { scriptCommands, scriptOf } from "./router-commands";

export { scriptCommands };
import { LOAD_SKILL, parseSearchOutput, parseSearchVerdict, READ_SKILL_RESOURCE, SEARCH_SKILLS, UNLOAD_SKILL } from "./tools";
import { OFFLINE_ROUTER_ID, ROUTER_METADATA_KEY, type RouterRanking } from "./domain";

// The offline router: a deterministic stand-in for a model, implemented as an AI SDK language
// model so it runs through the same route, tools and ledger as a real one. It is honest: it reads
// only its prompt (the catalog in the system prompt, the user's message, tool results), never the
// store. Each call decides one step:
//   1. search mode: call search_skills with the user's message;
//   2. rank the catalog (or the search results) and call load_skill for the best skill above the
//      threshold, unless its body is already in the conversation (an earlier load, a $mention);
//   3. call read_skill_resource for each listed resource the message points at;
//   4. call skill_run for each command in backticks that starts with one of the loaded skill's
//      listed scripts/ paths (optionally after an interpreter: `python3 scripts/x.py data.csv`);
//   5. call each bound tool of the loaded skill written in backticks with its arguments
//      (`convert_units {"value": 5, ...}`), or asked for in words ("5 km in miles", for a tool
//      shaped like a conversion: lib/playground/plain-arguments.ts), and unload_skill for
//      `unload_skill name`;
//   6. answer, quoting the most relevant section of what it loaded, labelled as the offline router.

export const ROUTER_PROVIDER = "skillshelf";

/** How many ranked skills are reported in the metadata (the UI shows the top of the list). */
const REPORTED = 10;
/** Resource reads per turn at most. */
const MAX_READS = 3;
/** skill_run calls per turn at most. */
const MAX_RUNS = 3;

const NO_USAGE: LanguageModelV4Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

type Action = { kind: "tool"; toolName: string; input: Record<string, unknown> } | { kind: "text"; text: string };

interface Decision {
  action: Action;
  ranking: RouterRanking | null;
  toolCallId: string;
}

export interface OfflineRouterOptions {
  /**
   * The whole text of the catalog's skills (bodies, resource names): with it the router ranks
   * whole skills, as search_skills and list_skills do; without it, name and description only
   * (what its prompt shows).
   */
  skillTexts?: SkillTextLookup;
  /**
   * Hybrid ranking's vectors for a request over the catalog (an embeddings provider is configured
   * where the catalog lives); without it, or when it answers null, the ranking is lexical.
   */
  skillVectors?: SkillVectorLookup;
}

export function createOfflineRouterModel(options: OfflineRouterOptions = {}): LanguageModelV4 {
  const route = async (call: LanguageModelV4CallOptions) => decide(call, await catalogIndex(call, options));
  return {
    specificationVersion: "v4",
    provider: ROUTER_PROVIDER,
    modelId: OFFLINE_ROUTER_ID,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      const decision = await route(options);
      const content: LanguageModelV4Content[] =
        decision.action.kind === "tool"
          ? [{ type: "tool-call", toolCallId: decision.toolCallId, toolName: decision.action.toolName, input: JSON.stringify(decision.action.input) }]
          : [{ type: "text", text: decision.action.text }];
      return {
        content,
        finishReason: { unified: decision.action.kind === "tool" ? "tool-calls" : "stop", raw: undefined },
        usage: NO_USAGE,
        providerMetadata: metadata(decision.ranking),
        response: { modelId: OFFLINE_ROUTER_ID },
        warnings: [],
      };
    },
    async doStream(options: LanguageModelV4CallOptions) {
      const decision = await route(options);
      const parts: LanguageModelV4StreamPart[] = [
        { type: "stream-start", warnings: [] },
        { type: "response-metadata", modelId: OFFLINE_ROUTER_ID },
      ];
      if (decision.action.kind === "tool") {
        const input = JSON.stringify(decision.action.input);
        parts.push(
          { type: "tool-input-start", id: decision.toolCallId, toolName: decision.action.toolName },
          { type: "tool-input-delta", id: decision.toolCallId, delta: input },
          { type: "tool-input-end", id: decision.toolCallId },
          { type: "tool-call", toolCallId: decision.toolCallId, toolName: decision.action.toolName, input },
        );
      } else {
        const id = `${decision.toolCallId}-text`;
        parts.push({ type: "text-start", id });
        for (const delta of chunks(decision.action.text)) parts.push({ type: "text-delta", id, delta });
        parts.push({ type: "text-end", id });
      }
      parts.push({
        type: "finish",
        usage: NO_USAGE,
        finishReason: { unified: decision.action.kind === "tool" ? "tool-calls" : "stop", raw: undefined },
        providerMetadata: metadata(decision.ranking),
      });
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

function metadata(ranking: RouterRanking | null): Record<string, JSONObject> | undefined {
  return ranking ? { [ROUTER_METADATA_KEY]: ranking as unknown as JSONObject } : undefined;
}

/** Text split at word boundaries into pieces of about 48 characters, so the answer streams. */
function chunks(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const piece of text.split(/(?<=\s)/)) {
    current += piece;
    if (current.length >= 48) {
      out.push(current);
      current = "";
    }
  }
  if (current) out.push(current);
  return out;
}

/** The catalog in the system prompt, indexed (whole skills when a lookup is given), with its vector lookup; null without a catalog. */
async function catalogIndex(call: LanguageModelV4CallOptions, options: OfflineRouterOptions): Promise<CatalogIndex | null> {
  const system = call.prompt.find((m) => m.role === "system")?.content ?? "";
  const catalog = parseCatalogXml(system);
  if (!catalog) return null;
  const lookup = options.skillTexts;
  const texts: SkillText[] = lookup ? await lookup(catalog) : catalog.map((entry) => ({ name: entry.name, description: entry.description }));
  const skillVectors = options.skillVectors;
  return { index: await prepareIndex(texts), vectors: skillVectors ? (query) => skillVectors(query, catalog) : null };
}

interface CatalogIndex {
  index: SkillIndex;
  vectors: ((query: string) => Promise<RankingVectors | null>) | null;
}

async function decide(options: LanguageModelV4CallOptions, catalog: CatalogIndex | null): Promise<Decision> {
  const toolNames = (options.tools ?? []).map((t) => t.name);
  const view = readPrompt(options.prompt, toolNames);
  const step = view.thisTurn.length + 1;
  const id = (what: string) => `router-t${view.turn}-s${step}-${what}`;
  const vectors = catalog?.vectors && terms(view.userText).length > 0 ? await catalog.vectors(view.userText) : null;
  const ranking = rank(view, catalog?.index ?? null, vectors);

  if (ranking.kind === "search")
    return { action: { kind: "tool", toolName: SEARCH_SKILLS, input: { query: ranking.query } }, ranking: null, toolCallId: id(SEARCH_SKILLS) };
  const report = ranking.ranking;

  const attempted = (toolName: string, input: Record<string, unknown>) =>
    view.thisTurn.some((c) => c.toolName === toolName && JSON.stringify(c.input) === JSON.stringify({ ...c.input, ...input }));

  // A message that asks to unload skills (`unload_skill name`) is about that: unload them, then say so.
  const unloads = unloadRequests(view.userText);
  if (unloads.length > 0) {
    const next = unloads.find((name) => !attempted(UNLOAD_SKILL, { name }));
    if (next && view.tools.has(UNLOAD_SKILL))
      return { action: { kind: "tool", toolName: UNLOAD_SKILL, input: { name: next } }, ranking: report, toolCallId: id(UNLOAD_SKILL) };
    return { action: { kind: "text", text: unloadAnswer(view, unloads) }, ranking: report, toolCallId: id("answer") };
  }

  const schemas: ToolSchema[] = (options.tools ?? []).flatMap((t) => (t.type === "function" ? [{ name: t.name, inputSchema: t.inputSchema }] : []));
  // Which skill the answer is about: a mentioned one (the user chose), else a skill loaded earlier
  // that the message points into (its file, script or tool), else the router's pick, else a loaded
  // skill whose tool the message asks for in words.
  const subject =
    view.mentioned[0] ?? conversationSubject(view, schemas, "pointed") ?? report?.chosen ?? conversationSubject(view, schemas, "in words") ?? null;

  if (subject && !view.bodies.has(subject) && view.tools.has(LOAD_SKILL) && !attempted(LOAD_SKILL, { name: subject })) {
    return { action: { kind: "tool", toolName: LOAD_SKILL, input: { name: subject } }, ranking: report, toolCallId: id(LOAD_SKILL) };
  }

  if (subject && view.bodies.has(subject) && view.tools.has(READ_SKILL_RESOURCE)) {
    const readsSoFar = view.thisTurn.filter((c) => c.toolName === READ_SKILL_RESOURCE).length;
    // A script the message asks to run is run, not read: its path in a command is no request for its text.
    const running = view.tools.has(SKILL_RUN) ? scriptCommands(view.userText, view.resources.get(subject) ?? []) : [];
    const ran = new Set(running.map((command) => scriptOf(command)));
    const wanted = pointedResources(
      running.reduce((text, command) => text.replace(`\`${command}\``, ""), view.userText),
      view.resources.get(subject) ?? [],
    ).filter((path) => !ran.has(path));
    const next = wanted.find((path) => !attempted(READ_SKILL_RESOURCE, { name: subject, path }));
    if (next && readsSoFar < MAX_READS) {
      return {
        action: { kind: "tool", toolName: READ_SKILL_RESOURCE, input: { name: subject, path: next } },
        ranking: report,
        toolCallId: id(READ_SKILL_RESOURCE),
      };
    }
  }

  if (subject && view.bodies.has(subject) && view.tools.has(SKILL_RUN)) {
    const runsSoFar = view.thisTurn.filter((c) => c.toolName === SKILL_RUN).length;
    const next = scriptCommands(view.userText, view.resources.get(subject) ?? []).find((command) => !attempted(SKILL_RUN, { skill: subject, command }));
    if (next && runsSoFar < MAX_RUNS) {
      return { action: { kind: "tool", toolName: SKILL_RUN, input: { skill: subject, command: next } }, ranking: report, toolCallId: id(SKILL_RUN) };
    }
  }

  if (subject && view.bodies.has(subject)) {
    const callsSoFar = view.thisTurn.filter((c) => (view.boundTools.get(subject) ?? []).includes(c.toolName)).length;
    const callable = (view.boundTools.get(subject) ?? []).filter((name) => view.tools.has(name));
    const written = toolCalls(view.userText, callable);
    const calls =
      written.length > 0
        ? written
        : plainToolCalls(
            view.userText,
            schemas.filter((schema) => callable.includes(schema.name)),
          );
    const next = calls.find((call) => !attempted(call.tool, call.input));
    if (next && callsSoFar < MAX_RUNS) return { action: { kind: "tool", toolName: next.tool, input: next.input }, ranking: report, toolCallId: id(next.tool) };
  }

  return { action: { kind: "text", text: answer(view, subject, report) }, ranking: report, toolCallId: id("answer") };
}

/**
 * The skill loaded earlier in the conversation that the message is about, newest load first:
 * "pointed" when it names one of its files, runs one of its scripts or calls one of its tools in
 * backticks (a follow-up such as "Open references/rollback.md" means the skill already open, not
 * whatever the catalog ranks first); "in words" when it asks one of its tools in plain language,
 * which is weaker evidence and is used only when the ranker chose nothing.
 */
function conversationSubject(view: PromptView, schemas: readonly ToolSchema[], evidence: "pointed" | "in words"): string | null {
  for (const name of [...view.bodies.keys()].reverse()) {
    const resources = view.resources.get(name) ?? [];
    const tools = (view.boundTools.get(name) ?? []).filter((tool) => view.tools.has(tool));
    if (evidence === "in words") {
      if (
        plainToolCalls(
          view.userText,
          schemas.filter((schema) => tools.includes(schema.name)),
        ).length > 0
      )
        return name;
      continue;
    }
    if (pointedResources(view.userText, resources).length > 0) return name;
    if (scriptCommands(view.userText, resources).length > 0 || toolCalls(view.userText, tools).length > 0) return name;
  }
  return null;
}

/**
 * Calls of the given bound tools written in backticks: the tool's name followed by a JSON object
 * (`convert_units {"value": 5, "from": "km", "to": "mi"}`) or by key=value pairs
 * (`convert_units value=5 from=km to=mi`; numbers and true/false are read as such).
 */
export function toolCalls(message: string, tools: readonly string[]): { tool: string; input: Record<string, unknown> }[] {
  const out: { tool: string; input: Record<string, unknown> }[] = [];
  for (const match of message.matchAll(/`([A-Za-z][A-Za-z0-9_-]*)(\s[^`]*)?`/g)) {
    const tool = match[1];
    if (!tools.includes(tool)) continue;
    const rest = (match[2] ?? "").trim();
    let input: Record<string, unknown> = {};
    if (rest.startsWith("{")) {
      try {
        const parsed: unknown = JSON.parse(rest);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) input = parsed as Record<string, unknown>;
      } catch {
        continue;
      }
    } else {
      for (const pair of rest.matchAll(/([A-Za-z_][A-Za-z0-9_-]*)=("[^"]*"|\S+)/g)) input[pair[1]] = scalar(pair[2]);
    }
    out.push({ tool, input });
  }
  return out;
}

function scalar(text: string): unknown {
  if (text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1);
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return text;
}

/** Skills the message asks to unload: `unload_skill name` in backticks. */
function unloadRequests(message: string): string[] {
  return [...message.matchAll(/`unload_skill\s+([a-z0-9-]+)`/g)].map((m) => m[1]);
}

type RankOutcome = { kind: "search"; query: string } | { kind: "ranked"; ranking: RouterRanking | null };

function rank(view: PromptView, index: SkillIndex | null, vectors: RankingVectors | null): RankOutcome {
  const query = view.userText;
  if (index) {
    const decision = routeRequest(index, query, { limit: REPORTED, vectors: vectors ?? undefined });
    const ranking: RouterRanking = {
      query,
      threshold: SILENCE_RULE.minScore,
      ranked: decision.ranked.map(roundScore),
      chosen: decision.chosen,
    };
    if (decision.reason) ranking.reason = decision.reason;
    return { kind: "ranked", ranking };
  }
  if (!view.tools.has(SEARCH_SKILLS)) return { kind: "ranked", ranking: null };
  const search = view.thisTurn.find((c) => c.toolName === SEARCH_SKILLS);
  if (!search) {
    // Nothing to search with (a bare $mention, say): no search, and nothing to rank.
    if (terms(query).length === 0) return { kind: "ranked", ranking: null };
    return { kind: "search", query };
  }
  // search_skills ranks and decides with the same whole-skill ranking as full mode; its verdict is read as it is.
  const ok = search.output && !search.isError;
  const results = ok ? parseSearchOutput(search.output!) : [];
  const verdict = ok ? parseSearchVerdict(search.output!) : null;
  const chosen = verdict?.chosen && results.some((r) => r.name === verdict.chosen) ? verdict.chosen : null;
  const ranking: RouterRanking = { query, threshold: SILENCE_RULE.minScore, ranked: results.map((r) => roundScore(r)), chosen };
  if (!chosen) ranking.reason = verdict?.reason ?? "no skill shares a word with the message";
  return { kind: "ranked", ranking };
}

const roundScore = (r: { name: string; score: number }) => ({ name: r.name, score: Math.round(r.score * 100) / 100 });

/** Words that say "a file" of any kind; with one, a file's stem alone is enough to point at it. */
const FILE_NOUNS = new Set(terms("file files doc docs document documents resource resources"));

/**
 * Listed resources the message points at, best first: the path or file name written out, or every
 * word of the file's stem (e.g. "fields" for reference/fields.md) together with a cue that a file
 * is meant: one of its own folders or its extension ("the fields reference" for reference/fields.md,
 * "the fill script" for scripts/fill.py), or a word such as "file" or "document". Without the cue, a stem that is an everyday word ("fill", "forms")
 * would be read as a request for the file whenever the task is mentioned.
 */
export function pointedResources(message: string, paths: readonly string[]): string[] {
  const lower = message.toLowerCase();
  const messageTerms = new Set(terms(message));
  const scored: { path: string; score: number }[] = [];
  for (const path of paths) {
    const slash = path.lastIndexOf("/");
    const base = path.slice(slash + 1).toLowerCase();
    const dot = base.lastIndexOf(".");
    let score = 0;
    if (lower.includes(path.toLowerCase())) score = 100;
    else if (dot > 0 && lower.includes(base)) score = 50;
    else {
      const stemWords = terms(dot > 0 ? base.slice(0, dot) : base);
      const cues = [...terms(slash > 0 ? path.slice(0, slash) : ""), ...(dot > 0 ? terms(base.slice(dot + 1)) : [])];
      const cued = cues.some((w) => messageTerms.has(w)) || [...messageTerms].some((w) => FILE_NOUNS.has(w));
      if (stemWords.length > 0 && cued && stemWords.every((w) => messageTerms.has(w))) score = 10 + stemWords.length;
    }
    if (score > 0) scored.push({ path, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : 1)).map((s) => s.path);
}
