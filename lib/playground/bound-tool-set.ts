import { jsonSchema, tool, type ModelMessage, type ToolSet, type UIMessage } from "ai";
import { z } from "zod";

import { standingApproval } from "./approval";
import type { DisclosureRecorder } from "./recorder";
import type { BoundTool, GrantedApproval, PlaygroundSkill, SkillRunner, SkillRunOutcome } from "./domain";
import { countTokens } from "../skills/format/tokens";
import { isLoadOutput, LOAD_SKILL, UNLOAD_SKILL } from "./tools";

// Tools bound to skills (AgentScope's progressive disclosure of tools, pydantic-harness's
// load/unload): a skill's tools are offered while its body is in the context (loaded by the model
// in this or an earlier turn, or $mentioned in this turn) and hidden again by unload_skill. Every
// call runs the skill's script in the sandbox through the runner; calls that allowed-tools does not
// name, and that the user has not approved for the conversation, wait for the user (the AI SDK's
// needsApproval).

export { UNLOAD_SKILL } from "./tools";

/** Per turn: how each call was let through, and what the user granted for the conversation. */
export interface ApprovalBook {
  /** (skill, tool) pairs approved for the conversation (earlier ledgers and this request's answers). */
  readonly grants: Set<string>;
  /** Calls the user answered in this request, by tool call id (the SDK runs the approved ones first). */
  readonly answered: Map<string, GrantedApproval>;
  /** Calls let through without asking, by tool call id (allowed-tools, a conversation grant). */
  readonly standing: Map<string, GrantedApproval>;
}

export function createApprovalBook(grants: Iterable<string> = [], answered: Iterable<[string, GrantedApproval]> = []): ApprovalBook {
  return { grants: new Set(grants), answered: new Map(answered), standing: new Map() };
}

/**
 * The needsApproval hook of a call: true when it must wait for the user (the request is recorded
 * as an approval event); false when allowed-tools or a grant lets it through (remembered for the
 * call's ledger event).
 */
export function approvalGate(
  book: ApprovalBook,
  recorder: DisclosureRecorder,
  call: { skill: PlaygroundSkill | undefined; tool: string; toolCallId: string; command?: string; summary: string },
): boolean {
  // A call to an unknown skill fails inside execute with a message for the model; there is nothing to approve.
  if (!call.skill) return false;
  if (book.answered.has(call.toolCallId)) return false;
  const standing = standingApproval({
    allowedTools: call.skill.allowedTools,
    grants: book.grants,
    skill: call.skill.name,
    tool: call.tool,
    command: call.command,
  });
  if (standing) {
    book.standing.set(call.toolCallId, standing);
    return false;
  }
  recorder.record({
    level: 0,
    kind: "approval",
    skill: call.skill.name,
    tool: call.tool,
    toolCallId: call.toolCallId,
    state: "requested",
    summary: call.summary,
  });
  return true;
}

export function approvalOf(book: ApprovalBook, toolCallId: string): GrantedApproval {
  return book.answered.get(toolCallId) ?? book.standing.get(toolCallId) ?? "approved-once";
}

/** The tools each skill binds, keyed by tool name; a name two skills bind goes to the first (by name) and is withheld from the other. */
export function boundToolIndex(skills: readonly PlaygroundSkill[]): {
  byTool: Map<string, { skill: PlaygroundSkill; tool: BoundTool }>;
  clashes: Map<string, string[]>;
} {
  const byTool = new Map<string, { skill: PlaygroundSkill; tool: BoundTool }>();
  const clashes = new Map<string, string[]>();
  for (const skill of skills) {
    for (const bound of skill.tools ?? []) {
      const owner = byTool.get(bound.name);
      if (owner) clashes.set(skill.name, [...(clashes.get(skill.name) ?? []), bound.name]);
      else byTool.set(bound.name, { skill, tool: bound });
    }
  }
  return { byTool, clashes };
}

/** The tools of a skill that this turn offers once it is in the context (clashing names left out). */
export function offeredTools(skill: PlaygroundSkill, index: ReturnType<typeof boundToolIndex>): BoundTool[] {
  return (skill.tools ?? []).filter((t) => index.byTool.get(t.name)?.skill === skill);
}

