"use client";
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircleIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { syncSourceAction } from "@/lib/actions/sources";

/** "Sync now": starts a sync and refreshes the page, which then follows it (RefreshWhileRunning) until it ends. */
export function SyncNowButton({ sourceId, running }: { sourceId: string; running: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const busy = pending || running;
  return (
    <Button
      type="button"
      disabled={busy}
      aria-describedby={running ? "sync-running-note" : undefined}
      onClick={() =>
        startTransition(async () => {
          const result = await syncSourceAction({ sourceId });
          if (!result.ok) toast.error(result.message);
          router.refresh();
        })
      }
    >
      {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <RefreshCwIcon aria-hidden />}
      {running ? "Syncing…" : "Sync now"}
      {running ? (
        <span id="sync-running-note" role="status" className="sr-only">
          A sync is running; this page updates when it ends.
        </span>
      ) : null}
    </Button>
  );
}
