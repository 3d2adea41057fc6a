import type { ApprovalDecision } from "@/lib/playground/inputs";
import type { DisclosureEvent, GrantedApproval, TurnLedger } from "@/lib/playground/domain";
import type { PlaygroundMessage } from "@/lib/types/playground";

// The chat's side of tool calls that wait for the user and of tools bound to skills, as plain
// data: which parts are bound-tool calls, what the user answered and what the request sends, the
// approval state a card shows, and how a call's result reads. Nothing here imports React or the
// tokenizer, so the playground's first load stays small and the rules are tested without a browser.

/** What the user answers for a call that waits: run it once, let it run for the rest of the conversation, or refuse. */
export type ApprovalAnswer = ApprovalDecision["decision"];

/** How a call stands: let through (allowed-tools, once, for the conversation), refused, or waiting for the user. */
export type ApprovalState = GrantedApproval | "denied" | "requested";

export const APPROVAL_LABELS: Record<ApprovalState, string> = {
  "allowed-tools": "allowed by allowed-tools",
  "approved-once": "approved once",
  "approved-conversation": "approved for this conversation",
  denied: "denied",
  requested: "waiting for approval",
};

/** The playground's own tools: every other tool the model calls is one a skill binds. */
export const SKILL_TOOLS: ReadonlySet<string> = new Set(["load_skill", "read_skill_resource", "search_skills", "skill_run", "unload_skill"]);

/** The fields of a tool part (static `tool-<name>` or `dynamic-tool`) the chat reads. */
export interface ToolCallPart {
  type: string;
  toolName?: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean; reason?: string };
}

type Part = PlaygroundMessage["parts"][number];

/** A message part as a tool call, or null when it is not one. */
export function toolCallOf(part: Part): ToolCallPart | null {
  if (!("toolCallId" in part) || !(part.type.startsWith("tool-") || part.type === "dynamic-tool")) return null;
  return part as ToolCallPart;
}

/** The called tool's name: `tool-convert_units` → convert_units; a dynamic tool part names it. */
export function toolNameOf(part: Pick<ToolCallPart, "type" | "toolName">): string {
  return part.type === "dynamic-tool" ? (part.toolName ?? "") : part.type.slice("tool-".length);
}

export const isBoundToolCall = (part: Pick<ToolCallPart, "type" | "toolName">): boolean => !SKILL_TOOLS.has(toolNameOf(part));

/** The last assistant message, when the conversation ends with one. */
const lastAssistant = (messages: readonly PlaygroundMessage[]): PlaygroundMessage | undefined =>
  messages.at(-1)?.role === "assistant" ? messages.at(-1) : undefined;

/**
 * The answers a continuation request carries: every call of the last assistant message the user
 * answered that the server has not taken yet (the SDK keeps it "approval-responded" until the
 * continuation streams its result or denial). The decision is the one the user clicked; where it
 * is unknown (answered in another tab, before a reload) approve means once, never more.
 * Empty when the conversation ends with the user's message: that request is a new turn.
 */
export function approvalAnswers(messages: readonly PlaygroundMessage[], decisions: ReadonlyMap<string, ApprovalAnswer>): ApprovalDecision[] {
  const message = lastAssistant(messages);
  if (!message) return [];
  return message.parts.flatMap((p) => {
    const call = toolCallOf(p);
    if (call?.state !== "approval-responded" || !call.approval) return [];
    const decision = decisions.get(call.approval.id) ?? (call.approval.approved ? "once" : "deny");
    return [{ approvalId: call.approval.id, decision }];
  });
}

/**
 * Whether the conversation waits for the user: "requested" while a call of the last answer awaits
 * an answer, "answered" once every one is answered but the answers are not sent yet (being sent,
 * or the request failed). Sending a new message waits until neither holds.
 */
export function pendingApproval(messages: readonly PlaygroundMessage[]): "requested" | "answered" | null {
  const calls = (lastAssistant(messages)?.parts ?? []).flatMap((p) => toolCallOf(p) ?? []);
  if (calls.some((c) => c.state === "approval-requested")) return "requested";
  if (calls.some((c) => c.state === "approval-responded")) return "answered";
  return null;
}

type Event<K extends DisclosureEvent["kind"]> = Extract<DisclosureEvent, { kind: K }>;

/**
 * The ledger event of a call that ran ("call" for a bound tool, "run" for skill_run). Events name
 * no tool call, so the n-th call of a tool with a result is the n-th such event of that tool:
 * calls that failed or were denied record an error or nothing, never a call or run event.
 */
export function ranEventOf(part: ToolCallPart, parts: readonly Part[], events: readonly DisclosureEvent[]): Event<"call"> | Event<"run"> | undefined {
  if (part.state !== "output-available") return undefined;
  const name = toolNameOf(part);
  const ran = parts.flatMap((p) => {
    const call = toolCallOf(p);
    return call && call.state === "output-available" && toolNameOf(call) === name ? [call.toolCallId] : [];
  });
  const index = ran.indexOf(part.toolCallId);
  const matching = events.filter((e): e is Event<"call"> | Event<"run"> => (name === "skill_run" ? e.kind === "run" : e.kind === "call" && e.tool === name));
  return index < 0 ? undefined : matching[index];
}

