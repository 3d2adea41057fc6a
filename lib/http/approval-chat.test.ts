import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";
import type { DisclosureEvent, TurnLedger } from "@/lib/playground/domain";
import type { PlaygroundMessage, PlaygroundSetup } from "@/lib/types/playground";
import { setSkillExecutor } from "@/lib/sandbox/registry";
import { installTestSandbox, readChatTurn } from "@/lib/test/chat-stream";
import { HttpError } from "./errors";

// Tool approval through the chat route's handler, with the offline router and the real sandbox: a
// skill_run that allowed-tools does not cover pauses the turn (stored as it is), the user's answer
// continues the same assistant message, a denial reaches the model, an answer cannot be replayed,
// and "for this conversation" stops asking.

const availability = await installTestSandbox("approval chat tests");

const { db, cleanup } = await createTestDatabase();
const { playgroundChat } = await import("./playground-chat");
const { createSkill } = await import("@/lib/data/skills");
const { getConversation } = await import("@/lib/data/playground/playground");
afterAll(async () => {
  setSkillExecutor(null);
  await cleanup();
});

await createUser(db, "ada", { role: "ADMIN" });
const ada = { id: "ada" };
await createSkill(ada, {
  skill: makeSkill("row-counter", {
    description: "Counts the rows of a CSV spreadsheet export. Use when the user wants to count rows in a CSV file.",
    body: "# Row counter\n\nRun `python3 scripts/count.py`.\n",
    files: { "scripts/count.py": "print('counted 3 rows')\n" },
  }),
  destination: { scope: "PERSONAL" },
});

await createSkill(ada, {
  skill: makeSkill("greeter", {
    description: "Greets a person by name. Use when the user wants a greeting.",
    body: "# Greeter\n\nRun `bash scripts/hello.sh`.\n",
    files: { "scripts/hello.sh": "echo hello from the greeter\n" },
    frontmatter: "allowed-tools: Bash(bash scripts/hello.sh:*)\n",
  }),
  destination: { scope: "PERSONAL" },
});

const setup: PlaygroundSetup = { source: { kind: "all" }, mode: "full", exposeMetadata: false, instructions: "", modelId: "offline-router" };
const ASK = "Count the rows in my CSV file: `python3 scripts/count.py`";

async function send(body: object) {
  const turn = await readChatTurn(await playgroundChat(ada, { conversationId: null, setup, ...body }));
  const approval = turn.chunks.find((c) => c.type === "tool-approval-request") as { approvalId: string; toolCallId: string } | undefined;
  return { ...turn, approval, start: turn.chunks.find((c) => c.type === "start") as unknown as { messageId: string } };
}

