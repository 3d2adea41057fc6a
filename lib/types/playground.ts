// What the playground's pages, chat route and components exchange: plain data, no behaviour.
import type { UIMessage } from "ai";
import type { CatalogMode, DisclosureEvent, ReviewStatus, SkillScope, TurnLedger } from "@/lib/playground/domain";

/** Where a conversation's catalog comes from. */
/** `label` (MCP's `?label=` or a token that follows one): each skill at that release label's version where it has it. */
export type CatalogSource = { kind: "all"; label?: string } | { kind: "picked"; skillIds: string[] } | { kind: "profile"; profileId: string };

/** Everything the setup panel decides; stored on the conversation so reopening continues the same way. */
export interface PlaygroundSetup {
  source: CatalogSource;
  mode: CatalogMode;
  exposeMetadata: boolean;
  instructions: string;
  modelId: string;
}

/** A skill the setup panel can offer (one per name, shadowing resolved). */
export interface CatalogEntry {
  skillId: string;
  name: string;
  description: string;
  version: number;
  scope: SkillScope;
  /** "Team Platform", "Personal", ... */
  place: string;
  catalogTokens: number;
  bodyTokens: number;
  resourceTokens: number;
  reviewStatus: ReviewStatus;
  /** false for `disable-model-invocation: true`: not in the catalog the model sees, only a $mention brings it in. */
  modelInvocable: boolean;
  /** false for `user-invocable: false`: left out of $ completion (typing the whole $name still works). */
  userInvocable: boolean;
  /** The tools its current version binds here, with their definitions' tokens. */
  tools: { name: string; tokens: number }[];
  /** Tools it declares that are not offered, and why (lib/skills/permissions/bound-tools.ts); null when none are withheld. */
  toolsWithheld: { names: string[]; reason: string } | null;
}

/** A same-named skill that a higher-priority one hides from agents. */
export interface ShadowedEntry {
  skillId: string;
  name: string;
  place: string;
  winnerId: string;
  reason: string;
}

export interface ProfileSkillRef {
  skillId: string;
  /** null when the owner can no longer see the skill: it stays listed so they can take it out. */
  name: string | null;
  /** null follows the current version. */
  pinnedVersion: number | null;
  /** null when not visible (or the skill has no version). */
  currentVersion: number | null;
  /** Archived skills stay in the profile but agents do not see them. */
  archived: boolean;
}

export interface AgentProfileInfo {
  id: string;
  name: string;
  instructions: string;
  /** The release label its skills follow ("latest": current versions). */
  label: string;
  skills: ProfileSkillRef[];
  updatedAt: Date;
}

export interface ModelOption {
  id: string;
  label: string;
  provider: "offline" | "openai" | "anthropic";
  /** Tokens the model accepts; the setup panel warns when the catalog takes a large share. */
  contextWindow: number;
}

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: Date;
  turns: number;
}

/** Data parts the chat route streams beside the text. */
export type PlaygroundDataParts = {
  /** One disclosure event as it happens (transient: the final ledger carries them all). */
  event: DisclosureEvent;
  /** The turn's complete ledger, once the turn has ended. */
  ledger: TurnLedger;
  /** The conversation the turn was stored in (a new conversation learns its id this way). */
  conversation: { id: string; title: string };
  /** Things the user should see before the answer: an unknown $mention, a catalog over budget. */
  notice: { message: string };
  /** A file the user attached to this (user) message; stored with it. */
  attachment: StoredPlaygroundFile;
  /** The files one skill_run call produced, stored with the assistant message once the turn is saved. */
  "run-files": { toolCallId: string; files: StoredPlaygroundFile[]; skipped: string[] };
};

/** An attachment or a run's output file, kept with the conversation. url downloads it (owner only). */
export interface StoredPlaygroundFile {
  id: string;
  /** Attachment: its name (scripts see inputs/<name>). Output: its path in the workspace, e.g. out/chart.svg. */
  path: string;
  size: number;
  mediaType: string;
  url: string;
}

/** Whether skill_run is offered in this playground, and if not, why and how to enable it. */
export type ExecutionStatus =
  | { enabled: true; executor: string }
  | {
      enabled: false;
      reason: string;
      remedy: string;
      /** "setting": an admin turned it off; "host": the sandbox cannot run here. */ cause: "setting" | "host";
    };

/** A file the user attaches to a message, as the chat request carries it. */
export interface AttachmentUpload {
  name: string;
  mediaType: string;
  /** The file's bytes, base64. */
  data: string;
}

export type PlaygroundMessage = UIMessage<unknown, PlaygroundDataParts>;

export interface ConversationDetail {
  id: string;
  title: string;
  setup: PlaygroundSetup;
  messages: PlaygroundMessage[];
  updatedAt: Date;
}

/** The system prompt a turn with a setup would send, with its token counts (the playground's preview). */
export type PromptPreview = {
  ok: true;
  system: string;
  header: string;
  catalogXml: string;
  catalogTokens: number;
  headerTokens: number;
  skillCount: number;
  /** Instructions of the chosen profile (used when the header is left blank). */
  profileInstructions: string | null;
  notices: string[];
  /** Set when the catalog takes more of the model's context than the budget allows. */
  overBudget: { budget: number; contextWindow: number } | null;
};

export type PromptPreviewResult = PromptPreview | { ok: false; message: string };
