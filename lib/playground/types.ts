// The contract between the playground's pure core (lib/playground: prompt, tools, offline router,
// mentions, ledger, turn preparation) and the app around it (lib/data source over the store, the
// chat route, persistence, UI). Pure: no Next, React, Prisma or process.env.

export type CatalogMode = "full" | "search";
export type SkillScope = "PERSONAL" | "TEAM" | "PUBLIC" | "BUILTIN";
export type ReviewStatus = "none" | "needs_review" | "reviewed" | "override";

/** One skill the model may be offered: shadowing already resolved, one per name. */
export interface PlaygroundSkill {
  skillId: string;
  name: string;
  description: string;
  /** The version the playground discloses (the current one, or a profile's pinned one). */
  version: number;
  scope: SkillScope;
  /** Every frontmatter field in source order, for "expose all metadata". */
  frontmatter: Record<string, unknown>;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  reviewStatus: ReviewStatus;
  /** Resource files (everything but SKILL.md): listed by load_skill, read by read_skill_resource. */
  files: PlaygroundFileInfo[];
}

export interface PlaygroundFileInfo {
  path: string;
  size: number;
  mediaType: string;
  /** null for binaries. */
  tokens: number | null;
}

export type ResourceContent =
  { kind: "text"; text: string; tokens: number; size: number; mediaType: string } | { kind: "binary"; size: number; mediaType: string };

/** Where skill content comes from: the store (lib/data) in the app, a folder in the CLI and tests. */
export interface SkillSource {
  readonly skills: readonly PlaygroundSkill[];
  /** The SKILL.md body (frontmatter stripped) of that skill's disclosed version. */
  body(skill: PlaygroundSkill): Promise<string>;
  /** null when the skill has no file at that path. Paths are already checked for traversal. */
  resource(skill: PlaygroundSkill, path: string): Promise<ResourceContent | null>;
}

export interface PlaygroundSettings {
  mode: CatalogMode;
  /** Every frontmatter field in the catalog rather than name + description only. */
  exposeMetadata: boolean;
  /** The editable instruction header that precedes the catalog in the system prompt. */
  instructions: string;
  /** A model id from the model registry; "offline-router" is always available. */
  modelId: string;
}

// ---- The disclosure ledger ----

export type DisclosureEvent =
  /** Level 1: what the catalog offered this turn (full mode: every skill; search mode: the tool). */
  | { level: 1; kind: "catalog"; mode: CatalogMode; skills: string[]; tokens: number }
  /** Level 1 in search mode: names and descriptions a search_skills call returned. */
  | { level: 1; kind: "search"; query: string; results: { name: string; score: number }[]; tokens: number }
  /** Level 2: a SKILL.md body entered the context. */
  | {
      level: 2;
      kind: "load";
      skill: string;
      skillId: string;
      version: number;
      by: "model" | "mention";
      tokens: number;
      needsReview: boolean;
      /** The version's resource files, so the chat can resolve the skill's relative links (absent in ledgers saved before). */
      files?: { path: string; mediaType: string }[];
    }
  /** Level 2: a repeat load answered "already loaded in turn N" (costs only that short reply). */
  | { level: 2; kind: "repeat"; skill: string; firstTurn: number; tokens: number }
  /** Level 3: a resource file entered the context. */
  | { level: 3; kind: "read"; skill: string; path: string; tokens: number; size: number; mediaType: string; binary: boolean }
  /** A tool call that failed (unknown skill, wrong path, traversal): returned to the model as an error. */
  | { level: 2 | 3; kind: "error"; tool: "load_skill" | "read_skill_resource" | "search_skills"; skill?: string; path?: string; error: string }
  /** Something the user should see: a $mention of a skill not in the catalog, a skill that needs review. */
  | { level: 0; kind: "notice"; message: string };

export interface LedgerTotals {
  /** Skill tokens that entered the context for the first time in this turn (catalog included on turn 1). */
  newlyDisclosed: number;
  /** Skill content (catalog + bodies + resources, this turn and earlier) still in the context. */
  resident: number;
  catalogTokens: number;
  /** As reported by the provider; null when it reports nothing (the offline router reports estimates as null). */
  inputTokens: number | null;
  outputTokens: number | null;
  /** Counterfactual: every catalog skill's body and resources loaded up front. */
  eagerTokens: number;
  /** 100 * (1 - resident / eagerTokens), rounded to one decimal; 0 when eagerTokens is 0. */
  savingPercent: number;
}

/** The offline router's ranking of the catalog for the user's message, shown for transparency. */
export interface RouterRanking {
  query: string;
  threshold: number;
  ranked: { name: string; score: number }[];
  chosen: string | null;
  /** Why nothing was chosen (below the threshold, too few words shared); absent when a skill was chosen. */
  reason?: string;
}

export interface TurnLedger {
  /** 1-based turn number (the n-th user message of the conversation). */
  turn: number;
  modelId: string;
  events: DisclosureEvent[];
  totals: LedgerTotals;
  router: RouterRanking | null;
}

/** The offline router reports its ranking as provider metadata under this key. */
export const ROUTER_METADATA_KEY = "offlineRouter";
export const OFFLINE_ROUTER_ID = "offline-router";