const answered: Record<ApprovalAnswer, ApprovalState> = { once: "approved-once", conversation: "approved-conversation", deny: "denied" };

/**
 * How a call was let through or stopped, from what is most certain: the part's own denial, the
 * ledger's approval events for this call (the latest wins), the call's ledger event, the user's
 * click not yet recorded, and last a call still waiting. null when nothing says (the call needed
 * no approval, or the ledger predates approvals).
 */
export function approvalStateOf(
  part: ToolCallPart,
  events: readonly DisclosureEvent[],
  ran: { approval?: GrantedApproval } | undefined,
  decision: ApprovalAnswer | undefined,
): ApprovalState | null {
  if (part.state === "output-denied") return "denied";
  const recorded = events.filter((e): e is Event<"approval"> => e.kind === "approval" && e.toolCallId === part.toolCallId).at(-1);
  if (recorded && recorded.state !== "requested") return recorded.state;
  if (ran?.approval) return ran.approval;
  if (decision && part.state !== "approval-requested") return answered[decision];
  if (part.state === "approval-responded") return part.approval?.approved ? "approved-once" : "denied";
  if (part.state === "approval-requested") return "requested";
  return null;
}

/** The sentence an approval prompt asks: the ledger's own summary when it recorded one. */
export function approvalSummary(part: ToolCallPart, events: readonly DisclosureEvent[], skill: string | undefined): string {
  const recorded = events.find((e): e is Event<"approval"> => e.kind === "approval" && e.toolCallId === part.toolCallId);
  if (recorded) return recorded.summary;
  const name = toolNameOf(part);
  const command = name === "skill_run" && part.input && typeof part.input === "object" ? (part.input as { command?: unknown }).command : undefined;
  const who = skill ?? "A skill";
  return typeof command === "string" ? `${who} wants to run ${command}` : `${who} wants to call ${name}`;
}

/** Which skill binds each tool, from the tools the conversation activated and the calls and approvals it recorded. */
export function bindingSkills(events: Iterable<DisclosureEvent>): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events) {
    if (e.kind === "tools") for (const t of e.tools) out.set(t.name, e.skill);
    else if (e.kind === "call" || e.kind === "approval") out.set(e.tool, e.skill);
  }
  return out;
}

/** A call's arguments on one line, as the model sent them. */
export function compactArguments(input: unknown): string {
  if (input === undefined) return "…";
  try {
    return JSON.stringify(input) ?? String(input);
  } catch {
    return String(input);
  }
}

/**
 * A bound tool's result for reading: JSON pretty-printed (the server sends what the script printed,
 * JSON when it parses, with any sandbox warnings on a last line in parentheses), else the text.
 */
export function formatCallResult(output: unknown): { kind: "json" | "text"; text: string; notes?: string } {
  if (typeof output !== "string") return { kind: "json", text: JSON.stringify(output ?? null, null, 2) };
  const text = output.trim();
  const notesAt = text.lastIndexOf("\n(");
  const candidates: [string, string | undefined][] = [[text, undefined]];
  if (notesAt > 0 && text.endsWith(")")) candidates.push([text.slice(0, notesAt).trim(), text.slice(notesAt + 2, -1)]);
  for (const [body, notes] of candidates) {
    if (!/^[[{]/.test(body)) continue;
    try {
      return { kind: "json", text: JSON.stringify(JSON.parse(body), null, 2), ...(notes ? { notes } : {}) };
    } catch {
      // not JSON: shown as text
    }
  }
  return { kind: "text", text };
}

/** What an unload_skill call took out of the context, as its chip says it. */
export function unloadSummary(skill: string, events: readonly DisclosureEvent[]): string {
  const hidden = events.find((e): e is Event<"tools"> => e.kind === "tools" && e.change === "deactivated" && e.skill === skill)?.tools.length ?? 0;
  const tools = hidden === 0 ? "" : ` and ${hidden} ${hidden === 1 ? "tool" : "tools"}`;
  return `unloaded ${skill}: body${tools} no longer in context`;
}

/**
 * A turn's events as the ledger shows them. A turn that waited for approval was stored with its
 * ledger so far; while its continuation streams, the new events follow that ledger until the
 * final one replaces it. A finished ledger answers every approval it asked, so it stands alone.
 */
export function turnEvents(ledger: Pick<TurnLedger, "events"> | null, live: readonly DisclosureEvent[]): DisclosureEvent[] {
  if (!ledger) return [...live];
  return live.length && isPaused(ledger.events) ? [...ledger.events, ...live] : ledger.events;
}

/** Whether events ask an approval they do not answer (a turn stored while it waits for the user). */
export function isPaused(events: readonly DisclosureEvent[]): boolean {
  const latest = new Map<string, string>();
  for (const e of events) if (e.kind === "approval") latest.set(e.toolCallId, e.state);
  return [...latest.values()].includes("requested");
}

/** Tokens the timeline's tools segment shows for a turn: definitions activated and call results returned. */
export function toolSegmentTokens(events: readonly DisclosureEvent[]): number {
  return events.reduce((sum, e) => sum + (e.kind === "call" || (e.kind === "tools" && e.change === "activated") ? e.tokens : 0), 0);
}
