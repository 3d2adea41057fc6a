import { parseChatStream, type StreamChunk } from "@/lib/test/chat-stream";
import { startOpenAiServer } from "@/lib/test/openai-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";
import { countTokens } from "@/lib/skills/format/tokens";
import type { DisclosureEvent, TurnLedger } from "@/lib/playground/domain";
import type { PlaygroundSetup } from "@/lib/types/playground";

// The real provider path without the network: an OpenAI-compatible server on 127.0.0.1 answers
// /v1/chat/completions with Server-Sent Events the way OpenAI, vLLM or Ollama do, scripted to call
// load_skill first and answer in text once the tool result came back.

type Script = "tool-then-text" | "401" | "429";
let script: Script = "tool-then-text";
const provider = await startOpenAiServer((body) => {
  if (script === "401") return { kind: "error", status: 401, message: "Incorrect API key provided", type: "invalid_request_error" };
  if (script === "429") return { kind: "error", status: 429, message: "Rate limit reached", type: "rate_limit", headers: { "Retry-After": "0" } };
  const toolResult = body.messages.find((m) => m.role === "tool");
  return toolResult
    ? { kind: "text", text: "Use pdf-tools: split the file first.", usage: { prompt_tokens: 900, completion_tokens: 20 } }
    : { kind: "tool", name: "load_skill", args: { name: "pdf-tools" }, usage: { prompt_tokens: 321, completion_tokens: 12 } };
});
const { requests, server } = provider;
const port = (server.address() as AddressInfo).port;

process.env.OPENAI_API_KEY = "test-key";
process.env.OPENAI_BASE_URL = `http://127.0.0.1:${port}/v1`;
process.env.OPENAI_MODELS = "scripted";

const { db, cleanup } = await createTestDatabase();
const { playgroundChat } = await import("./playground-chat");
const { createSkill } = await import("@/lib/data/skills");
const { getConversation } = await import("@/lib/data/playground/playground");
const { HttpError } = await import("./errors");
afterAll(async () => {
  await provider.close();
  await cleanup();
});

await createUser(db, "ada");
const ada = { id: "ada" };
const pdfTools = makeSkill("pdf-tools", {
  description: "Split, merge and fill PDF files. Use when the user works with PDFs.",
  body: "# PDF tools\n\nSplit the file first, then merge.\n",
  files: { "references/forms.md": "# Forms\n\nFill fields.\n" },
});
await createSkill(ada, {
  skill: makeSkill("pdf-tools", {
    description: "Split, merge and fill PDF files. Use when the user works with PDFs.",
    body: "# PDF tools\n\nSplit the file first, then merge.\n",
    files: { "references/forms.md": "# Forms\n\nFill fields.\n" },
  }),
  destination: { scope: "PERSONAL" },
});
await createSkill(ada, { skill: makeSkill("meeting-notes"), destination: { scope: "PERSONAL" } });

const setup: PlaygroundSetup = { source: { kind: "all" }, mode: "full", exposeMetadata: false, instructions: "", modelId: "openai:scripted" };

/** The UI message stream's chunks, as the browser's useChat reads them. */
async function chunks(response: Response): Promise<StreamChunk[]> {
  return parseChatStream(await response.text());
}

beforeEach(() => {
  script = "tool-then-text";
  requests.length = 0;
});

