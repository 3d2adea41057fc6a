import {
  convertToModelMessages,
  isStepCount,
  type ModelMessage,
  type PrepareStepFunction,
  type StepResult,
  type StopCondition,
  type ToolSet,
  type UIMessage,
} from "ai";
import { formatBytes } from "../display";
import { countTokens } from "../skills/format/tokens";
import { fileList } from "./chat-links";
import { finishTurnLedger, type TokenUsage } from "./ledger";
import { renderMentionBlock, resolveMentions, unknownMentionNotice } from "./mentions";
import { buildSystemPrompt, type SystemPrompt } from "./prompt";
import { createRecorder, type DisclosureRecorder } from "./recorder";
import { createRunTool, hasScripts, SKILL_RUN } from "./run-tool";
import { conversationGrants, grantedBy, grantKey, type ApprovalAnswer } from "./approval";
import {
  boundToolIndex,
  createApprovalBook,
  createBoundTools,
  createUnloadTool,
  elideUnloadedBodies,
  lifecycleInHistory,
  offeredTools,
} from "./bound-tool-set";
import { createSkillTools, LOAD_SKILL, READ_SKILL_RESOURCE, recordActivation, SEARCH_SKILLS, UNLOAD_SKILL } from "./tools";
import {
  ROUTER_METADATA_KEY,
  type AttachmentInfo,
  type DisclosureEvent,
  type PlaygroundSkill,
  type PlaygroundSettings,
  type RouterRanking,
  type SkillRunner,
  type SkillSource,
  type TurnLedger,
} from "./domain";

// One playground turn, prepared the same way for the chat route (streamText) and the route CLI
// (generateText): system prompt, model messages with this turn's mention blocks, the skill tools,
// a step cap, and a recorder whose events become the turn's ledger.

/** Model steps per turn: enough for search, load, a couple of reads and the answer. */
export const MAX_STEPS = 6;

export interface PrepareTurnInput {
  source: SkillSource;
  settings: PlaygroundSettings;
  /**
   * The conversation so far (earlier turns only, not the new user message): UI messages as the
   * AI SDK's UI stream produced them (ids optional), each assistant message with its turn's ledger.
   */
  history: readonly HistoryMessage[];
  /** What the user typed for this turn. It is what gets stored; mention blocks are added for the model only. */
  userText: string;
  /** The ledgers of the earlier turns, oldest first; defaults to the `ledger` fields of `history`. */
  ledgers?: readonly TurnLedger[];
  /** 1-based; defaults to the number of user messages in `history` + 1. */
  turn?: number;
  /** Defaults to settings.modelId. */
  modelId?: string;
  /** Called with every disclosure event as it is recorded (to stream the ledger live). */
  onEvent?: (event: DisclosureEvent) => void;
  maxSteps?: number;
  /** Runs skill scripts; without one, skill_run is never offered. */
  runner?: SkillRunner;
  /** Files the user attached to this message (the model is told their names). */
  attachments?: readonly AttachmentInfo[];
  /** Continue a turn that paused for the user's approval instead of starting one (userText is that turn's text). */
  continuing?: ContinuedTurn;
}

/** A turn that stopped at tool calls waiting for the user, now answered. */
export interface ContinuedTurn {
  /** The turn's assistant message with the answers applied (its parts in state approval-responded). */
  assistant: HistoryMessage;
  /** The turn's ledger so far. */
  ledger: TurnLedger;
  /** The user's answers, by tool call id. */
  answers: ReadonlyMap<string, ApprovalAnswer>;
}

/** A stored message: a UI message without the need for an id, an assistant one with its ledger. */
export type HistoryMessage = Omit<UIMessage, "id"> & { id?: string; ledger?: TurnLedger | null };

/** Exactly the options to spread into streamText/generateText next to `model`. */
export interface TurnRequest {
  instructions: string;
  messages: ModelMessage[];
  tools: ToolSet;
  stopWhen: StopCondition<ToolSet>;
  /** Records tool errors the SDK raised before a tool ran, and the offline router's ranking. */
  onStepEnd: (step: StepResult<ToolSet>) => void;
  /** Offers skill_run only once a skill with scripts is in the conversation (loaded or mentioned). */
  prepareStep: PrepareStepFunction<ToolSet>;
}

export interface PreparedTurn {
  request: TurnRequest;
  turn: number;
  modelId: string;
  prompt: SystemPrompt;
  recorder: DisclosureRecorder;
  /** Messages for the user (unknown mentions, skills that need review), also recorded as notice events. */
  notices: string[];
  /** Skills injected by $mention this turn. */
  mentioned: string[];
  /** Skills already loaded in earlier turns, with the turn that loaded them (rebuilt from the history). */
  loadedBefore: ReadonlyMap<string, number>;
  /**
   * The turn's ledger. Pass the SDK's total usage (summed over steps). providerMetadata (one
   * object, or one per step) is only needed when request.onStepEnd was not passed to the SDK:
   * the router's ranking is then taken from it.
   */
  finish(usage?: TokenUsage | null, providerMetadata?: ProviderMetadataInput): TurnLedger;
}

