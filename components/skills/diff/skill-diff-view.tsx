"use client";
import { useId } from "react";
import { ArrowRightIcon } from "lucide-react";
import type { SkillDiff } from "@/lib/skills/diff/diff";
import { cn } from "@/lib/utils";
import { fileAnchor, openByDefault, summaryText } from "./diff-layout";
import { FileCard, LineCounts, StatusBadge, STATUS, type DiffLineComments } from "./diff-file";
import type { DiffMode } from "./text-diff";
import { useDeferredBodies, type LoadDiffFiles } from "./use-deferred-bodies";
import { useDiffMode } from "./use-diff-mode";
import "./diff.css";

export type { DiffLineComments, DiffMode, LoadDiffFiles };

export interface SkillDiffViewProps {
  diff: SkillDiff;
  /** What the two sides are, e.g. "v1" and "v2", or "v4 (saved)" and "Your draft". */
  beforeLabel?: string;
  afterLabel?: string;
  defaultMode?: DiffMode;
  /** Line comments (the review page); the compare page and the editor leave it out. */
  lineComments?: DiffLineComments;
  /** Loads the bodies a big diff's page left out (files marked `deferred`); the editor's diffs have none. */
  loadFiles?: LoadDiffFiles;
}

/**
 * A skill diff the way a pull request reads: a summary, the changed files, then each file's diff
 * (SKILL.md as a frontmatter table plus its body), unified or side by side. Renders from a
 * serializable SkillDiff, so it works on the history page and inside the editor alike.
 */
export function SkillDiffView({ diff, beforeLabel = "Before", afterLabel = "After", defaultMode = "unified", lineComments, loadFiles }: SkillDiffViewProps) {
  const baseId = useId().replace(/:/g, "");
  const [mode, setMode] = useDiffMode(defaultMode);
  const bodies = useDeferredBodies(diff, loadFiles);
  const shown = diff.files.filter((f) => f.status !== "unchanged");
  const unchanged = diff.files.filter((f) => f.status === "unchanged");
  const { stats } = diff;

  const startsOpen = openByDefault(shown);

  return (
    <div className="grid gap-4" data-testid="skill-diff">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground" data-testid="diff-summary">
          <span>
            <span className="font-medium text-foreground">{beforeLabel}</span> <ArrowRightIcon aria-label="to" className="inline size-3.5 align-[-2px]" />{" "}
            <span className="font-medium text-foreground">{afterLabel}</span>
          </span>
          {diff.identical ? (
            <span>No differences.</span>
          ) : (
            <>
              <span>{summaryText(stats)}</span>
              <LineCounts added={stats.linesAdded} removed={stats.linesRemoved} />
            </>
          )}
        </p>
        {diff.identical ? null : (
          <div
            role="radiogroup"
            aria-label="Diff layout"
            className="inline-flex rounded-md border bg-background p-0.5 shadow-xs"
            onKeyDown={(event) => {
              // A radio group moves with the arrow keys and is one tab stop.
              if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
              event.preventDefault();
              const next = mode === "unified" ? "split" : "unified";
              setMode(next);
              event.currentTarget.querySelector<HTMLButtonElement>(`[data-mode="${next}"]`)?.focus();
            }}
          >
            {(["unified", "split"] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                data-mode={m}
                tabIndex={mode === m ? 0 : -1}
                aria-checked={mode === m}
                onClick={() => setMode(m)}
                className={cn(
                  "rounded px-2.5 py-1 text-[13px] font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50",
                  mode === m ? "bg-secondary text-foreground" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {m === "unified" ? "Unified" : "Side by side"}
              </button>
            ))}
          </div>
        )}
      </div>

      {shown.length > 1 ? (
        <nav aria-label="Changed files" className="min-w-0 rounded-lg border">
          <ul className="divide-y text-sm">
            {shown.map((f) => {
              const Icon = STATUS[f.status].Icon;
              return (
                <li key={f.path}>
                  <a
                    href={`#${fileAnchor(baseId, f.path)}`}
                    className="flex items-center gap-2.5 px-3 py-1.5 outline-none hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset"
                  >
                    <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 truncate font-mono text-[13px]">{f.status === "renamed" ? `${f.before?.path} → ${f.path}` : f.path}</span>
                    <StatusBadge status={f.status} />
                    <LineCounts added={f.linesAdded} removed={f.linesRemoved} className="w-16 justify-end" />
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}

      {shown.map((f) => (
        <FileCard
          key={f.path}
          file={bodies.fileOf(f)}
          id={fileAnchor(baseId, f.path)}
          mode={mode}
          defaultOpen={lineComments?.openPaths?.has(f.path) || (startsOpen.get(f.path) ?? true)}
          beforeLabel={beforeLabel}
          afterLabel={afterLabel}
          comments={lineComments}
          bodies={bodies}
        />
      ))}

      {unchanged.length ? (
        <details className="rounded-lg border px-3 py-2 text-sm text-muted-foreground">
          <summary className="cursor-pointer rounded-sm outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
            {unchanged.length} unchanged {unchanged.length === 1 ? "file" : "files"}
          </summary>
          <ul className="mt-2 grid gap-1 font-mono text-[13px]">
            {unchanged.map((f) => (
              <li key={f.path}>{f.path}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
