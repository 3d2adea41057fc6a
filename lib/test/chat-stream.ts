import type { TurnLedger } from "@/lib/playground/domain";
import { createBubblewrapExecutor } from "@/lib/sandbox/bubblewrap";
import { setSkillExecutor } from "@/lib/sandbox/registry";

// What the chat route's tests share: reading a UI message stream back, and the real sandbox.

export type StreamChunk = { type: string; [key: string]: unknown };

/** The chunks of a chat response's UI message stream (server-sent events). */
export function parseChatStream(text: string): StreamChunk[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as StreamChunk);
}

/** A turn's stream read back: its chunks, ledger, saved conversation and the answer's text. */
export async function readChatTurn(response: Response) {
  const chunks = parseChatStream(await response.text());
  const ledger = chunks.find((c) => c.type === "data-ledger")?.data as TurnLedger;
  const conversation = chunks.find((c) => c.type === "data-conversation")?.data as { id: string } | undefined;
  const answer = chunks
    .filter((c) => c.type === "text-delta")
    .map((c) => c.delta)
    .join("");
  return { chunks, ledger, conversation, answer };
}

/**
 * Installs the bubblewrap executor for a test file. Where it cannot run, the file's tests skip with
 * the reason, except in CI, which must have it.
 */
export async function installTestSandbox(what: string): Promise<{ available: boolean }> {
  const executor = createBubblewrapExecutor();
  const availability = await executor.availability();
  if (!availability.available && process.env.CI) throw new Error(`bubblewrap must work in CI: ${availability.reason}`);
  if (!availability.available) console.warn(`${what} skipped: ${availability.reason}`);
  setSkillExecutor(executor);
  return { available: availability.available };
}