type MetadataRecord = Record<string, unknown>;
export type ProviderMetadataInput = MetadataRecord | readonly (MetadataRecord | undefined | null)[] | null | undefined;

function rankingFrom(metadata: ProviderMetadataInput): RouterRanking | null {
  const list = Array.isArray(metadata) ? metadata : [metadata];
  for (const item of list as readonly (MetadataRecord | undefined | null)[]) {
    const ranking = item?.[ROUTER_METADATA_KEY];
    if (ranking && typeof ranking === "object") return ranking as RouterRanking;
  }
  return null;
}

export async function prepareTurn(input: PrepareTurnInput): Promise<PreparedTurn> {
  const { source, settings, history } = input;
  const turn = input.turn ?? history.filter((m) => m.role === "user").length + 1;
  const modelId = input.modelId ?? settings.modelId;
  const prompt = buildSystemPrompt(settings, source.skills);
  const continuing = input.continuing;
  const recorder = createRecorder(input.onEvent);
  // A continued turn's ledger goes on from where it paused: its events so far are the turn's too.
  if (continuing) recorder.events.push(...continuing.ledger.events);
  const fresh = !continuing;
  const notices: string[] = [];
  const notice = (message: string) => {
    notices.push(message);
    if (fresh) recorder.record({ level: 0, kind: "notice", message });
  };

  if (fresh) {
    recorder.record({
      level: 1,
      kind: "catalog",
      mode: settings.mode,
      skills: settings.mode === "full" ? prompt.catalog.map((s) => s.name) : [],
      tokens: prompt.catalogTokens,
    });
  }

  const index = boundToolIndex(input.runner ? source.skills : []);
  const toolsOf = (skill: PlaygroundSkill) => offeredTools(skill, index);
  const mentions = resolveMentions(input.userText, source.skills);
  for (const name of mentions.unknown) notice(unknownMentionNotice(name));
  const blocks: string[] = [];
  for (const skill of mentions.skills) {
    const body = await source.body(skill);
    blocks.push(renderMentionBlock(skill, body, toolsOf(skill)));
    const needsReview = skill.reviewStatus === "needs_review";
    if (needsReview) notice(`"${skill.name}" needs review: its security scan found something to check.`);
    if (!fresh) continue;
    recordActivation(recorder, skill, toolsOf(skill));
    recorder.record({
      level: 2,
      kind: "load",
      skill: skill.name,
      skillId: skill.skillId,
      version: skill.version,
      by: "mention",
      tokens: countTokens(body),
      needsReview,
      files: fileList(skill),
    });
  }

  const userMessage: HistoryMessage = { role: "user", parts: [{ type: "text", text: input.userText }] };
  const loadedBefore = lifecycleInHistory(history);
  const loaded = continuing ? lifecycleInHistory([...history, userMessage, continuing.assistant]) : new Map(loadedBefore);
  const mentionedNames = new Set(mentions.skills.map((s) => s.name));
  const tools = createSkillTools({ source, mode: settings.mode, recorder, turn, loaded, mentioned: mentionedNames, toolsOf });
  const inConversation = (name: string) => loaded.has(name) || mentionedNames.has(name);
  const baseTools = Object.keys(tools);
  tools[UNLOAD_SKILL] = createUnloadTool({ skills: source.skills, recorder, loaded, mentioned: mentionedNames, toolsOf });

  // What the user granted: "for this conversation" answers in earlier ledgers, and this request's answers.
  const earlierLedgers = input.ledgers ?? history.flatMap((m) => (m.ledger ? [m.ledger] : []));
  const book = createApprovalBook(conversationGrants([...earlierLedgers, ...(continuing ? [continuing.ledger] : [])]));
  for (const [toolCallId, answer] of continuing?.answers ?? []) {
    const asked = continuing!.ledger.events.find((e) => e.kind === "approval" && e.toolCallId === toolCallId);
    if (!asked || asked.kind !== "approval") continue;
    const granted = grantedBy(answer);
    if (granted) book.answered.set(toolCallId, granted);
    if (answer === "conversation") book.grants.add(grantKey(asked.skill, asked.tool));
    recorder.record({ ...asked, state: granted ?? "denied" });
  }
  if (input.runner) {
    tools[SKILL_RUN] = createRunTool({ runner: input.runner, recorder, skills: source.skills, inConversation, book });
    Object.assign(tools, createBoundTools({ skills: source.skills, runner: input.runner, recorder, book, isActive: inConversation }));
  }
  const scripted = source.skills.filter(hasScripts).map((s) => s.name);
  const activeTools = (): string[] => {
    const active = [...baseTools];
    if (loaded.size > 0) active.push(UNLOAD_SKILL);
    if (input.runner && scripted.some(inConversation)) active.push(SKILL_RUN);
    for (const skill of source.skills) if (inConversation(skill.name)) for (const t of toolsOf(skill)) active.push(t.name);
    return active;
  };
  const prepareStep: PrepareStepFunction<ToolSet> = ({ messages }) => {
    const elided = elideUnloadedBodies(messages);
    return elided ? { activeTools: activeTools(), messages: elided } : { activeTools: activeTools() };
  };

  const attached = input.attachments ?? [];
  const messages: ModelMessage[] = [
    ...(await convertToModelMessages(
      history.map(({ role, parts }) => ({ role, parts })),
      { ignoreIncompleteToolCalls: true, convertDataPart: attachmentNote },
    )),
    {
      role: "user",
      content: [
        { type: "text", text: input.userText },
        ...(attached.length > 0 ? [{ type: "text" as const, text: renderAttachmentNote(attached) }] : []),
        ...blocks.map((text) => ({ type: "text" as const, text })),
      ],
    },
    ...(continuing ? await convertToModelMessages([{ role: "assistant", parts: continuing.assistant.parts }], { ignoreIncompleteToolCalls: true }) : []),
  ];

  const onStepEnd = (step: StepResult<ToolSet>) => {
    recorder.router ??= rankingFrom(step.providerMetadata);
    for (const part of step.content) {
      if (part.type !== "tool-error" || recorder.handled.has(part.toolCallId)) continue;
      recorder.record(sdkToolError(part.toolName, part.input, part.error), part.toolCallId);
    }
  };

  return {
    request: { instructions: prompt.system, messages, tools, stopWhen: isStepCount(input.maxSteps ?? MAX_STEPS), onStepEnd, prepareStep },
    turn,
    modelId,
    prompt,
    recorder,
    notices,
    mentioned: mentions.skills.map((s) => s.name),
    loadedBefore,
    finish(usage, providerMetadata) {
      const before = continuing?.ledger.totals;
      return finishTurnLedger({
        turn,
        modelId,
        events: recorder.events,
        history: earlierLedgers,
        skills: prompt.catalog,
        catalogTokens: prompt.catalogTokens,
        usage: before
          ? { inputTokens: sumCounts(before.inputTokens, usage?.inputTokens), outputTokens: sumCounts(before.outputTokens, usage?.outputTokens) }
          : usage,
        router: continuing?.ledger.router ?? recorder.router ?? rankingFrom(providerMetadata),
        toolTokens: source.skills.filter((s) => inConversation(s.name)).reduce((sum, s) => sum + toolsOf(s).reduce((n, t) => n + t.tokens, 0), 0),
      });
    },
  };
}

