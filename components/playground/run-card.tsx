"use client";
import dynamic from "next/dynamic";
import { LoaderIcon, ShieldQuestionIcon, ShieldXIcon, TerminalIcon, TimerIcon, TriangleAlertIcon, XCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { parseRunResult, type SkillRunResult } from "@/lib/playground/run-result";
import type { PlaygroundDataParts } from "@/lib/types/playground";
import { cn } from "@/lib/utils";
import { ApprovalBadge, ApprovalPrompt, DeniedNote, type CallApproval } from "./approval-prompt";
import { OutputDetails, ToolError } from "./tool-output";

// The file previews (CSV table, code lines and their helpers) are their own chunk, server-rendered
// where they show: a first visit to the playground, with no run on screen, does not download them.
const RunFiles = dynamic(() => import("./run-files").then((m) => m.RunFiles));

// A skill_run call in the answer: the command, how it ended, its output and the files it produced.
// The files come from the turn's data-run-files part (stored once the turn is saved); until then
// they are listed by name only.

export interface RunPart {
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean };
}

type RunFilesData = PlaygroundDataParts["run-files"];

/** "850 ms", "1.2 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function runInput(input: unknown): { skill?: string; command?: string; cwd?: string } {
  return input && typeof input === "object" ? (input as { skill?: string; command?: string; cwd?: string }) : {};
}

export function RunCard({
  part,
  files,
  streaming,
  approval,
}: {
  part: RunPart;
  files: RunFilesData | undefined;
  streaming: boolean;
  /** How the run was let through, or the question it waits on (absent: nothing recorded). */
  approval?: CallApproval;
}) {
  const { skill, command, cwd } = runInput(part.input);
  const result = part.state === "output-available" ? parseRunResult(part.output) : null;
  const failedCall = part.state === "output-error" || (part.state === "output-available" && !result);
  const ok = result !== null && result.exit_code === 0 && !result.timed_out;
  const waiting = part.state === "approval-requested" || part.state === "approval-responded";
  const denied = part.state === "output-denied";
  const tone = failedCall || (result && !ok) ? "failed" : ok ? "ok" : waiting ? "waiting" : denied ? "denied" : "running";

  return (
    <section
      aria-label={`Run of ${skill ?? "a skill"}: ${command ?? ""}`}
      data-testid="run-card"
      className={cn(
        "grid min-w-0 grid-cols-[minmax(0,1fr)] overflow-hidden rounded-lg border bg-card text-sm shadow-xs",
        tone === "failed" && "border-destructive/40",
        tone === "ok" && "border-emerald-500/40",
        tone === "waiting" && "border-amber-500/50",
      )}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b bg-muted/40 px-3 py-2">
        {tone === "running" ? (
          <LoaderIcon className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
        ) : tone === "waiting" ? (
          <ShieldQuestionIcon className="size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
        ) : denied ? (
          <ShieldXIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        ) : failedCall ? (
          <XCircleIcon className="size-4 shrink-0 text-destructive" aria-hidden />
        ) : (
          <TerminalIcon className={cn("size-4 shrink-0", ok ? "text-emerald-600 dark:text-emerald-400" : "text-destructive")} aria-hidden />
        )}
        <h4 className="font-medium">skill_run {skill ? <span className="font-mono text-xs font-normal text-muted-foreground">· {skill}</span> : null}</h4>
        <span className="ml-auto flex flex-wrap items-center gap-1.5">
          <ApprovalBadge state={approval?.state ?? null} />
          {result ? <RunStatus result={result} /> : null}
          {failedCall ? <Badge variant="destructive">did not run</Badge> : null}
          {tone === "running" ? <span className="text-xs text-muted-foreground">running…</span> : null}
        </span>
      </header>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 px-3 py-2.5">
        <p className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="run-command">
          <span className="mr-1.5 text-muted-foreground select-none" aria-hidden>
            $
          </span>
          {command ?? "…"}
          {cwd ? <span className="ml-2 text-muted-foreground">(in {cwd})</span> : null}
        </p>
        {waiting && part.approval ? (
          <ApprovalPrompt
            approvalId={part.approval.id}
            answered={part.state === "approval-responded"}
            approval={approval ?? { state: "requested", summary: `${skill ?? "A skill"} wants to run ${command ?? "a command"}` }}
          />
        ) : null}
        {denied ? <DeniedNote what="this command" /> : null}
        {part.state === "output-error" ? <ToolError text={part.errorText ?? "The run failed."} /> : null}
        {part.state === "output-available" && !result ? (
          <ToolError text={typeof part.output === "string" ? part.output : "The run returned no result."} />
        ) : null}
        {result ? <RunOutput result={result} /> : null}
        {result && result.output_files.length ? <RunFiles listed={result.output_files} stored={files} pending={streaming} /> : null}
      </div>
    </section>
  );
}

function RunStatus({ result }: { result: SkillRunResult }) {
  return (
    <>
      {result.timed_out ? (
        <Badge variant="warning">
          <TimerIcon aria-hidden /> timed out
        </Badge>
      ) : null}
      <Badge variant={result.exit_code === 0 ? "success" : "destructive"} data-testid="run-exit">
        {result.exit_code === null ? "killed" : `exit ${result.exit_code}`}
      </Badge>
      <span className="text-xs text-muted-foreground tabular-nums">{formatDuration(result.duration_ms)}</span>
    </>
  );
}

function RunOutput({ result }: { result: SkillRunResult }) {
  const failed = result.exit_code !== 0 || result.timed_out;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5">
      <OutputDetails name="stdout" text={result.stdout} open={false} testId="run-stdout" />
      <OutputDetails name="stderr" text={result.stderr} open={failed} danger testId="run-stderr" />
      {result.warnings?.length ? (
        <ul
          className="grid gap-1 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs text-amber-800 dark:text-amber-200"
          aria-label="Warnings"
        >
          {result.warnings.map((w, i) => (
            <li key={i} className="flex gap-1.5">
              <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
              {w}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
