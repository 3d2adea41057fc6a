import type { DisclosureEvent, LedgerTotals, PlaygroundSkill, RouterRanking, TurnLedger } from "./domain";

// The ledger's arithmetic. All skill figures are approximate o200k_base counts (lib/skills/tokens)
// of skill content, the same figures the skill pages show: a load counts the SKILL.md body, a read
// the file's text, a binary read the short note sent instead, a search its result list, the
// catalog its rendered block. The few tokens of tags and resource listings around a body are not
// skill content and are left out, so the counterfactual below compares like with like. Provider
// figures are copied as reported, never estimated.
//
// Definitions, per turn:
// - newlyDisclosed: skill content that entered the context for the first time in this turn: the
//   catalog (on the conversation's first turn, or when the catalog changed since the previous
//   turn), plus every body loaded (by the model or a mention), every resource read and every
//   search result list in this turn. Repeat-load replies and errors carry no skill content.
// - resident: skill content in the context the model saw at the end of this turn: the catalog,
//   plus the loads, reads and search results of this and every earlier turn (tool results stay in
//   the history), plus this turn's mention blocks. Earlier turns' mention blocks are not counted:
//   they are not persisted, so they are gone from later turns' context.
// - eagerTokens: the counterfactual of loading everything up front: the catalog (full mode: the
//   rendered catalog; search mode: what listing every skill's name and description would cost)
//   plus every catalog skill's body and resources.
// - runTokens: what skill_run calls of this turn returned to the model (stdout, stderr, inline
//   file contents). Counted in newlyDisclosed and resident (run results stay in the history like
//   tool results do) but not in the saving, which compares skill content only.
// - tool definitions (bound tools): a skill's tools are sent with every request while it is in the
//   context. Their definitions count in newlyDisclosed on the turn they are activated (a "tools"
//   event) and in resident as toolTokens: the definitions offered at the end of the turn.
// - callTokens: what bound tools' calls of this turn returned; counted like runTokens.
// - unload: unload_skill takes the skill's body out of every later request, so resident drops by
//   the body's tokens from that turn on.
// - savingPercent: 100 * (1 - resident skill content / eagerTokens), one decimal; 0 when eagerTokens is 0.
//   Skill content leaves out run and call results and tool definitions: the counterfactual has none.

export interface TokenUsage {
  inputTokens?: number | null;
  outputTokens?: number | null;
}

export interface FinishTurnLedgerInput {
  turn: number;
  modelId: string;
  events: readonly DisclosureEvent[];
  /** Ledgers of the earlier turns of this conversation, oldest first. */
  history: readonly TurnLedger[];
  /** The skills offered this turn. */
  skills: readonly PlaygroundSkill[];
  /** Tokens of the skill part of this turn's system prompt (catalog, or the search-mode note). */
  catalogTokens: number;
  usage?: TokenUsage | null;
  router?: RouterRanking | null;
  /** Tokens of the bound tools' definitions offered at the end of this turn. */
  toolTokens?: number;
}

/** Tokens of an event's content that stays in the history, by the rules above. */
function persistentTokens(event: DisclosureEvent): number {
  if (event.kind === "load") return event.by === "model" ? event.tokens : 0;
  if (event.kind === "read" || event.kind === "search" || event.kind === "run" || event.kind === "call") return event.tokens;
  if (event.kind === "unload") return -event.tokens;
  return 0;
}

function newTokens(event: DisclosureEvent): number {
  if (event.kind === "load" || event.kind === "read" || event.kind === "search" || event.kind === "run" || event.kind === "call") return event.tokens;
  if (event.kind === "tools" && event.change === "activated") return event.tokens;
  return 0;
}

const runTokensOf = (events: readonly DisclosureEvent[]): number => events.reduce((sum, e) => sum + (e.kind === "run" ? e.tokens : 0), 0);
const callTokensOf = (events: readonly DisclosureEvent[]): number => events.reduce((sum, e) => sum + (e.kind === "call" ? e.tokens : 0), 0);

