import { TerminalIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatBytes, formatNumber } from "@/lib/display";
import type { DisclosureEvent } from "@/lib/playground/domain";
import { cn } from "@/lib/utils";
import { formatDuration } from "./run-card";

type RunEvent = Extract<DisclosureEvent, { kind: "run" }>;

/** One skill_run of the turn in the ledger: how it ended, what it produced, and what its result cost in tokens. */
export function RunRow({ run }: { run: RunEvent }) {
  const ok = run.exitCode === 0 && !run.timedOut;
  return (
    // The icon stays beside a long command, which wraps anywhere rather than widening the column.
    <li className="flex items-start gap-2" data-testid="ledger-run">
      <TerminalIcon className={cn("mt-0.5 size-3.5 shrink-0", ok ? "text-teal-600 dark:text-teal-400" : "text-destructive")} aria-hidden />
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="min-w-0 flex-1 font-mono text-xs [overflow-wrap:anywhere]">{run.command}</span>
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums" title="Tokens of stdout, stderr and inline files returned to the model">
            {formatNumber(run.tokens)} tokens
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className="font-mono">
            {run.skill} v{run.version}
          </span>
          {run.timedOut ? <Badge variant="warning">timed out</Badge> : null}
          <Badge variant={run.exitCode === 0 ? "success" : "destructive"}>{run.exitCode === null ? "killed" : `exit ${run.exitCode}`}</Badge>
          <span className="tabular-nums">{formatDuration(run.durationMs)}</span>
          {run.files.length ? (
            <span className="min-w-0 [overflow-wrap:anywhere]" title={run.files.map((f) => `${f.path} (${formatBytes(f.size)})`).join("\n")}>
              {run.files.length} {run.files.length === 1 ? "file" : "files"}: <span className="font-mono">{run.files.map((f) => f.path).join(", ")}</span>
            </span>
          ) : (
            <span>no files</span>
          )}
        </div>
      </div>
    </li>
  );
}
