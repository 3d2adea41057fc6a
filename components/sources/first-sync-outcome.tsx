"use client";
import { useEffect, useState } from "react";
import type { SourceDetail, SyncSummary } from "@/lib/types/sources";
import { SyncStatusBadge } from "./sync-status";
import { syncCountsText } from "./source-text";

const POLL_MS = 1500;

/**
 * The first sync's outcome, in the dialog that started it: a failure (a branch that does not exist,
 * a token refused) is said where the user still has the settings in mind, not only on the next page.
 */
export function FirstSyncOutcome({ sourceId, initial }: { sourceId: string; initial: SyncSummary | null }) {
  const [sync, setSync] = useState(initial);
  const running = sync === null || sync.status === "running";
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      const response = await fetch(`/api/v1/sources/${encodeURIComponent(sourceId)}`, { cache: "no-store" }).catch(() => null);
      if (stopped || !response?.ok) return;
      const source = (await response.json()) as SourceDetail;
      if (!stopped) setSync(source.lastSync);
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [running, sourceId]);

  return (
    <div
      role={sync?.status === "failed" ? "alert" : "status"}
      data-testid="first-sync"
      data-status={sync?.status ?? "running"}
      className="grid min-w-0 gap-1.5 rounded-md border p-3 text-sm data-[status=failed]:border-destructive/40 data-[status=failed]:bg-destructive/5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">First sync</span>
        <SyncStatusBadge status={sync?.status ?? "running"} />
        {sync && sync.status !== "running" && sync.status !== "failed" ? <span className="text-muted-foreground">{syncCountsText(sync)}</span> : null}
      </div>
      {sync?.status === "failed" ? (
        <p className="break-words">{sync.error ?? "The sync failed."} Change the settings on the source&apos;s page, then sync again.</p>
      ) : null}
    </div>
  );
}