export function eagerTokens(skills: readonly PlaygroundSkill[], catalogTokens: number, mode: "full" | "search"): number {
  const catalog = mode === "full" ? catalogTokens : skills.reduce((sum, s) => sum + s.catalogTokens, 0);
  return catalog + skills.reduce((sum, s) => sum + s.bodyTokens + s.resourceTokens, 0);
}

export function finishTurnLedger(input: FinishTurnLedgerInput): TurnLedger {
  const { events, history, catalogTokens } = input;
  const previous = history.at(-1);
  const catalogIsNew = !previous || previous.totals.catalogTokens !== catalogTokens;
  const newlyDisclosed = (catalogIsNew ? catalogTokens : 0) + events.reduce((sum, e) => sum + newTokens(e), 0);

  const earlier = history.reduce((sum, ledger) => sum + ledger.events.reduce((s, e) => s + persistentTokens(e), 0), 0);
  const toolTokens = input.toolTokens ?? 0;
  const resident =
    catalogTokens + earlier + events.reduce((sum, e) => sum + persistentTokens(e) + (e.kind === "load" && e.by === "mention" ? e.tokens : 0), 0) + toolTokens;
  // Run and call output and tool definitions are context cost but not skill content: the eager
  // counterfactual has none of them, so the saving compares skill content with skill content.
  const runTokens = runTokensOf(events);
  const callTokens = callTokensOf(events);
  const residentSkillContent =
    resident - runTokens - callTokens - toolTokens - history.reduce((sum, ledger) => sum + runTokensOf(ledger.events) + callTokensOf(ledger.events), 0);

  const catalogEvent = events.find((e) => e.kind === "catalog");
  const mode = catalogEvent?.kind === "catalog" ? catalogEvent.mode : "full";
  const eager = eagerTokens(input.skills, catalogTokens, mode);

  const totals: LedgerTotals = {
    newlyDisclosed,
    resident,
    catalogTokens,
    inputTokens: validCount(input.usage?.inputTokens),
    outputTokens: validCount(input.usage?.outputTokens),
    eagerTokens: eager,
    savingPercent: eager === 0 ? 0 : Math.round(1000 * (1 - residentSkillContent / eager)) / 10,
    runTokens,
    toolTokens,
    callTokens,
  };
  return { turn: input.turn, modelId: input.modelId, events: [...events], totals, router: input.router ?? null };
}

/**
 * What each disclosure level put into the context in one turn (the timeline's bars): L1 the
 * catalog and search results, L2 bodies loaded (by the model or a mention), L3 resources read,
 * and runs the skill_run results returned to the model (stdout, stderr, inline files).
 * Repeat-load replies and errors carry no skill content and count nowhere, as in the totals.
 */
export function tokensByLevel(ledger: Pick<TurnLedger, "events">): { l1: number; l2: number; l3: number; runs: number; tools: number } {
  const levels = { l1: 0, l2: 0, l3: 0, runs: 0, tools: 0 };
  for (const event of ledger.events) {
    if (event.kind === "catalog" || event.kind === "search") levels.l1 += event.tokens;
    else if (event.kind === "load") levels.l2 += event.tokens;
    else if (event.kind === "read") levels.l3 += event.tokens;
    else if (event.kind === "run") levels.runs += event.tokens;
    else if (event.kind === "call" || (event.kind === "tools" && event.change === "activated")) levels.tools += event.tokens;
  }
  return levels;
}

function validCount(n: number | null | undefined): number | null {
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Whether a turn's "saving vs. eager" means anything: only when the turn disclosed skill content.
 * On a turn that disclosed nothing the figure only restates that the skills were not loaded, and
 * read as a saving the turn achieved ("saving 93.8%" beside "0 tokens disclosed").
 */
export function showsSaving(totals: Pick<LedgerTotals, "newlyDisclosed" | "eagerTokens">): boolean {
  return totals.newlyDisclosed > 0 && totals.eagerTokens > 0;
}
