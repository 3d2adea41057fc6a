import "server-only";
import { APICallError, createUIMessageStream, createUIMessageStreamResponse, generateId, RetryError, streamText, type LanguageModel, type UIMessage } from "ai";
import { resolveModel, withSkillSource } from "@/lib/ai/models";
import { DataError } from "@/lib/data/errors";
import { continueTurn, getConversationHistory, loadSkillSource, pendingApprovalIds, saveTurn } from "@/lib/data/playground";
import { openRunSession, type NewAttachment } from "@/lib/data/playground";
import type { ViewerRef } from "@/lib/data/core";
import { catalogOverBudget, chooseInstructions } from "@/lib/playground/prompt";
import { prepareTurn, type PreparedTurn } from "@/lib/playground/turn";
import { notePlaygroundTurn } from "@/lib/data/usage";
import type { ApprovalAnswer } from "@/lib/playground/approval";
import type { TurnLedger } from "@/lib/playground/domain";
import { chatRequestInput, firstIssue, MAX_ATTACHMENT_BYTES, type ApprovalDecision, type ChatRequestInput } from "@/lib/playground/inputs";
import type { PlaygroundMessage } from "@/lib/types/playground";
import { detectMediaType } from "@/lib/skills/format/media-type";
import { HttpError } from "./errors";

// One playground turn: validate, load the conversation and its catalog, let the pure core prepare
// the turn, stream the model's answer with the disclosure ledger as data parts, and store the
// turn once it has ended. A turn the provider fails is not stored at all, so Retry starts clean.

/** How long a provider may take for one step before the turn fails with a timeout. */
const STEP_TIMEOUT_MS = 60_000;

export interface ChatOptions {
  signal?: AbortSignal;
  /** Answers in place of the registry's model for setup.modelId (the benchmark's instant model). */
  model?: LanguageModel;
}

export async function playgroundChat(viewer: ViewerRef, body: unknown, options: ChatOptions = {}): Promise<Response> {
  const parsed = chatRequestInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(422, "invalid", firstIssue(parsed.error), { field: issue?.path.join(".") ?? null });
  }
  const { conversationId, text, setup } = parsed.data;
  const attachments = decodeAttachments(parsed.data.attachments);
  const resolved = resolveChatModel(setup.modelId, options);

  const conversation = conversationId ? await getConversationHistory(viewer, conversationId) : null;
  if (conversationId && !conversation) throw new HttpError(404, "not_found", "Conversation not found.");
  const history = conversation?.history ?? [];
  const paused = history.at(-1);
  if (parsed.data.approvals.length > 0)
    return continueChat(viewer, { conversation: conversation!, setup, approvals: parsed.data.approvals, resolved }, options);
  if (paused && pendingApprovalIds(paused.parts).length > 0) {
    throw new HttpError(
      409,
      "approval_pending",
      "The last answer is waiting for your approval of a tool call. Approve or deny it first, then send your message.",
    );
  }

  const loaded = await loadSkillSource(viewer, setup.source);
  const turnNumber = history.filter((m) => m.role === "user").length + 1;
  const instructions = chooseInstructions(setup.instructions, loaded.profileInstructions);

  const runs = await openRunSession(viewer, { conversationId: conversation?.id ?? null, attachments });
  const turn = await prepareTurn({
    runner: runs.runner ?? undefined,
    attachments: attachments.map((a) => ({ name: a.name, size: a.bytes.length, mediaType: a.mediaType })),
    source: loaded.source,
    settings: { mode: setup.mode, exposeMetadata: setup.exposeMetadata, instructions, modelId: setup.modelId },
    history,
    userText: text,
    turn: turnNumber,
    modelId: setup.modelId,
  });

  // The turn's own notices (unknown $mentions, skills that need review) are ledger events; these
  // are about the setup and are stored with the answer as notice parts.
  const notices = [...loaded.notices];
  const catalogTokens = turn.prompt.catalogTokens;
  if (catalogOverBudget(setup.mode, catalogTokens, resolved.option.contextWindow)) {
    notices.push(
      `The catalog takes ${catalogTokens.toLocaleString("en-US")} tokens, more than a quarter of ${resolved.option.label}'s ${resolved.option.contextWindow.toLocaleString("en-US")}-token context. Switch the catalog to search mode.`,
    );
  }

  const assistantMessageId = generateId();
  return streamTurn({
    turn,
    model: withSkillSource(resolved.model, loaded.source),
    signal: options.signal,
    messageId: assistantMessageId,
    noticeParts: notices.map((message) => ({ type: "data-notice" as const, data: { message } })),
    save: async (assistantParts, ledger) => {
      const saved = await saveTurn(viewer, {
        conversationId: conversation?.id ?? null,
        setup,
        userText: text,
        assistantMessageId,
        afterMessages: history.length,
        assistantParts,
        ledger,
        files: { attachments, outputs: runs.outputs },
      });
      notePlaygroundTurn(viewer, { mode: setup.mode, catalog: turn.prompt.catalog, events: ledger.events, offer: true });
      return saved;
    },
  });
}

