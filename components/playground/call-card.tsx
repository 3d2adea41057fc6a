"use client";
import { LoaderIcon, ShieldQuestionIcon, ShieldXIcon, WrenchIcon, XCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { ApprovalBadge, ApprovalPrompt, DeniedNote, type CallApproval } from "./approval-prompt";
import { formatDuration } from "./run-card";
import { compactArguments, formatCallResult, toolNameOf, type ToolCallPart } from "./tool-calls";
import { OutputDetails, ToolError } from "./tool-output";

/** What the ledger's call event says about a call that ran. */
export interface CallOutcome {
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
}

// A call of a tool a skill binds (any tool part that is not one of the playground's own): the
// tool and its skill, the arguments the model sent, the result or the error, and how the call was
// let through. A call that waits for the user carries the approval question.

export function CallCard({
  part,
  skill,
  outcome,
  approval,
}: {
  part: ToolCallPart;
  /** The skill that binds the tool (from the ledger); unknown while nothing recorded it. */
  skill: string | undefined;
  /** The ledger's call event, once the call ran. */
  outcome: CallOutcome | undefined;
  approval: CallApproval;
}) {
  const name = toolNameOf(part);
  const waiting = part.state === "approval-requested" || part.state === "approval-responded";
  const denied = part.state === "output-denied";
  const failed = part.state === "output-error";
  const done = part.state === "output-available";
  const running = !waiting && !denied && !failed && !done;
  const result = done ? formatCallResult(part.output) : null;

  return (
    <section
      aria-label={`Call of ${name}${skill ? ` (${skill})` : ""}`}
      data-testid="call-card"
      className={cn(
        "grid min-w-0 grid-cols-[minmax(0,1fr)] overflow-hidden rounded-lg border bg-card text-sm shadow-xs",
        failed && "border-destructive/40",
        done && "border-emerald-500/40",
        waiting && "border-amber-500/50",
      )}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b bg-muted/40 px-3 py-2">
        {running ? (
          <LoaderIcon className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
        ) : waiting ? (
          <ShieldQuestionIcon className="size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
        ) : denied ? (
          <ShieldXIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        ) : failed ? (
          <XCircleIcon className="size-4 shrink-0 text-destructive" aria-hidden />
        ) : (
          <WrenchIcon className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
        )}
        <h4 className="min-w-0 font-mono text-[13px] font-medium [overflow-wrap:anywhere]">
          {name} {skill ? <span className="font-sans text-xs font-normal text-muted-foreground">· {skill}</span> : null}
        </h4>
        <span className="ml-auto flex flex-wrap items-center gap-1.5">
          <ApprovalBadge state={approval.state} />
          {outcome ? (
            <>
              {outcome.timedOut ? <Badge variant="warning">timed out</Badge> : null}
              {outcome.exitCode !== null && outcome.exitCode !== 0 ? <Badge variant="destructive">exit {outcome.exitCode}</Badge> : null}
              <span className="text-xs text-muted-foreground tabular-nums">{formatDuration(outcome.durationMs)}</span>
            </>
          ) : null}
          {failed ? <Badge variant="destructive">failed</Badge> : null}
          {running ? <span className="text-xs text-muted-foreground">calling…</span> : null}
        </span>
      </header>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 px-3 py-2.5">
        <p className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="call-arguments">
          <span className="mr-1.5 text-muted-foreground select-none">args</span>
          {compactArguments(part.input)}
        </p>
        {waiting && part.approval ? <ApprovalPrompt approvalId={part.approval.id} answered={part.state === "approval-responded"} approval={approval} /> : null}
        {denied ? <DeniedNote what={name} /> : null}
        {failed ? <ToolError text={part.errorText ?? "The call failed."} /> : null}
        {result ? (
          <>
            <OutputDetails name="result" text={result.text} open note={result.kind === "json" ? "JSON" : "text"} testId="call-result" />
            {result.notes ? <p className="text-xs text-amber-800 dark:text-amber-200">{result.notes}</p> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