/** The result a bound tool's script printed: JSON when it is JSON, its text otherwise. */
export function renderCallResult(outcome: SkillRunOutcome): string {
  const text = outcome.stdout.trim();
  const notes = outcome.warnings.length > 0 ? `\n(${outcome.warnings.join("; ")})` : "";
  if (text === "") return `The tool printed nothing.${notes}`;
  try {
    return JSON.stringify(JSON.parse(text), null, 1) + notes;
  } catch {
    return text + notes;
  }
}

function callFailure(name: string, outcome: SkillRunOutcome): string {
  const how = outcome.timedOut ? `timed out after ${Math.round(outcome.durationMs / 1000)} s` : `exited with code ${outcome.exitCode}`;
  const stderr = outcome.stderr.trim().slice(-1500);
  return `${name} failed: its script ${how}.${stderr ? ` It said: ${stderr}` : ""}`;
}

export interface BoundToolsOptions {
  skills: readonly PlaygroundSkill[];
  runner: SkillRunner;
  recorder: DisclosureRecorder;
  book: ApprovalBook;
  /** Whether the skill's body is in the context now (its tools are callable). */
  isActive: (name: string) => boolean;
}

/** Every offered bound tool of the catalog as an AI SDK tool; which are active each step is decided by prepareStep. */
export function createBoundTools({ skills, runner, recorder, book, isActive }: BoundToolsOptions): ToolSet {
  const index = boundToolIndex(skills);
  const tools: ToolSet = {};
  for (const [name, { skill, tool: bound }] of index.byTool) {
    tools[name] = tool({
      description: `${bound.description} (bound to the skill "${skill.name}")`,
      inputSchema: jsonSchema<Record<string, unknown>>(bound.inputSchema as Parameters<typeof jsonSchema>[0]),
      needsApproval: (_input, { toolCallId }) =>
        approvalGate(book, recorder, { skill, tool: name, toolCallId, summary: `${skill.name} wants to call ${name}` }),
      execute: async (args, { toolCallId, abortSignal }) => {
        const fail = (error: string): never => {
          recorder.record({ level: 3, kind: "error", tool: name, skill: skill.name, error }, toolCallId);
          throw new Error(error);
        };
        if (!isActive(skill.name)) return fail(`Load "${skill.name}" with ${LOAD_SKILL} before calling ${name}.`);
        const refusal = runner.refusal(skill);
        if (refusal) return fail(refusal);
        let outcome: SkillRunOutcome;
        try {
          outcome = await runner.callTool(skill, bound, args, { toolCallId, abortSignal });
        } catch (error) {
          return fail(error instanceof Error ? error.message : String(error));
        }
        if (outcome.timedOut || outcome.exitCode !== 0) return fail(callFailure(name, outcome));
        const output = renderCallResult(outcome);
        recorder.record(
          {
            level: 3,
            kind: "call",
            skill: skill.name,
            version: skill.version,
            tool: name,
            approval: approvalOf(book, toolCallId),
            exitCode: outcome.exitCode,
            timedOut: outcome.timedOut,
            durationMs: outcome.durationMs,
            tokens: countTokens(output),
          },
          toolCallId,
        );
        return output;
      },
    });
  }
  return tools;
}

export interface UnloadToolOptions {
  skills: readonly PlaygroundSkill[];
  recorder: DisclosureRecorder;
  /** Skills the model loaded (this and earlier turns), with their turn; unload removes from it. */
  loaded: Map<string, number>;
  mentioned: ReadonlySet<string>;
  /** The tools the skill makes callable here. */
  toolsOf: (skill: PlaygroundSkill) => BoundTool[];
}