/** The registry's model for the setup (or the caller's stand-in with the registry's limits). */
function resolveChatModel(modelId: string, options: ChatOptions) {
  const registered = resolveModel(modelId);
  const resolved = registered && options.model ? { ...registered, model: options.model } : registered;
  if (!resolved)
    throw new HttpError(422, "unknown_model", `The model "${modelId}" is not configured on this server; choose another one in the setup panel.`, {
      field: "setup.modelId",
    });
  return resolved;
}

interface ContinueInput {
  conversation: NonNullable<Awaited<ReturnType<typeof getConversationHistory>>>;
  setup: ChatRequestInput["setup"];
  approvals: readonly ApprovalDecision[];
  resolved: ReturnType<typeof resolveChatModel>;
}

/**
 * The user answered the tool calls the last turn paused at: apply the answers to that assistant
 * message (the AI SDK's approval-responded state), let the SDK run the approved calls and tell the
 * model of the denied ones, and stream the rest of the turn into the same message.
 */
async function continueChat(viewer: ViewerRef, input: ContinueInput, options: ChatOptions): Promise<Response> {
  const { conversation, setup, approvals } = input;
  const history = conversation.history;
  const paused = history.at(-1);
  const asked = history.at(-2);
  if (!paused || paused.role !== "assistant" || !paused.ledger || asked?.role !== "user") {
    throw new HttpError(409, "no_approval", "Nothing in this conversation is waiting for an approval. Reload it to see its latest state.");
  }
  const applied = applyApprovals(paused.parts, approvals);
  const waiting = pendingApprovalIds(paused.parts);
  const unknown = approvals.find((a) => !waiting.includes(a.approvalId));
  if (unknown)
    throw new HttpError(409, "no_approval", "This approval was already answered or does not exist. Reload the conversation to see its latest state.");
  if (applied.answers.size < waiting.length)
    throw new HttpError(422, "invalid", `Answer all ${waiting.length} approvals the answer is waiting for.`, { field: "approvals" });

  const loaded = await loadSkillSource(viewer, setup.source);
  const earlier = history.slice(0, -2);
  const userText = asked.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
  const runs = await openRunSession(viewer, { conversationId: conversation.id, attachments: [] });
  const turn = await prepareTurn({
    runner: runs.runner ?? undefined,
    source: loaded.source,
    settings: {
      mode: setup.mode,
      exposeMetadata: setup.exposeMetadata,
      instructions: chooseInstructions(setup.instructions, loaded.profileInstructions),
      modelId: setup.modelId,
    },
    history: earlier,
    userText,
    turn: earlier.filter((m) => m.role === "user").length + 1,
    modelId: setup.modelId,
    continuing: { assistant: { role: "assistant", parts: applied.parts }, ledger: paused.ledger, answers: applied.answers },
  });
  return streamTurn({
    turn,
    model: withSkillSource(input.resolved.model, loaded.source),
    signal: options.signal,
    messageId: paused.id,
    continuing: { id: paused.id, role: "assistant", parts: applied.parts },
    noticeParts: [],
    save: async (assistantParts, ledger) => {
      const saved = await continueTurn(viewer, {
        conversationId: conversation.id,
        assistantMessageId: paused.id,
        approvalIds: waiting,
        setup,
        assistantParts,
        ledger,
        outputs: runs.outputs,
      });
      // The paused part of the turn counted when it was saved.
      notePlaygroundTurn(viewer, {
        mode: setup.mode,
        catalog: turn.prompt.catalog,
        events: ledger.events.slice(paused.ledger?.events.length ?? 0),
        offer: false,
      });
      return saved;
    },
  });
}

