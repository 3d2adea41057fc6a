import "server-only";
import { APICallError, createUIMessageStream, createUIMessageStreamResponse, generateId, RetryError, streamText, type LanguageModel, type UIMessage } from "ai";
import { resolveModel } from "@/lib/ai/models";
import { DataError } from "@/lib/data/errors";
import { getConversationHistory, loadSkillSource, saveTurn } from "@/lib/data/playground";
import { openRunSession, type NewAttachment } from "@/lib/data/skill-runs";
import type { ViewerRef } from "@/lib/data/actor";
import { catalogOverBudget, chooseInstructions } from "@/lib/playground/prompt";
import { prepareTurn } from "@/lib/playground/turn";
import type { TurnLedger } from "@/lib/playground/types";
import { chatRequestInput, firstIssue, MAX_ATTACHMENT_BYTES } from "@/lib/playground/inputs";
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

  const registered = resolveModel(setup.modelId);
  const resolved = registered && options.model ? { ...registered, model: options.model } : registered;
  if (!resolved)
    throw new HttpError(422, "unknown_model", `The model "${setup.modelId}" is not configured on this server; choose another one in the setup panel.`, {
      field: "setup.modelId",
    });

  const conversation = conversationId ? await getConversationHistory(viewer, conversationId) : null;
  if (conversationId && !conversation) throw new HttpError(404, "not_found", "Conversation not found.");
  const loaded = await loadSkillSource(viewer, setup.source);
  const history = conversation?.history ?? [];
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
  const stream = createUIMessageStream<PlaygroundMessage>({
    onError: describeProviderError,
    execute: async ({ writer }) => {
      writer.write({ type: "start", messageId: assistantMessageId });
      const noticeParts = notices.map((message) => ({ type: "data-notice" as const, data: { message } }));
      for (const part of noticeParts) writer.write(part);
      for (const event of turn.recorder.events) writer.write({ type: "data-event", data: event, transient: true });
      turn.recorder.onEvent = (event) => writer.write({ type: "data-event", data: event, transient: true });

      let failure: unknown = null;
      let responseParts: UIMessage["parts"] = [];
      const result = streamText({
        model: resolved.model,
        ...turn.request,
        maxRetries: 1,
        timeout: { stepMs: STEP_TIMEOUT_MS },
        abortSignal: options.signal,
        onError: ({ error }) => {
          failure ??= error;
        },
      });
      const ui = result.toUIMessageStream<PlaygroundMessage>({
        sendStart: false,
        sendFinish: false,
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
      if (failure || options.signal?.aborted) return;

      const ledger: TurnLedger = turn.finish(await result.totalUsage);
      writer.write({ type: "data-ledger", id: `ledger-${assistantMessageId}`, data: ledger });
      let saved: Awaited<ReturnType<typeof saveTurn>>;
      try {
        saved = await saveTurn(viewer, {
          conversationId: conversation?.id ?? null,
          setup,
          userText: text,
          assistantMessageId,
          afterMessages: history.length,
          assistantParts: [...noticeParts, ...responseParts],
          ledger,
          files: { attachments, outputs: runs.outputs },
        });
      } catch (error) {
        // The conversation was deleted (in another tab, say) while the model answered.
        if (error instanceof DataError) return void writer.write({ type: "error", errorText: `The answer could not be saved: ${error.message}` });
        throw error;
      }
      for (const part of saved.runFiles) writer.write(part);
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