/** Provider counts of a turn's two requests, added; null when either is unknown. */
function sumCounts(a: number | null | undefined, b: number | null | undefined): number | null {
  return typeof a === "number" && typeof b === "number" ? a + b : null;
}

/** How the model learns of attached files: names and sizes, never the bytes (scripts read them). */
export function renderAttachmentNote(files: readonly AttachmentInfo[]): string {
  const lines = files.map((f) => `- inputs/${f.name} (${f.mediaType}, ${formatBytes(f.size, "prose")})`);
  return `<attachments note="files the user attached; skill_run scripts read them under inputs/">\n${lines.join("\n")}\n</attachments>`;
}

/** A stored attachment part of an earlier user message, as the model reads it. */
function attachmentNote(part: { type: string; data: unknown }): { type: "text"; text: string } | undefined {
  if (part.type !== "data-attachment") return undefined;
  const file = part.data as { path?: unknown; size?: unknown; mediaType?: unknown };
  if (typeof file.path !== "string") return undefined;
  return { type: "text", text: renderAttachmentNote([{ name: file.path, size: Number(file.size) || 0, mediaType: String(file.mediaType ?? "") }]) };
}

/** A tool error the SDK produced itself (input failing the schema, a tool that does not exist). */
function sdkToolError(toolName: string, input: unknown, error: unknown): DisclosureEvent {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);
  const fields = (input && typeof input === "object" ? input : {}) as { name?: unknown; path?: unknown };
  const skill = typeof fields.name === "string" ? fields.name : undefined;
  const path = typeof fields.path === "string" ? fields.path : undefined;
  if (toolName === READ_SKILL_RESOURCE) return { level: 3, kind: "error", tool: READ_SKILL_RESOURCE, skill, path, error: message };
  if (toolName === LOAD_SKILL || toolName === SEARCH_SKILLS) return { level: 2, kind: "error", tool: toolName, skill, error: message };
  if (toolName === SKILL_RUN) {
    const runSkill = typeof (fields as { skill?: unknown }).skill === "string" ? (fields as { skill: string }).skill : undefined;
    return { level: 3, kind: "error", tool: SKILL_RUN, skill: runSkill, error: message };
  }
  return { level: 0, kind: "notice", message: `The model called a tool that does not exist ("${toolName}"); it was told so.` };
}
