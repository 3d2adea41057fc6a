import type { LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import { mentionResourceLists, parseMentionBlocks, stripMentionBlocks } from "./mentions";
import { isLoadOutput, LOAD_SKILL, parseResourceList, parseToolList, READ_SKILL_RESOURCE } from "./tools";

// The offline router reads only its prompt, never the store: this is everything it can know about
// the conversation, recovered from the messages the AI SDK hands a model.

interface ToolExchange {
  toolName: string;
  input: Record<string, unknown>;
  /** The result text, or null when there is none yet. */
  output: string | null;
  isError: boolean;
  /** The user denied the call (tool approval): it never ran. */
  denied?: boolean;
}

export interface PromptView {
  system: string;
  userText: string;
  mentioned: string[];
  /** 1-based: how many user messages the prompt holds. */
  turn: number;
  /** Tool calls of this turn (after the last user message), with their results. */
  thisTurn: ToolExchange[];
  /** Bodies in the conversation: earlier successful loads and this turn's loads, by skill. */
  bodies: Map<string, string>;
  /** Resources listed by the loads in the conversation, by skill. */
  resources: Map<string, string[]>;
  /** Resources read this turn: skill, path and text. */
  reads: { skill: string; path: string; text: string }[];
  /** The names of the tools on offer. */
  tools: Set<string>;
  /** The bound tools each skill's load (or mention block) listed as callable. */
  boundTools: Map<string, string[]>;
}

function outputText(output: LanguageModelV4ToolResultOutput): { text: string; isError: boolean; denied?: boolean } {
  switch (output.type) {
    case "execution-denied":
      return { text: output.reason ?? "The user denied this call.", isError: true, denied: true };
    case "text":
      return { text: output.value, isError: false };
    case "error-text":
      return { text: output.value, isError: true };
    case "json":
      return { text: JSON.stringify(output.value), isError: false };
    case "error-json":
      return { text: JSON.stringify(output.value), isError: true };
    case "content":
      return { text: output.value.map((part) => (part.type === "text" ? part.text : "")).join("\n"), isError: false };
    default:
      return { text: "", isError: true };
  }
}

export function readPrompt(prompt: LanguageModelV4Prompt, toolNames: Iterable<string>): PromptView {
  const system = prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n\n");
  let lastUser = -1;
  let turn = 0;
  prompt.forEach((message, index) => {
    if (message.role === "user") {
      lastUser = index;
      turn++;
    }
  });
  const userMessage = lastUser >= 0 ? prompt[lastUser] : null;
  const rawUser = userMessage?.role === "user" ? userMessage.content.map((part) => (part.type === "text" ? part.text : "")).join("\n") : "";

  const calls = new Map<string, ToolExchange & { index: number }>();
  const bodies = new Map<string, string>();
  const resources = new Map<string, string[]>();
  const reads: PromptView["reads"] = [];
  const boundTools = new Map<string, string[]>();
  prompt.forEach((message, index) => {
    if (message.role !== "assistant" && message.role !== "tool") return;
    for (const part of message.content) {
      if (part.type === "tool-call") {
        const input = part.input && typeof part.input === "object" ? (part.input as Record<string, unknown>) : {};
        calls.set(part.toolCallId, { toolName: part.toolName, input, output: null, isError: false, index });
      } else if (part.type === "tool-result") {
        const call = calls.get(part.toolCallId);
        if (!call) continue;
        const { text, isError, denied } = outputText(part.output);
        call.output = text;
        call.isError = isError;
        if (denied) call.denied = true;
        const name = typeof call.input.name === "string" ? call.input.name : "";
        if (call.toolName === LOAD_SKILL && !isError && isLoadOutput(text) && name) {
          bodies.set(name, loadedBody(text));
          resources.set(name, parseResourceList(text));
          boundTools.set(name, parseToolList(text));
        }
        if (call.toolName === READ_SKILL_RESOURCE && !isError && index > lastUser && name && typeof call.input.path === "string") {
          reads.push({ skill: name, path: call.input.path, text: resourceBody(text) });
        }
      }
    }
  });
  for (const [name, body] of mentionBodies(rawUser)) bodies.set(name, body);
  for (const [name, list] of mentionResourceLists(rawUser)) resources.set(name, parseResourceList(list));
  for (const name of parseMentionBlocks(rawUser)) {
    const block = mentionBlockTail(rawUser, name);
    if (block) boundTools.set(name, parseToolList(block));
  }
  return {
    system,
    // What the user typed: without mention blocks and the attachment note the turn added for the model.
    userText: stripMentionBlocks(rawUser).replace(/\n?<attachments note="[^"]*">[\s\S]*?<\/attachments>/g, ""),
    mentioned: parseMentionBlocks(rawUser),
    turn: Math.max(1, turn),
    thisTurn: [...calls.values()].filter((c) => c.index > lastUser),
    bodies,
    resources,
    reads,
    tools: new Set(toolNames),
    boundTools,
  };
}

/** The text after a mention block up to the next one: where its resource and tool lists are. */
function mentionBlockTail(text: string, name: string): string | null {
  const start = text.indexOf(`<skill name="${name}" `);
  if (start < 0) return null;
  const next = text.indexOf("<skill name=", start + 1);
  return text.slice(start, next < 0 ? undefined : next);
}

function loadedBody(output: string): string {
  const start = output.indexOf(">") + 1;
  const end = output.lastIndexOf("</skill_content>");
  return output.slice(start, end < 0 ? undefined : end).trim();
}

function resourceBody(output: string): string {
  if (!output.startsWith("<skill_resource ")) return output;
  const start = output.indexOf("\n") + 1;
  const end = output.lastIndexOf("\n</skill_resource>");
  return output.slice(start, end < 0 ? undefined : end);
}

function mentionBodies(text: string): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const match of text.matchAll(/<skill name="([a-z0-9-]+)" version="\d+" source="mention">\n([\s\S]*?)\n<\/skill>/g)) bodies.set(match[1], match[2]);
  return bodies;
}
