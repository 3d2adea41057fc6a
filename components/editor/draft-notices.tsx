"use client";
import { HistoryIcon, InfoIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatRelative } from "@/lib/display";
import type { StoredOffer } from "./editor-state";

/** What became of the draft this browser kept: offered back, restored, or not kept at all. */
export function DraftNotices({
  offer,
  currentVersion,
  restoredAt,
  storageProblem,
  onRestoreOffer,
  onDiscardOffer,
  onDiscardDraft,
}: {
  offer: StoredOffer | null;
  currentVersion: number;
  /** Shown while the restored draft still has changes and no conflict covers it. */
  restoredAt: number | null;
  storageProblem: string | null;
  onRestoreOffer: () => void;
  onDiscardOffer: () => void;
  onDiscardDraft: () => void;
}) {
  return (
    <>
      {offer ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
          <HistoryIcon aria-hidden className="size-4 text-primary" />
          <span className="min-w-0 flex-1">
            You have unsaved changes from {formatRelative(new Date(offer.draft.updatedAt))}, based on <strong>v{offer.draft.baseVersion}</strong>; the skill is
            now at v{currentVersion}. Restore them to compare with v{currentVersion} and keep working.
            {offer.error ? <span className="mt-1 block text-destructive">{offer.error}</span> : null}
          </span>
          <Button type="button" size="sm" onClick={onRestoreOffer} disabled={offer.loading}>
            {offer.loading ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null} Restore my changes
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDiscardOffer} disabled={offer.loading}>
            Discard them
          </Button>
        </div>
      ) : null}
      {restoredAt !== null ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border bg-muted/40 px-4 py-2.5 text-sm">
          <InfoIcon aria-hidden className="size-4 text-muted-foreground" />
          <span className="flex-1">Restored your unsaved changes from {formatRelative(new Date(restoredAt))} (kept in this browser).</span>
          <Button type="button" size="sm" variant="ghost" onClick={onDiscardDraft}>
            Discard them
          </Button>
        </div>
      ) : null}
      {storageProblem ? (
        <p role="alert" className="rounded-xl border border-amber-500/40 bg-amber-500/5 px-4 py-2.5 text-sm">
          {storageProblem}
        </p>
      ) : null}
    </>
  );
}