/** The paused message with the user's answers applied, and the answers by tool call id. */
export function applyApprovals(
  parts: UIMessage["parts"],
  approvals: readonly ApprovalDecision[],
): { parts: UIMessage["parts"]; answers: Map<string, ApprovalAnswer> } {
  const byId = new Map(approvals.map((a) => [a.approvalId, a.decision]));
  const answers = new Map<string, ApprovalAnswer>();
  const next = parts.map((part) => {
    if (!("state" in part) || part.state !== "approval-requested" || !("toolCallId" in part)) return part;
    const decision = byId.get(part.approval.id);
    if (!decision) return part;
    answers.set(part.toolCallId, decision);
    const reason = decision === "deny" ? "The user denied this call." : decision === "conversation" ? "Approved for this conversation." : "Approved once.";
    return { ...part, state: "approval-responded", approval: { ...part.approval, approved: decision !== "deny", reason } } as UIMessage["parts"][number];
  });
  return { parts: next, answers };
}

interface StreamTurnInput {
  turn: PreparedTurn;
  model: LanguageModel;
  signal?: AbortSignal;
  messageId: string;
  /** The paused assistant message a continuation streams into. */
  continuing?: UIMessage;
  noticeParts: { type: "data-notice"; data: { message: string } }[];
  save: (
    assistantParts: UIMessage["parts"],
    ledger: TurnLedger,
  ) => Promise<{ id: string; title: string; runFiles: { type: "data-run-files"; id: string; data: unknown }[] }>;
}

/** Streams one request of a turn with its ledger, and stores it once it ended (a failed one is not stored, so Retry starts clean). */
function streamTurn({ turn, model, signal, messageId, continuing, noticeParts, save }: StreamTurnInput): Response {
  const stream = createUIMessageStream<PlaygroundMessage>({
    onError: describeProviderError,
    execute: async ({ writer }) => {
      writer.write({ type: "start", messageId });
      for (const part of noticeParts) writer.write(part);
      for (const event of turn.recorder.events) writer.write({ type: "data-event", data: event, transient: true });
      turn.recorder.onEvent = (event) => writer.write({ type: "data-event", data: event, transient: true });

      let failure: unknown = null;
      let responseParts: UIMessage["parts"] = [];
      const result = streamText({
        model,
        ...turn.request,
        maxRetries: 1,
        timeout: { stepMs: STEP_TIMEOUT_MS },
        abortSignal: signal,
        onError: ({ error }) => {
          failure ??= error;
        },
      });
      const ui = result.toUIMessageStream<PlaygroundMessage>({
        sendStart: false,
        sendFinish: false,
        originalMessages: continuing ? [continuing as PlaygroundMessage] : undefined,
        onError: describeStreamError,
        onEnd: ({ responseMessage }) => {
          responseParts = responseMessage.parts;
        },
      });
      for await (const chunk of ui) {
        if (chunk.type === "error") failure ??= new Error(chunk.errorText);
        writer.write(chunk);
      }
      // A failed or abandoned turn is not stored: the conversation stays as it was, and Retry sends the message again.
      if (failure || signal?.aborted) return;

      const ledger: TurnLedger = turn.finish(await result.totalUsage);
      writer.write({ type: "data-ledger", id: `ledger-${messageId}`, data: ledger });
      let saved: Awaited<ReturnType<typeof save>>;
      try {
        saved = await save(continuing ? responseParts : [...noticeParts, ...responseParts], ledger);
      } catch (error) {
        // The conversation was deleted (in another tab, say) while the model answered.
        if (error instanceof DataError) return void writer.write({ type: "error", errorText: `The answer could not be saved: ${error.message}` });
        throw error;
      }
      for (const part of saved.runFiles) writer.write(part as Parameters<typeof writer.write>[0]);
      writer.write({ type: "data-conversation", data: { id: saved.id, title: saved.title }, transient: true });
      writer.write({ type: "finish" });
    },
  });
  return createUIMessageStreamResponse({ stream, headers: { "Cache-Control": "no-store" } });
}

