"use client";
import { formatNumber, formatTokens } from "@/lib/display";
import { tokensByLevel } from "@/lib/playground/ledger";
import type { TurnLedger } from "@/lib/playground/domain";
import { toolSegmentTokens } from "./tool-calls";

/** Every turn's disclosure at a glance: what each level added, and what stayed resident. */
export function LedgerTimeline({ ledgers }: { ledgers: TurnLedger[] }) {
  if (!ledgers.length) return null;
  const max = Math.max(...ledgers.map((l) => l.totals.resident), 1);
  const anyRuns = ledgers.some((l) => l.events.some((e) => e.kind === "run"));
  const anyTools = ledgers.some((l) => l.events.some((e) => e.kind === "tools" || e.kind === "call"));
  return (
    <nav aria-label="Disclosure timeline" className="rounded-lg border bg-card px-3 py-2.5">
      <div className="mb-2 flex items-center justify-between gap-3 text-xs">
        <h2 className="font-medium">Timeline</h2>
        <span className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-muted-foreground">
          <Legend tone="bg-sky-500" label="L1 catalog" />
          <Legend tone="bg-indigo-500" label="L2 loads" />
          <Legend tone="bg-violet-500" label="L3 reads" />
          {anyRuns ? <Legend tone="bg-teal-500" label="runs" /> : null}
          {anyTools ? <Legend tone="bg-orange-500" label="tools" /> : null}
        </span>
      </div>
      <ol className="flex items-end gap-2 overflow-x-auto pb-1">
        {ledgers.map((ledger) => {
          const { l1, l2, l3, runs } = tokensByLevel(ledger);
          // Tool definitions activated and call results: their own segment, counted here so the bars work with any ledger module.
          const tools = toolSegmentTokens(ledger.events);
          const loaded = ledger.events.flatMap((e) => (e.kind === "load" ? [e.skill] : []));
          const reads = ledger.events.filter((e) => e.kind === "read").length;
          const ran = ledger.events.flatMap((e) => (e.kind === "run" ? [e.skill] : []));
          const calls = ledger.events.filter((e) => e.kind === "call").length;
          const height = (n: number) => `${Math.max(n ? 2 : 0, (n / max) * 44)}px`;
          const summary = `Turn ${ledger.turn}: ${loaded.length ? `loaded ${loaded.join(", ")}` : "nothing loaded"}${reads ? `, ${reads} read` : ""}${ran.length ? `, ${ran.length} ${ran.length === 1 ? "run" : "runs"}` : ""}${calls ? `, ${calls} tool ${calls === 1 ? "call" : "calls"}` : ""}; ${formatNumber(ledger.totals.newlyDisclosed)} tokens disclosed, ${formatNumber(ledger.totals.resident)} resident`;
          return (
            <li key={ledger.turn} className="shrink-0">
              <a
                href={`#turn-${ledger.turn}`}
                title={summary}
                aria-label={summary}
                className="group flex w-16 flex-col items-center gap-1 rounded-md px-1 py-1 outline-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50"
              >
                <span className="flex h-11 w-5 flex-col-reverse overflow-hidden rounded-sm bg-muted">
                  <span className="bg-sky-500" style={{ height: height(l1) }} />
                  <span className="bg-indigo-500" style={{ height: height(l2) }} />
                  <span className="bg-violet-500" style={{ height: height(l3) }} />
                  <span className="bg-teal-500" style={{ height: height(runs) }} />
                  <span className="bg-orange-500" style={{ height: height(tools) }} />
                </span>
                <span className="text-[11px] font-medium">T{ledger.turn}</span>
                <span className="w-full truncate text-center font-mono text-[10px] text-muted-foreground">{loaded[0] ?? ran[0] ?? "—"}</span>
                <span className="text-[10px] text-muted-foreground tabular-nums">+{formatTokens(ledger.totals.newlyDisclosed)}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Legend({ tone, label }: { tone: string; label: string }) {
  return (
    <span className="flex items-center gap-1">
      <span className={`size-2 rounded-sm ${tone}`} aria-hidden />
      {label}
    </span>
  );
}
