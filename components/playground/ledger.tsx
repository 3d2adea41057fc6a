"use client";
import { AlertTriangleIcon, LayersIcon } from "lucide-react";
import { formatNumber } from "@/lib/display";
import { showsSaving } from "@/lib/playground/ledger";
import type { DisclosureEvent, TurnLedger } from "@/lib/playground/domain";
import { ledgerRows, type LedgerRows } from "./ledger-events";
import { AskedLevel, CalledLevel, LoadedLevel, OfferedLevel, RanLevel, ReadLevel } from "./ledger-levels";
import { RouterRankingView } from "./ledger-router";
import { Totals } from "./ledger-totals";

/**
 * One assistant turn's disclosure ledger: what the catalog offered (L1), which skill bodies were
 * loaded (L2), which resources were read (L3), and what it cost. `events` are the turn's events
 * (tool-calls.ts turnEvents): while the turn streams, what happened so far, and `ledger` is null
 * (or the one stored while the turn waited for approval).
 */
export function LedgerCard({
  ledger,
  events,
  skillIds,
  streaming,
}: {
  ledger: TurnLedger | null;
  events: readonly DisclosureEvent[];
  skillIds: ReadonlyMap<string, string>;
  streaming: boolean;
}) {
  const rows = ledgerRows(events);
  const title = ledger ? `Disclosure ledger · turn ${ledger.turn}` : "Disclosure ledger";

  return (
    <section aria-label={title} data-testid="ledger" className="mt-3 overflow-hidden rounded-lg border bg-muted/30 text-sm">
      <LedgerHeader title={title} ledger={ledger} streaming={streaming} />
      <LedgerNotices notices={rows.notices} />

      <div className="grid divide-y">
        <OfferedLevel rows={rows} />
        <LoadedLevel rows={rows} waiting={streaming && !ledger} />
        <ReadLevel rows={rows} skillIds={skillIds} />
        <RanLevel rows={rows} />
        <CalledLevel rows={rows} />
        <AskedLevel rows={rows} />
      </div>

      {ledger ? <Totals ledger={ledger} /> : null}
      {ledger?.router ? <RouterRankingView ranking={ledger.router} /> : null}
    </section>
  );
}

function LedgerHeader({ title, ledger, streaming }: { title: string; ledger: TurnLedger | null; streaming: boolean }) {
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-background/60 px-3 py-2">
      <LayersIcon className="size-4 text-muted-foreground" aria-hidden />
      <h3 className="font-medium">{title}</h3>
      {streaming && !ledger ? <span className="text-xs text-muted-foreground">recording…</span> : null}
      {ledger ? (
        <p className="ml-auto flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          <span>
            <strong className="font-semibold text-foreground tabular-nums">{formatNumber(ledger.totals.newlyDisclosed)}</strong> tokens disclosed
          </span>
          {showsSaving(ledger.totals) ? (
            <span>
              saving <strong className="font-semibold text-emerald-700 tabular-nums dark:text-emerald-300">{ledger.totals.savingPercent.toFixed(1)}%</strong>{" "}
              vs. eager
            </span>
          ) : null}
        </p>
      ) : null}
    </header>
  );
}

function LedgerNotices({ notices }: { notices: LedgerRows["notices"] }) {
  if (!notices.length) return null;
  return (
    <ul className="grid gap-1 border-b bg-amber-500/10 px-3 py-2 text-amber-800 dark:text-amber-200">
      {notices.map((n, i) => (
        <li key={i} className="flex gap-2">
          <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {n.message}
        </li>
      ))}
    </ul>
  );
}
