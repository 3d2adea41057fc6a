"use client";
import Link from "next/link";
import { DownloadIcon, FileQuestionIcon, FileTextIcon } from "lucide-react";
import { skillRoutes, type DocumentView, type SkillPageAt } from "@/components/skills/skill-routes";
import { formatBytes, formatNumber } from "@/lib/display";
import type { SkillFileInfo } from "@/lib/types/skills";
import { cn } from "@/lib/utils";

// The skill page's file pane around the rendered document: its toolbar, and what it shows when
// ?file= names a path the version does not have. Client components given only what they show: their
// trees (and icons) are rendered once, for the HTML, instead of also encoded into the page's payload.

/** The shown file's name, size and tokens, the Preview/Source switch and its download. */
export function DocumentToolbar({
  file,
  view,
  hasSource,
  at,
}: {
  file: Pick<SkillFileInfo, "path" | "size" | "tokens">;
  view: DocumentView;
  hasSource: boolean;
  at: SkillPageAt;
}) {
  const routes = skillRoutes(at.skillId, at.version, at.pinned);
  const tab = "rounded-md px-2.5 py-1 text-[13px] font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b pb-3">
      <div className="flex min-w-0 items-center gap-2">
        <FileTextIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <h2 id="document-title" className="truncate font-mono text-sm font-semibold">
          {file.path}
        </h2>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {formatBytes(file.size)}
          {file.tokens !== null ? ` · ${formatNumber(file.tokens)} tokens` : ""}
        </span>
      </div>
      <div className="ml-auto flex items-center gap-2">
        {hasSource ? (
          <nav aria-label="View" className="flex rounded-lg border bg-muted/50 p-0.5">
            <Link
              href={routes.page({ file: file.path })}
              aria-current={view === "preview" ? "page" : undefined}
              className={cn(tab, view === "preview" ? "bg-background shadow-xs" : "text-muted-foreground hover:text-foreground")}
            >
              Preview
            </Link>
            <Link
              href={routes.page({ file: file.path, view: "source" })}
              aria-current={view === "source" ? "page" : undefined}
              className={cn(tab, view === "source" ? "bg-background shadow-xs" : "text-muted-foreground hover:text-foreground")}
            >
              Source
            </Link>
          </nav>
        ) : null}
        <a
          href={routes.raw(file.path)}
          download
          aria-label={`Download ${file.path}`}
          className="inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-[13px] font-medium shadow-xs outline-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          <DownloadIcon aria-hidden className="size-3.5" /> Download
        </a>
      </div>
    </div>
  );
}

export function MissingFileToolbar({ path }: { path: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2 border-b pb-3">
      <FileQuestionIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <h2 id="document-title" className="min-w-0 font-mono text-sm font-semibold [overflow-wrap:anywhere] text-muted-foreground">
        {path}
      </h2>
    </div>
  );
}

/** The file pane when ?file= names a path the version shown does not have. */
export function MissingFile({ path, at }: { path: string; at: SkillPageAt }) {
  const routes = skillRoutes(at.skillId, at.version, at.pinned);
  return (
    <div role="status" className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center text-sm">
      <p className="font-medium">
        No file <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em] [overflow-wrap:anywhere]">{path}</code> in version {at.version}.
      </p>
      <p className="max-w-md text-muted-foreground">
        The link may come from another version of this skill, or the path may be misspelt. The files this version has are listed under Files.
      </p>
      <Link
        href={routes.page()}
        className="mt-1 inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:underline"
      >
        <FileTextIcon aria-hidden className="size-4" /> Open SKILL.md
      </Link>
    </div>
  );
}
