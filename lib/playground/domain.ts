// The contract between the playground's pure core (lib/playground: prompt, tools, offline router,
// mentions, ledger, turn preparation) and the app around it (lib/data source over the store, the
// chat route, persistence, UI). Pure: no Next, React, Prisma or process.env.

import type { RankingVectors } from "./skill-vectors";

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
  /** Tools the skill binds (lib/skills/format/bound-tools.ts), callable while it is loaded; absent or empty when none are offered here. */
  tools?: BoundTool[];
  /** Tools the skill declares that this catalog does not offer, and why (a personal skill, a team that does not allow it, a version that needs review). */
  toolsWithheld?: { names: string[]; reason: string };
  /** allowed-tools, normalised: the calls it may make without asking the user (tool names, Bash(…) patterns for skill_run). */
  allowedTools?: string[];
  /** false for `disable-model-invocation: true`: left out of the catalog the model sees; a $mention still brings it in. Default true. */
  modelInvocable?: boolean;
  /** false for `user-invocable: false`: left out of the user's $ completion. Default true. */
  userInvocable?: boolean;
}

/** A tool a skill binds, with the tokens its definition costs while it is offered. */
export interface BoundTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The implementing script, relative to the skill root. */
  script: string;
  tokens: number;
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
  /**
   * Hybrid ranking: the request's embedding and the stored embeddings of these skills' disclosed
   * versions (a skill without one yet is ranked on words alone). Absent, or null, without an
   * embeddings provider or when it fails: the ranking is lexical.
   */
  vectors?(query: string, skills: readonly PlaygroundSkill[]): Promise<RankingVectors | null>;
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
  /** A skill_run call that ran: its command, outcome, files produced and the tokens of what the model got back. */
  | {
      level: 3;
      kind: "run";
      skill: string;
      version: number;
      command: string;
      exitCode: number | null;
      timedOut: boolean;
      durationMs: number;
      files: { path: string; size: number; mediaType: string }[];
      /** Tokens of the result returned to the model (stdout, stderr, inline file contents): context cost too. */
      tokens: number;
      /** How the run was let through (absent in ledgers saved before approvals existed). */
      approval?: GrantedApproval;
    }
  /** A skill's bound tools entered (load, mention) or left (unload) the tools the model is offered; tokens: their definitions. */
  | { level: 2; kind: "tools"; skill: string; change: "activated" | "deactivated"; tools: { name: string; tokens: number }[]; tokens: number }
  /** unload_skill: the skill's body no longer counts as loaded and is left out of later requests (tokens: the body freed). */
  | { level: 2; kind: "unload"; skill: string; tokens: number }
  /** A bound tool's call that ran: its outcome and the tokens of the result the model got. */
  | {
      level: 3;
      kind: "call";
      skill: string;
      version: number;
      tool: string;
      approval: GrantedApproval;
      exitCode: number | null;
      timedOut: boolean;
      durationMs: number;
      tokens: number;
    }
  /** A call that needed the user's approval: asked (the turn pauses), then approved or denied. */
  | {
      level: 0;
      kind: "approval";
      skill: string;
      tool: string;
      toolCallId: string;
      state: "requested" | "approved-once" | "approved-conversation" | "denied";
      summary: string;
    }
  /** A tool call that failed (unknown skill, wrong path, traversal, a refused run): returned to the model as an error. */
  | { level: 2 | 3; kind: "error"; tool: string; skill?: string; path?: string; error: string }
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
  /** 100 * (1 - resident / eagerTokens), rounded to one decimal; 0 when eagerTokens is 0. Skill content only: run output is left out. */
  savingPercent: number;
  /** Tokens of skill_run results returned to the model this turn (included in newlyDisclosed and resident). Absent in ledgers saved before runs existed. */
  runTokens?: number;
  /** Definitions of bound tools offered at the end of this turn (included in resident; newly activated ones in newlyDisclosed). Absent before bound tools existed. */
  toolTokens?: number;
  /** Tokens of bound tools' results returned this turn (included in newlyDisclosed and resident, like runTokens). */
  callTokens?: number;
}

/** Why a call that needs approval ran: allowed-tools named it, or the user approved it once or for the conversation. */
export type GrantedApproval = "allowed-tools" | "approved-once" | "approved-conversation";

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

// ---- Running skill scripts (skill_run) ----

/** A file the user attached to the conversation: scripts see it as inputs/<name>. */
export interface AttachmentInfo {
  name: string;
  size: number;
  mediaType: string;
}

/** What skill_run asks the runner for (validated by the tool). */
export interface SkillRunRequest {
  command: string;
  /** Relative to the workspace root; default: the skill's folder. */
  cwd?: string;
  env?: Record<string, string>;
  /** Globs relative to the workspace root; default ["out/**"]. */
  outputGlobs: string[];
  timeoutMs: number;
}

/** A file a run produced, as the runner reports it (bytes stay with the runner until the turn is stored). */
export interface SkillRunFile {
  /** Relative to the workspace root, e.g. out/findings.md. */
  path: string;
  size: number;
  mediaType: string;
  /** The text, for UTF-8 files; null for binaries. */
  text: string | null;
}

export interface SkillRunOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  files: SkillRunFile[];
  warnings: string[];
}

/**
 * Runs a skill's scripts in a sandbox for the playground (the app: lib/data over the executor).
 * refusal() says why a skill's scripts may not run (execution off, version needs review), or null.
 */
export interface SkillRunner {
  refusal(skill: PlaygroundSkill): string | null;
  run(skill: PlaygroundSkill, request: SkillRunRequest, context: { toolCallId: string; abortSignal?: AbortSignal }): Promise<SkillRunOutcome>;
  /** The user's attachments the runs see under inputs/ (names only; the runner holds the bytes). */
  readonly attachments: readonly AttachmentInfo[];
  /**
   * Runs a bound tool's script in the sandbox: the arguments as JSON on stdin, the skill's folder as
   * the working directory, the same limits and audit as run(). No output files are collected.
   */
  callTool(skill: PlaygroundSkill, tool: BoundTool, args: unknown, context: { toolCallId: string; abortSignal?: AbortSignal }): Promise<SkillRunOutcome>;
}
