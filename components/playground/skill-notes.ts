import { formatNumber } from "@/lib/display";
import type { CatalogEntry } from "@/lib/types/playground";

// What the setup panel says about a skill beyond its name: how it may be invoked (Claude Code's
// disable-model-invocation and user-invocable) and the tools it binds here, or why not.

export type SkillNote =
  { kind: "explicit"; text: string } | { kind: "hidden"; text: string } | { kind: "tools"; text: string } | { kind: "withheld"; text: string };

type NoteFacts = Pick<CatalogEntry, "modelInvocable" | "userInvocable" | "tools" | "toolsWithheld">;

export function skillNotes(entry: NoteFacts): SkillNote[] {
  const notes: SkillNote[] = [];
  if (!entry.modelInvocable) notes.push({ kind: "explicit", text: "explicit only ($mention)" });
  if (!entry.userInvocable) notes.push({ kind: "hidden", text: "hidden from $" });
  if (entry.tools.length) {
    const tokens = entry.tools.reduce((sum, tool) => sum + tool.tokens, 0);
    notes.push({ kind: "tools", text: `tools: ${entry.tools.map((tool) => tool.name).join(", ")} (${formatNumber(tokens)} tokens once loaded)` });
  }
  if (entry.toolsWithheld) notes.push({ kind: "withheld", text: `tools withheld: ${entry.toolsWithheld.reason}` });
  return notes;
}

/** "2 bind tools · 1 withheld · 1 explicit only": the collapsed list's summary; empty when nothing is worth saying. */
export function skillNotesSummary(entries: readonly NoteFacts[]): string {
  const count = (test: (e: NoteFacts) => boolean) => entries.filter(test).length;
  const parts = [
    [count((e) => e.tools.length > 0), "binds tools", "bind tools"],
    [count((e) => e.toolsWithheld !== null), "has tools withheld", "have tools withheld"],
    [count((e) => !e.modelInvocable), "explicit only", "explicit only"],
    [count((e) => !e.userInvocable), "hidden from $", "hidden from $"],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(" · ");
}
