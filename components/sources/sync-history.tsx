import { CircleAlertIcon, TriangleAlertIcon } from "lucide-react";
import type { SyncSummary } from "@/lib/types/sources";
import { SYNC_TRIGGER, syncCountsText } from "./source-text";
import { Revision, SyncStatusBadge, SyncTime } from "./sync-status";

/** A source's syncs, newest first: what each found, what it refused and why, and a failed one's error. */
export function SyncHistory({ syncs }: { syncs: SyncSummary[] }) {
  if (!syncs.length) return <p className="text-sm text-muted-foreground">No sync has run yet.</p>;
  return (
    <ol aria-label="Syncs" className="grid gap-3">
      {syncs.map((sync) => (
        <li key={sync.id} className="grid min-w-0 gap-2 rounded-lg border px-4 py-3" data-testid="sync" data-status={sync.status}>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <SyncStatusBadge status={sync.status} />
            <span>
              <span className="font-medium">{SYNC_TRIGGER[sync.trigger]}</span>
              {sync.revision ? (
                <span className="text-muted-foreground">
                  {" at "}
                  <Revision revision={sync.revision} />
                </span>
              ) : null}
            </span>
            <span aria-hidden className="text-muted-foreground">
              ·
            </span>
            <span className="text-muted-foreground">
              <SyncTime sync={sync} />
            </span>
          </div>
          {sync.status !== "running" && sync.status !== "failed" ? <p className="text-sm">{syncCountsText(sync)}</p> : null}
          {sync.error ? (
            <p className="flex items-start gap-2 text-sm text-destructive [overflow-wrap:anywhere]">
              <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
              {sync.error}
            </p>
          ) : null}
          {sync.refused.length ? (
            <div className="grid gap-1.5 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm">
              <p className="flex items-center gap-2 font-medium">
                <TriangleAlertIcon aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
                {sync.refused.length === 1 ? "1 skill folder was not imported" : `${sync.refused.length} skill folders were not imported`}
              </p>
              <ul className="grid gap-1.5" aria-label="Refused skill folders">
                {sync.refused.map((refusal) => (
                  <li key={refusal.path} className="grid gap-0.5 [overflow-wrap:anywhere]">
                    <span className="font-mono text-xs">
                      {refusal.path || "(top folder)"}
                      {refusal.name && !refusal.path.endsWith(refusal.name) ? ` (${refusal.name})` : ""}
                    </span>
                    <span className="text-foreground/90">{refusal.message}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {sync.skipped.length ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">
                {sync.skipped.length === 1 ? "1 file left out" : `${sync.skipped.length} files left out`}
              </summary>
              <ul className="mt-1.5 grid gap-1 [overflow-wrap:anywhere]">
                {sync.skipped.map((skip) => (
                  <li key={skip.path}>
                    <span className="font-mono text-xs">{skip.path}</span>: {skip.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
