"use client";
import { useState } from "react";
import {
  ArrowRightIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  FileIcon,
  FileMinusIcon,
  FilePenIcon,
  FilePlusIcon,
  FileSymlinkIcon,
  FileTextIcon,
} from "lucide-react";
import { languageForPath } from "@/components/skills/markdown/languages";
import { formatBytes } from "@/lib/display";
import type { DiffLine, FileContentDiff, FileDiff, FileStatus } from "@/lib/skills/diff/diff";
import { cn } from "@/lib/utils";
import { DeferredBody } from "./deferred-body";
import { LARGE_FILE_LINES } from "./diff-layout";
import { FrontmatterDiff } from "./frontmatter-diff";
import { TextDiffTable, type DiffMode, type LineExtras } from "./text-diff";
import type { DeferredBodies } from "./use-deferred-bodies";

/**
 * Optional line comments (the review page): per line of a file, a control to start a comment and
 * what shows under the line. Without it the diff renders exactly as on the compare page.
 */
export interface DiffLineComments {
  control(file: FileDiff, line: DiffLine): React.ReactNode;
  below(file: FileDiff, line: DiffLine): React.ReactNode;
  /** Files that start open even when large (they hold comments). */
  openPaths?: ReadonlySet<string>;
}

export const STATUS: Record<FileStatus, { label: string; short: string; className: string; Icon: typeof FileIcon }> = {
  added: { label: "Added", short: "A", className: "text-emerald-700 dark:text-emerald-300 bg-emerald-500/12", Icon: FilePlusIcon },
  removed: { label: "Removed", short: "D", className: "text-red-700 dark:text-red-300 bg-red-500/12", Icon: FileMinusIcon },
  changed: { label: "Modified", short: "M", className: "text-amber-700 dark:text-amber-300 bg-amber-500/12", Icon: FilePenIcon },
  renamed: { label: "Moved", short: "R", className: "text-sky-700 dark:text-sky-300 bg-sky-500/12", Icon: FileSymlinkIcon },
  unchanged: { label: "Unchanged", short: "U", className: "text-muted-foreground bg-muted", Icon: FileTextIcon },
};

export function StatusBadge({ status }: { status: FileStatus }) {
  const s = STATUS[status];
  return (
    <span className={cn("inline-flex shrink-0 items-center rounded px-1.5 py-px text-[11px] font-semibold tracking-wide uppercase", s.className)}>
      {s.label}
    </span>
  );
}

function ModeChange({ change }: { change: NonNullable<FileDiff["modeChange"]> }) {
  return (
    <span className="shrink-0 font-mono text-xs text-muted-foreground" title={change.to === "755" ? "Made executable" : "No longer executable"}>
      mode {change.from} → {change.to}
    </span>
  );
}

export function LineCounts({ added, removed, className }: { added: number; removed: number; className?: string }) {
  if (!added && !removed) return null;
  return (
    <span className={cn("inline-flex shrink-0 gap-1.5 font-mono text-xs tabular-nums", className)}>
      <span className="text-emerald-700 dark:text-emerald-300" aria-label={`${added} ${added === 1 ? "line" : "lines"} added`}>
        +{added}
      </span>
      <span className="text-red-700 dark:text-red-300" aria-label={`${removed} ${removed === 1 ? "line" : "lines"} removed`}>
        −{removed}
      </span>
    </span>
  );
}