/** The request's attachments as bytes; a file whose decoded size passes the limit is refused by name. */
function decodeAttachments(files: readonly { name: string; mediaType: string; data: string }[]): NewAttachment[] {
  return files.map((file, index) => {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(file.data)) {
      throw new HttpError(422, "invalid", `The attachment "${file.name}" is not base64-encoded.`, { field: `attachments.${index}.data` });
    }
    const bytes = new Uint8Array(Buffer.from(file.data, "base64"));
    if (bytes.length > MAX_ATTACHMENT_BYTES) {
      throw new HttpError(413, "too_large", `The attachment "${file.name}" is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`, {
        field: `attachments.${index}.data`,
      });
    }
    // The type is read from the bytes, never taken from the browser's claim (the file route serves it with this type).
    let text: string | null = null;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = null;
    }
    return { name: file.name, mediaType: detectMediaType(bytes, file.name, text), bytes };
  });
}

/**
 * An error inside the answer's stream: a tool's error (written for the model, and what the user
 * should see on the tool's card) as it is, a provider failure as describeProviderError says it.
 */
export function describeStreamError(error: unknown): string {
  const providerish =
    RetryError.isInstance(error) ||
    APICallError.isInstance(error) ||
    (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) ||
    connectionProblem(error) !== "unknown error";
  if (!providerish && error instanceof Error && error.message) return error.message.replace(/\s+/g, " ").slice(0, 500);
  return describeProviderError(error);
}

/**
 * A provider failure as one sentence the chat shows above Retry. Secrets never reach it: only the
 * status, the host and the provider's own short message.
 */
export function describeProviderError(error: unknown): string {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const host = safeHost(cause.url);
    const said = providerMessage(cause.responseBody);
    switch (cause.statusCode) {
      case 401:
      case 403:
        return `The model provider at ${host} refused the API key (${cause.statusCode}). Check the key configured on the server.${said}`;
      case 404:
        return `The model provider at ${host} does not know this model (404).${said}`;
      case 429:
        return `The model provider at ${host} is rate limiting requests (429). Wait a moment, then retry.${said}`;
      default:
        if (cause.statusCode) return `The model provider at ${host} answered ${cause.statusCode}.${said}`;
        return `Could not reach the model provider at ${host}: ${connectionProblem(cause.cause ?? cause)}.`;
    }
  }
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError" || /timed? ?out/i.test(cause.message))) {
    return `The model did not answer within ${STEP_TIMEOUT_MS / 1000} seconds. Retry, or choose another model.`;
  }
  const connection = connectionProblem(cause);
  if (connection !== "unknown error") return `Could not reach the model provider: ${connection}.`;
  return "The model failed to answer. Retry, or choose another model.";
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "the configured URL";
  }
}

function providerMessage(body: string | undefined): string {
  if (!body) return "";
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === "string" && message ? ` It said: "${message.slice(0, 200)}".` : "";
  } catch {
    return "";
  }
}

function connectionProblem(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "ECONNREFUSED") return "connection refused (is the server running?)";
    if (code === "ENOTFOUND") return "the host name does not resolve";
    if (code === "ECONNRESET") return "the connection was reset";
    if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT") return "the connection timed out";
    current = (current as { cause?: unknown }).cause;
  }
  return "unknown error";
}
