import type { DisclosureEvent } from "@/lib/playground/domain";
import { SKILL_TOOLS } from "./tool-calls";

export type LedgerEvent<K extends DisclosureEvent["kind"]> = Extract<DisclosureEvent, { kind: K }>;

const ofKind = <K extends DisclosureEvent["kind"]>(events: readonly DisclosureEvent[], kind: K) => events.filter((e): e is LedgerEvent<K> => e.kind === kind);

/** A turn's events sorted into the ledger's rows; each failure goes to the row of the tool that failed. */
export function ledgerRows(events: readonly DisclosureEvent[]) {
  const errors = ofKind(events, "error");
  return {
    offered: ofKind(events, "catalog")[0],
    searches: ofKind(events, "search"),
    loads: ofKind(events, "load"),
    repeats: ofKind(events, "repeat"),
    reads: ofKind(events, "read"),
    notices: ofKind(events, "notice"),
    runs: ofKind(events, "run"),
    tools: ofKind(events, "tools"),
    unloads: ofKind(events, "unload"),
    calls: ofKind(events, "call"),
    approvals: ofKind(events, "approval"),
    // A bound tool's failure is an error event of that tool, whatever its level.
    callErrors: errors.filter((e) => !SKILL_TOOLS.has(e.tool)),
    loadErrors: errors.filter((e) => e.level === 2 && SKILL_TOOLS.has(e.tool)),
    readErrors: errors.filter((e) => e.level === 3 && e.tool !== "skill_run" && SKILL_TOOLS.has(e.tool)),
    runErrors: errors.filter((e) => e.tool === "skill_run"),
  };
}

export type LedgerRows = ReturnType<typeof ledgerRows>;
