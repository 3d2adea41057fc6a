import { LoaderCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatRelative, shortRevision } from "@/lib/display";
import type { SyncSummary } from "@/lib/types/sources";
import { SYNC_STATUS } from "./source-text";

/** A sync's status as a badge; a running one spins. */
export function SyncStatusBadge({ status }: { status: SyncSummary["status"] }) {
  const { label, variant } = SYNC_STATUS[status];
  return (
    <Badge variant={variant} data-testid="sync-status">
      {status === "running" ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
      {label}
    </Badge>
  );
}

/** A commit (or folder digest) as its short form, the whole of it in the title. */
export function Revision({ revision }: { revision: string }) {
  return (
    <code className="rounded bg-muted px-1 font-mono text-xs" title={revision}>
      {shortRevision(revision)}
    </code>
  );
}

/** When a sync started (or, once finished, ended), relative, the exact time in the title. */
export function SyncTime({ sync }: { sync: SyncSummary }) {
  const at = new Date(sync.finishedAt ?? sync.startedAt);
  return (
    <time dateTime={at.toISOString()} title={at.toLocaleString("en-US")}>
      {formatRelative(at)}
    </time>
  );
}