describe("a playground turn through an OpenAI-compatible provider", () => {
  it("runs load_skill then text, streams the ledger and stores the turn", async () => {
    const response = await playgroundChat(ada, { conversationId: null, text: "How do I split a PDF?", setup });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const stream = await chunks(response);

    // Two model calls: the tool call, then the answer with the tool result in its messages.
    expect(requests).toHaveLength(2);
    expect(requests[0].model).toBe("scripted");
    expect(requests[0].tools?.map((t) => t.function.name).sort()).toEqual(["load_skill", "read_skill_resource"]);
    expect(JSON.stringify(requests[0].messages[0])).toContain("<available_skills>");
    const toolMessage = requests[1].messages.find((m) => m.role === "tool")!;
    const delivered = typeof toolMessage.content === "string" ? toolMessage.content : JSON.stringify(toolMessage.content);
    expect(delivered).toContain("Split the file first, then merge.");
    expect(delivered).toContain("references/forms.md");

    const text = stream
      .filter((c) => c.type === "text-delta")
      .map((c) => c.delta)
      .join("");
    expect(text).toBe("Use pdf-tools: split the file first.");
    const live = stream.filter((c) => c.type === "data-event").map((c) => c.data as DisclosureEvent);
    expect(live.map((e) => e.kind)).toEqual(["catalog", "load"]);
    expect(stream.filter((c) => c.type === "data-event").every((c) => c.transient === true)).toBe(true);

    const ledger = stream.find((c) => c.type === "data-ledger")?.data as TurnLedger;
    const load = ledger.events.find((e) => e.kind === "load");
    // The ledger counts the skill content the model received: the body, as the skill page counts it.
    expect(load).toEqual({
      level: 2,
      kind: "load",
      skill: "pdf-tools",
      skillId: expect.any(String),
      version: 1,
      by: "model",
      tokens: pdfTools.tokens.body,
      needsReview: false,
      files: expect.any(Array),
    });
    expect(pdfTools.tokens.body).toBe(countTokens(pdfTools.body));
    expect(ledger).toMatchObject({ turn: 1, modelId: "openai:scripted", router: null });
    expect(ledger.totals).toMatchObject({ inputTokens: 321 + 900, outputTokens: 12 + 20 });
    expect(ledger.totals.newlyDisclosed).toBe(ledger.totals.catalogTokens + pdfTools.tokens.body);
    expect(ledger.totals.savingPercent).toBe(Math.round(1000 * (1 - ledger.totals.resident / ledger.totals.eagerTokens)) / 10);
    expect(ledger.totals.savingPercent).toBeGreaterThan(0);
    expect(stream.at(-1)).toEqual({ type: "finish" });

    const saved = stream.find((c) => c.type === "data-conversation")?.data as { id: string; title: string };
    const conversation = await getConversation(ada, saved.id);
    expect(conversation?.title).toBe("How do I split a PDF?");
    expect(conversation?.setup).toEqual(setup);
    expect(conversation?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(conversation?.messages[0].parts).toEqual([{ type: "text", text: "How do I split a PDF?" }]);
    const stored = conversation!.messages[1];
    expect(stored.id).toBe(stream.find((c) => c.type === "start")?.messageId);
    expect(stored.parts.find((p) => p.type === "data-ledger")).toMatchObject({ data: ledger });
    expect(stored.parts.some((p) => p.type === "tool-load_skill")).toBe(true);

    // A second turn continues the stored conversation: the model sees the earlier load and the
    // ledger keeps it resident.
    const second = await chunks(await playgroundChat(ada, { conversationId: saved.id, text: "And $meeting-notes?", setup }));
    const ledger2 = second.find((c) => c.type === "data-ledger")?.data as TurnLedger;
    expect(ledger2.turn).toBe(2);
    // The scripted server answers in text once a tool result is in the history, so the only load is the mention.
    expect(ledger2.events.flatMap((e) => (e.kind === "load" ? [`${e.skill} by ${e.by}`] : []))).toEqual(["meeting-notes by mention"]);
    expect(ledger2.totals.resident).toBeGreaterThan(ledger.totals.resident);
    const stored2 = await getConversation(ada, saved.id);
    expect(stored2?.messages).toHaveLength(4);
    // The mention's injected body reached the model but is not stored with the user's message.
    expect(stored2?.messages[2].parts).toEqual([{ type: "text", text: "And $meeting-notes?" }]);
  });

  it.each([
    ["401", /refused the API key \(401\).*Incorrect API key provided/],
    ["429", /rate limiting requests \(429\)/],
  ] as const)("shows a %s from the provider as an error and stores nothing", async (status, message) => {
    script = status;
    const before = await db.conversationMessage.count();
    const stream = await chunks(await playgroundChat(ada, { conversationId: null, text: "How do I split a PDF?", setup }));
    const error = stream.find((c) => c.type === "error");
    expect(error?.errorText).toMatch(message);
    expect(stream.some((c) => c.type === "data-ledger" || c.type === "data-conversation")).toBe(false);
    expect(await db.conversationMessage.count()).toBe(before);
  });

  it("refuses an over-long message naming the limit, and an unknown model", async () => {
    const refusal = (body: unknown) =>
      playgroundChat(ada, body).then(
        () => null,
        (error: unknown) => error,
      );
    const long = await refusal({ conversationId: null, text: "x".repeat(8_001), setup });
    expect(long).toBeInstanceOf(HttpError);
    expect((long as Error).message).toBe("Messages are limited to 8,000 characters; shorten yours and send it again.");
    const unknown = await refusal({ conversationId: null, text: "hi", setup: { ...setup, modelId: "openai:gpt-nope" } });
    expect((unknown as Error).message).toContain('The model "openai:gpt-nope" is not configured');
    expect(requests).toHaveLength(0);
  });

  it("discloses nothing of a skill the viewer cannot see, whether picked by id or $mentioned", async () => {
    await createUser(db, "bob");
    const secret = await createSkill(
      { id: "bob" },
      {
        skill: makeSkill("private-plan", { description: "Bob's plan for PDF files.", body: "# Plan\n\nTOP SECRET steps.\n" }),
        destination: { scope: "PERSONAL" },
      },
    );
    const offline: PlaygroundSetup = { ...setup, modelId: "offline-router", source: { kind: "picked", skillIds: [secret.skillId] } };
    const response = await playgroundChat(ada, { conversationId: null, text: "Follow $private-plan for my PDF files", setup: offline });
    const raw = await response.text();
    expect(raw).not.toContain("TOP SECRET");
    expect(raw).not.toContain("Bob's plan");
    const stream = parseChatStream(raw);
    const ledger = stream.find((c) => c.type === "data-ledger")?.data as TurnLedger;
    expect(ledger.events.filter((e) => e.kind === "load" || e.kind === "read")).toEqual([]);
    expect(ledger.events.find((e) => e.kind === "catalog")).toMatchObject({ skills: [] });
    expect(ledger.events).toContainEqual({ level: 0, kind: "notice", message: "$private-plan is not in this catalog; ignored." });
    expect(stream.filter((c) => c.type === "data-notice").map((c) => (c.data as { message: string }).message)).toEqual([
      "1 picked skill(s) are no longer visible to you and were left out.",
    ]);
  });

  it("reports a provider that refuses connections", async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const stream = await chunks(await playgroundChat(ada, { conversationId: null, text: "How do I split a PDF?", setup }));
    expect(stream.find((c) => c.type === "error")?.errorText).toMatch(/Could not reach the model provider at 127\.0\.0\.1:\d+: connection refused/);
    server.listen(0, "127.0.0.1");
  });
});
