import type { PlaygroundMessage } from "@/lib/types/playground";
import { uploadsOf } from "./attachments";
import { approvalAnswers, type ApprovalAnswer } from "./tool-calls";

/**
 * The chat request's body (lib/playground/inputs.ts chatRequestInput) beside the conversation and
 * setup in `base`. The server keeps the history, so a request carries only what is new: the
 * answers to the calls the last answer waits on (no text: the turn goes on), or else the last
 * user message's text and attachments (from its file parts, so Retry sends them again).
 */
export function chatRequestBody(
  messages: readonly PlaygroundMessage[],
  base: object | undefined,
  decisions: ReadonlyMap<string, ApprovalAnswer>,
): Record<string, unknown> {
  const approvals = approvalAnswers(messages, decisions);
  if (approvals.length) return { ...base, approvals };
  const last = messages.findLast((m) => m.role === "user");
  const text = last?.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n") ?? "";
  return { ...base, text, attachments: uploadsOf(last) };
}
