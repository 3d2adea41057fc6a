import Link from "next/link";
import { FolderIcon, GitBranchIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { SourceSummary } from "@/lib/types/sources";
import { scheduleLabel, sourceTarget } from "./source-text";
import { Revision, SyncStatusBadge, SyncTime } from "./sync-status";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sources page's list: each source's location, destination, schedule and last sync. */
export function SourceList({ sources }: { sources: SourceSummary[] }) {
  return (
    <ul aria-label="Sources" className="divide-y rounded-xl border bg-card shadow-xs">
      {sources.map((source) => {
        const Icon = source.kind === "folder" ? FolderIcon : GitBranchIcon;
        const last = source.lastSync;
        return (
          <li key={source.id} className="relative grid gap-2 px-4 py-4 transition-colors focus-within:bg-accent/40 hover:bg-accent/40 sm:px-5">
            <div className="flex min-w-0 items-start gap-3">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="grid min-w-0 flex-1 gap-1">
                <Link
                  href={`/sources/${encodeURIComponent(source.id)}`}
                  className="font-mono text-sm font-medium [overflow-wrap:anywhere] outline-none after:absolute after:inset-0 hover:underline focus-visible:underline"
                >
                  {source.url}
                </Link>
                <p className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{sourceTarget(source)}</p>
              </div>
              <Badge variant="outline" className="hidden sm:inline-flex">
                {source.place}
              </Badge>
            </div>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 pl-7 text-sm text-muted-foreground">
              <Badge variant="outline" className="sm:hidden">
                {source.place}
              </Badge>
              {last ? (
                <>
                  <SyncStatusBadge status={last.status} />
                  {last.revision ? <Revision revision={last.revision} /> : null}
                  <SyncTime sync={last} />
                </>
              ) : (
                <span>Never synced</span>
              )}
              <span aria-hidden>·</span>
              <span>{plural(source.skillCount, "skill", "skills")}</span>
              <span aria-hidden>·</span>
              <span>{scheduleLabel(source.intervalMinutes)}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