export function FileCard({
  file,
  id,
  mode,
  defaultOpen,
  beforeLabel,
  afterLabel,
  comments,
  bodies,
}: {
  file: FileDiff;
  id: string;
  mode: DiffMode;
  defaultOpen: boolean;
  beforeLabel: string;
  afterLabel: string;
  comments?: DiffLineComments;
  /** Where a deferred body comes from (a big diff's later files). */
  bodies?: DeferredBodies;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = `${id}-body`;
  const changedLines = file.linesAdded + file.linesRemoved;
  return (
    <section
      id={id}
      aria-label={`${STATUS[file.status].label}: ${file.path}`}
      className="scroll-mt-20 overflow-hidden rounded-lg border"
      data-testid="diff-file"
      data-path={file.path}
      data-status={file.status}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-muted/40 px-3 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-sm text-left outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          {open ? (
            <ChevronDownIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          ) : (
            <ChevronRightIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          )}
          <span className="min-w-0 truncate font-mono text-[13px] font-medium">
            {file.status === "renamed" ? (
              <>
                <span className="text-muted-foreground">{file.before?.path}</span> → {file.path}
              </>
            ) : (
              file.path
            )}
          </span>
        </button>
        <StatusBadge status={file.status} />
        {file.modeChange ? <ModeChange change={file.modeChange} /> : null}
        <LineCounts added={file.linesAdded} removed={file.linesRemoved} />
      </header>
      <div id={bodyId} hidden={!open}>
        {!open ? null : file.deferred ? (
          <DeferredBody path={file.path} bodies={bodies} />
        ) : (
          <FileBody file={file} mode={mode} beforeLabel={beforeLabel} afterLabel={afterLabel} comments={comments} />
        )}
      </div>
      {!open && changedLines > LARGE_FILE_LINES ? (
        <p className="px-3 py-3 text-sm text-muted-foreground">
          Large diff ({changedLines.toLocaleString("en-US")} changed lines), folded to keep the page fast.{" "}
          <button
            type="button"
            className="font-medium text-foreground underline underline-offset-2 outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
            onClick={() => setOpen(true)}
          >
            Show it
          </button>
        </p>
      ) : null}
    </section>
  );
}

function FileBody({
  file,
  mode,
  beforeLabel,
  afterLabel,
  comments,
}: {
  file: FileDiff;
  mode: DiffMode;
  beforeLabel: string;
  afterLabel: string;
  comments?: DiffLineComments;
}) {
  const language = languageForPath(file.path);
  const extras: LineExtras | undefined = comments && {
    control: (line) => comments.control(file, line),
    below: (line) => comments.below(file, line),
  };
  if (file.status === "renamed") {
    return (
      <p className="px-3 py-3 text-sm text-muted-foreground">
        Moved from {file.before?.path} {file.modeChange ? `with only its mode changed (${file.modeChange.from} → ${file.modeChange.to})` : "without changes"}.
      </p>
    );
  }
  if (file.modeChange && !file.content && !file.skillMd) {
    return (
      <p className="px-3 py-3 text-sm text-muted-foreground">
        Only the mode changed: {file.modeChange.from} → {file.modeChange.to} ({file.modeChange.to === "755" ? "now executable" : "no longer executable"}).
      </p>
    );
  }
  if (file.skillMd) {
    const { fields, yaml, body } = file.skillMd;
    const yamlChanged = yaml.kind !== "text" || yaml.linesAdded + yaml.linesRemoved > 0;
    const bodyChanged = body.kind !== "text" || body.linesAdded + body.linesRemoved > 0;
    return (
      <div className="grid">
        {fields.length ? <FrontmatterDiff fields={fields} beforeLabel={beforeLabel} afterLabel={afterLabel} /> : null}
        {yamlChanged && !fields.length ? (
          <SubSection title="Frontmatter (formatting only; every field has the same value)">
            <ContentDiff content={yaml} mode={mode} language="yaml" label={`${file.path} frontmatter`} extras={extras} />
          </SubSection>
        ) : null}
        {yamlChanged && fields.length ? (
          // Open when a comment sits on one of its lines.
          <details className="border-t" open={extras && yaml.kind === "text" ? yaml.segments.some((s) => s.lines.some((l) => extras.below(l))) : undefined}>
            <summary className="cursor-pointer px-3 py-1.5 text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset">
              Frontmatter source
            </summary>
            <ContentDiff content={yaml} mode={mode} language="yaml" label={`${file.path} frontmatter source`} extras={extras} />
          </details>
        ) : null}
        {bodyChanged ? (
          <SubSection title="Body">
            <ContentDiff content={body} mode={mode} language="markdown" label={`${file.path} body`} extras={extras} />
          </SubSection>
        ) : (
          <p className="border-t px-3 py-2 text-xs text-muted-foreground">The body is unchanged.</p>
        )}
      </div>
    );
  }
  if (!file.content) return null;
  if (file.content.kind === "binary") return <BinaryRow file={file} />;
  return <ContentDiff content={file.content} mode={mode} language={language} label={`Changes in ${file.path}`} extras={extras} />;
}

function SubSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="border-t first:border-t-0">
      <h4 className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      {children}
    </div>
  );
}

function ContentDiff({
  content,
  mode,
  language,
  label,
  extras,
}: {
  content: FileContentDiff;
  mode: DiffMode;
  language: ReturnType<typeof languageForPath>;
  label: string;
  extras?: LineExtras;
}) {
  if (content.kind === "binary") return <p className="px-3 py-3 text-sm text-muted-foreground">Binary content.</p>;
  if (content.kind === "too-large") return <p className="px-3 py-3 text-sm text-muted-foreground">Not shown line by line: {content.reason}.</p>;
  if (!content.segments.length) return <p className="px-3 py-3 text-sm text-muted-foreground">Empty file.</p>;
  return <TextDiffTable diff={content} mode={mode} language={language} label={label} extras={extras} />;
}

function BinaryRow({ file }: { file: FileDiff }) {
  const side = (s: FileDiff["before"]) =>
    s ? (
      <span className="grid gap-0.5">
        <span>{formatBytes(s.size)}</span>
        <code className="text-xs break-all text-muted-foreground" title={s.sha256}>
          sha256 {s.sha256.slice(0, 16)}…
        </code>
      </span>
    ) : (
      <span className="text-muted-foreground">none</span>
    );
  return (
    <div className="grid gap-2 px-3 py-3 text-sm sm:grid-cols-[1fr_auto_1fr] sm:items-center" data-testid="binary-diff">
      <div>
        <span className="text-xs font-medium text-muted-foreground">Before</span>
        {side(file.before)}
      </div>
      <ArrowRightIcon aria-hidden className="hidden size-4 text-muted-foreground sm:block" />
      <div>
        <span className="text-xs font-medium text-muted-foreground">After</span>
        {side(file.after)}
      </div>
      <p className="text-xs text-muted-foreground sm:col-span-3">Binary file: compared by size and digest.</p>
    </div>
  );
}
