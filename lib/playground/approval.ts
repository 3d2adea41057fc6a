import { compoundCommandProblem } from "./shell-command";
import type { GrantedApproval, TurnLedger } from "./domain";

// Which tool calls wait for the user. A skill's `allowed-tools` names the calls it may make
// without asking (Claude Code's convention: a tool name, or Bash(…) patterns for shell commands,
// which here are skill_run commands); the user can approve one call, or a tool of a skill for
// the rest of the conversation; everything else asks. Pure: the ledgers are the record of what
// the user granted, so a reload or another server instance knows it too.

/** What the user answered for one call that waited. */
export type ApprovalAnswer = "once" | "conversation" | "deny";

export const grantKey = (skill: string, tool: string): string => `${skill}\u0000${tool}`;

/**
 * Whether an allowed-tools entry lets this call through without asking. Entries match a bound
 * tool by its exact name; skill_run by "skill_run", "Bash", or a pattern in parentheses against
 * its command: "Bash(python3 scripts/report.py:*)" (Claude Code's prefix form), "Bash(git diff)"
 * (exactly that command) or "Bash(*)" (any). A prefix allows only a simple command: one with a list
 * or pipe operator, a substitution or a redirection outside out/ asks, whatever it starts with.
 */
export function allowedByEntry(entry: string, tool: string, command?: string): boolean {
  if (entry === tool) return true;
  if (tool !== "skill_run" || command === undefined) return false;
  if (entry === "Bash") return true;
  const match = /^(?:Bash|skill_run)\((.*)\)$/s.exec(entry);
  if (!match) return false;
  const pattern = match[1].trim();
  const normalized = command.trim().replace(/\s+/g, " ");
  if (pattern === "*" || pattern === "") return true;
  if (pattern.endsWith("*") && compoundCommandProblem(command) !== null) return false;
  if (pattern.endsWith(":*")) return normalized === pattern.slice(0, -2).trim() || normalized.startsWith(`${pattern.slice(0, -2).trim()} `);
  if (pattern.endsWith("*")) return normalized.startsWith(pattern.slice(0, -1));
  return normalized === pattern;
}

export function allowedByTools(allowedTools: readonly string[] | undefined, tool: string, command?: string): boolean {
  return (allowedTools ?? []).some((entry) => allowedByEntry(entry, tool, command));
}

/** The (skill, tool) pairs the user approved for the rest of the conversation, read from the ledgers. */
export function conversationGrants(ledgers: readonly Pick<TurnLedger, "events">[]): Set<string> {
  const grants = new Set<string>();
  for (const ledger of ledgers)
    for (const event of ledger.events) if (event.kind === "approval" && event.state === "approved-conversation") grants.add(grantKey(event.skill, event.tool));
  return grants;
}

/**
 * How a call may run without asking now, or null when it must wait for the user:
 * allowed-tools first, then a grant for the conversation.
 */
export function standingApproval(input: {
  allowedTools: readonly string[] | undefined;
  grants: ReadonlySet<string>;
  skill: string;
  tool: string;
  command?: string;
}): GrantedApproval | null {
  if (allowedByTools(input.allowedTools, input.tool, input.command)) return "allowed-tools";
  if (input.grants.has(grantKey(input.skill, input.tool))) return "approved-conversation";
  return null;
}

export function grantedBy(answer: ApprovalAnswer): "approved-once" | "approved-conversation" | null {
  return answer === "once" ? "approved-once" : answer === "conversation" ? "approved-conversation" : null;
}