export function createUnloadTool({ skills, recorder, loaded, mentioned, toolsOf }: UnloadToolOptions) {
  const byName = new Map(skills.map((s) => [s.name, s]));
  return tool({
    description:
      "Unload a skill you loaded and no longer need: its instructions leave the context (saving tokens on every later request) and the tools it made callable are hidden. Load it again if you need it later.",
    inputSchema: z.object({ name: z.string().min(1).describe("The loaded skill's name") }),
    execute: async ({ name }, { toolCallId }) => {
      const fail = (error: string): never => {
        recorder.record({ level: 2, kind: "error", tool: UNLOAD_SKILL, skill: name, error }, toolCallId);
        throw new Error(error);
      };
      const skill = byName.get(name);
      if (mentioned.has(name)) return fail(`"${name}" came with the user's message ($${name}); it stays for this turn.`);
      if (!skill || !loaded.has(name)) return fail(`"${name}" is not loaded; nothing to unload.`);
      loaded.delete(name);
      const tools = toolsOf(skill);
      recorder.record({ level: 2, kind: "unload", skill: name, tokens: skill.bodyTokens }, toolCallId);
      if (tools.length > 0) {
        const list = tools.map((t) => ({ name: t.name, tokens: t.tokens }));
        recorder.record({ level: 2, kind: "tools", skill: name, change: "deactivated", tools: list, tokens: list.reduce((sum, t) => sum + t.tokens, 0) });
      }
      const hidden = tools.length > 0 ? ` Its tools (${tools.map((t) => t.name).join(", ")}) are hidden.` : "";
      return `Unloaded "${name}": its instructions are no longer in the context.${hidden} Load it again with ${LOAD_SKILL} if you need it.`;
    },
  });
}

/** True for an unload_skill output that unloaded something. */
export const isUnloadOutput = (output: unknown): boolean => typeof output === "string" && output.startsWith("Unloaded ");

/**
 * Which skills the model has loaded as of the end of the history, with the turn of the latest
 * load: loads and unloads in order, so a skill unloaded and loaded again is loaded.
 */
export function lifecycleInHistory(history: readonly Pick<UIMessage, "role" | "parts">[]): Map<string, number> {
  const loaded = new Map<string, number>();
  let turn = 0;
  for (const message of history) {
    if (message.role === "user") turn++;
    if (message.role !== "assistant") continue;
    for (const part of message.parts) {
      const toolName = part.type === "dynamic-tool" ? part.toolName : part.type.startsWith("tool-") ? part.type.slice(5) : null;
      if ((toolName !== LOAD_SKILL && toolName !== UNLOAD_SKILL) || !("state" in part) || part.state !== "output-available") continue;
      const name = (part.input as { name?: unknown } | undefined)?.name;
      if (typeof name !== "string") continue;
      if (toolName === LOAD_SKILL && isLoadOutput(part.output)) loaded.set(name, Math.max(1, turn));
      else if (toolName === UNLOAD_SKILL && isUnloadOutput(part.output)) loaded.delete(name);
    }
  }
  return loaded;
}

/** What replaces an unloaded skill's body in later requests. */
export const unloadedNote = (name: string): string => `[The instructions of "${name}" were here; they were unloaded with ${UNLOAD_SKILL}.]`;

/**
 * The messages with the bodies of unloaded skills left out: each successful unload_skill result
 * elides the load_skill result before it for that skill (a later load stays). null when nothing
 * was unloaded, so the usual request goes out untouched.
 */
export function elideUnloadedBodies(messages: readonly ModelMessage[]): ModelMessage[] | null {
  const lastLoad = new Map<string, string>();
  const loadSkillOf = new Map<string, string>();
  const unloadCalls = new Map<string, string>();
  const elided = new Map<string, string>();
  for (const message of messages) {
    if (message.role === "assistant" && typeof message.content !== "string") {
      for (const part of message.content) {
        if (part.type !== "tool-call") continue;
        const name = (part.input as { name?: unknown } | undefined)?.name;
        if (typeof name !== "string") continue;
        if (part.toolName === LOAD_SKILL) loadSkillOf.set(part.toolCallId, name);
        if (part.toolName === UNLOAD_SKILL) unloadCalls.set(part.toolCallId, name);
      }
    }
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const text = part.output.type === "text" ? part.output.value : null;
      const loadedName = loadSkillOf.get(part.toolCallId);
      if (loadedName && isLoadOutput(text)) lastLoad.set(loadedName, part.toolCallId);
      const unloadedName = unloadCalls.get(part.toolCallId);
      if (unloadedName && isUnloadOutput(text) && lastLoad.has(unloadedName)) elided.set(lastLoad.get(unloadedName)!, unloadedName);
    }
  }
  if (elided.size === 0) return null;
  return messages.map((message) => {
    if (message.role !== "tool" || !message.content.some((p) => p.type === "tool-result" && elided.has(p.toolCallId))) return message;
    return {
      ...message,
      content: message.content.map((p) =>
        p.type === "tool-result" && elided.has(p.toolCallId) ? { ...p, output: { type: "text" as const, value: unloadedNote(elided.get(p.toolCallId)!) } } : p,
      ),
    };
  });
}