async function refusal(body: object): Promise<HttpError> {
  try {
    await playgroundChat(ada, { setup, ...body });
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("the request was accepted");
}

const runs = async () => db.auditEvent.count({ where: { action: "skill.run" } });
const states = (ledger: TurnLedger) => ledger.events.flatMap((e) => (e.kind === "approval" ? [e.state] : []));

describe.skipIf(!availability.available)("tool approval in the chat", () => {
  it("pauses a run for the user; approving once continues the same message, runs it, and stores the whole turn", async () => {
    const before = await runs();
    const paused = await send({ text: ASK });
    expect(paused.approval).toBeDefined();
    expect(paused.chunks.some((c) => c.type === "tool-output-available" && c.toolCallId === paused.approval!.toolCallId)).toBe(false);
    expect(states(paused.ledger)).toEqual(["requested"]);
    expect(paused.ledger.events.find((e) => e.kind === "approval")).toMatchObject({ summary: "row-counter wants to run python3 scripts/count.py" });
    expect(await runs()).toBe(before);
    const conversationId = paused.conversation!.id;

    const stored = await getConversation(ada, conversationId);
    const waiting = (stored!.messages.at(-1) as PlaygroundMessage).parts.find((p) => "state" in p && p.state === "approval-requested");
    expect(waiting).toBeDefined();

    // A new message while the approval waits is refused, naming why.
    const blocked = await refusal({ conversationId, text: "something else" });
    expect([blocked.status, blocked.code]).toEqual([409, "approval_pending"]);

    const resumed = await send({ conversationId, approvals: [{ approvalId: paused.approval!.approvalId, decision: "once" }] });
    expect(resumed.start.messageId).toBe(paused.start.messageId);
    expect(resumed.chunks.find((c) => c.type === "tool-output-available")).toMatchObject({ toolCallId: paused.approval!.toolCallId });
    expect(resumed.answer).toContain("I ran `python3 scripts/count.py`: it finished");
    expect(resumed.answer).toContain("counted 3 rows");
    expect(states(resumed.ledger)).toEqual(["requested", "approved-once"]);
    expect(resumed.ledger.events.find((e): e is Extract<DisclosureEvent, { kind: "run" }> => e.kind === "run")).toMatchObject({
      approval: "approved-once",
      exitCode: 0,
    });
    expect(await runs()).toBe(before + 1);

    const after = await getConversation(ada, conversationId);
    expect(after!.messages).toHaveLength(2);
    const assistant = after!.messages[1] as PlaygroundMessage;
    expect(assistant.id).toBe(paused.start.messageId);
    expect(assistant.parts.find((p) => "toolCallId" in p && p.toolCallId === paused.approval!.toolCallId)).toMatchObject({ state: "output-available" });
    expect(states(assistant.parts.find((p) => p.type === "data-ledger")!.data as TurnLedger)).toEqual(["requested", "approved-once"]);

    // The same answer again (another tab) finds nothing waiting.
    const replay = await refusal({ conversationId, approvals: [{ approvalId: paused.approval!.approvalId, decision: "once" }] });
    expect([replay.status, replay.code]).toEqual([409, "no_approval"]);
  });

  it("a denial is told to the model and nothing runs", async () => {
    const before = await runs();
    const paused = await send({ text: ASK });
    const denied = await send({ conversationId: paused.conversation!.id, approvals: [{ approvalId: paused.approval!.approvalId, decision: "deny" }] });
    expect(denied.answer).toContain("You denied running `python3 scripts/count.py`, so I did not run it.");
    expect(states(denied.ledger)).toEqual(["requested", "denied"]);
    expect(denied.ledger.events.some((e) => e.kind === "run")).toBe(false);
    expect(await runs()).toBe(before);
  });

  it("approved for this conversation, the next run of that skill does not ask; a new conversation asks again", async () => {
    const paused = await send({ text: ASK });
    const conversationId = paused.conversation!.id;
    await send({ conversationId, approvals: [{ approvalId: paused.approval!.approvalId, decision: "conversation" }] });
    const next = await send({ conversationId, text: `${ASK} again` });
    expect(next.approval).toBeUndefined();
    expect(next.ledger.events.find((e) => e.kind === "run")).toMatchObject({ approval: "approved-conversation" });
    const fresh = await send({ text: ASK });
    expect(fresh.approval).toBeDefined();
  });

  it("allowed-tools' prefix runs the script it names at once; the same prefix chained to another command asks", async () => {
    const allowed = await send({ text: "Greet a person by name with a greeting: `bash scripts/hello.sh`" });
    expect(allowed.approval).toBeUndefined();
    expect(allowed.ledger.events.find((e) => e.kind === "run")).toMatchObject({ skill: "greeter", approval: "allowed-tools", exitCode: 0 });
    expect(allowed.answer).toContain("hello from the greeter");

    const before = await runs();
    const chained = await send({ text: "Greet a person by name with a greeting: `bash scripts/hello.sh && head -2 /etc/passwd`" });
    expect(chained.approval).toBeDefined();
    expect(chained.ledger.events.find((e) => e.kind === "approval")).toMatchObject({
      skill: "greeter",
      state: "requested",
      summary: "greeter wants to run bash scripts/hello.sh && head -2 /etc/passwd",
    });
    expect(await runs()).toBe(before);
  });

  it("refuses approvals without a conversation, and unknown approval ids", async () => {
    const missing = await refusal({ conversationId: null, approvals: [{ approvalId: "x", decision: "once" }] });
    expect([missing.status, missing.message]).toEqual([422, "Approvals answer a tool call of a saved conversation; it is missing."]);
    const paused = await send({ text: ASK });
    const unknown = await refusal({ conversationId: paused.conversation!.id, approvals: [{ approvalId: "nope", decision: "once" }] });
    expect(unknown.status).toBe(409);
  });
});
