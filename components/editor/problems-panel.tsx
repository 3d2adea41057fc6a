import { CircleAlertIcon, CircleCheckIcon, TriangleAlertIcon } from "lucide-react";
import type { Finding } from "@/lib/skills/format/findings";
import { cn } from "@/lib/utils";

/** Every problem of the draft; a problem with a line jumps there in the editor. */
export function ProblemsPanel({
  findings,
  extra,
  onJump,
  checking,
}: {
  findings: readonly Finding[];
  extra: readonly { severity: "error" | "warning"; message: string }[];
  onJump: (finding: Finding) => void;
  checking: boolean;
}) {
  const all = [
    ...extra.map((e) => ({ ...e, finding: null as Finding | null })),
    ...findings.map((f) => ({ severity: f.severity, message: f.message, finding: f })),
  ];
  const errors = all.filter((p) => p.severity === "error").length;
  const warnings = all.length - errors;
  return (
    <section aria-labelledby="problems-title" className="rounded-xl border bg-card shadow-xs">
      <h2 id="problems-title" className="flex items-center gap-2 border-b px-4 py-2 text-sm font-semibold">
        {errors ? (
          <CircleAlertIcon aria-hidden className="size-4 text-destructive" />
        ) : warnings ? (
          <TriangleAlertIcon aria-hidden className="size-4 text-amber-500" />
        ) : (
          <CircleCheckIcon aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
        )}
        Problems
        <span className="text-xs font-normal text-muted-foreground" aria-live="polite">
          {checking && !all.length
            ? "checking…"
            : all.length
              ? `${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}`
              : "none: SKILL.md follows the format"}
        </span>
      </h2>
      {all.length ? (
        <ul className="max-h-40 overflow-y-auto py-1 text-sm" aria-label="Problems in the draft">
          {all.map((problem, index) => {
            const Icon = problem.severity === "error" ? CircleAlertIcon : TriangleAlertIcon;
            const body = (
              <>
                <Icon aria-hidden className={cn("mt-0.5 size-3.5 shrink-0", problem.severity === "error" ? "text-destructive" : "text-amber-500")} />
                <span className="min-w-0 flex-1">
                  <span className="sr-only">{problem.severity}: </span>
                  {problem.message}
                </span>
                {problem.finding?.line ? (
                  <span className="shrink-0 font-mono text-xs text-muted-foreground">
                    {problem.finding.path} line {problem.finding.line}
                  </span>
                ) : null}
              </>
            );
            return (
              <li key={index}>
                {problem.finding?.line ? (
                  <button
                    type="button"
                    onClick={() => onJump(problem.finding!)}
                    className="flex w-full items-start gap-2 px-4 py-1.5 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset"
                  >
                    {body}
                  </button>
                ) : (
                  <div className="flex items-start gap-2 px-4 py-1.5">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
