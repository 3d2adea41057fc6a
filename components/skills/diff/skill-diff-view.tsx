"use client";
import { useId, useState, useSyncExternalStore } from "react";
import { ArrowRightIcon, ChevronDownIcon, ChevronRightIcon, FileIcon, FileMinusIcon, FilePenIcon, FilePlusIcon, FileSymlinkIcon, FileTextIcon } from "lucide-react";
import { languageForPath } from "@/components/skills/markdown/languages";
import { formatBytes } from "@/lib/format";
import type { FileContentDiff, FileDiff, FileStatus, FrontmatterChange, Range, SkillDiff } from "@/lib/skills/diff/diff";
import type { FrontmatterValue } from "@/lib/skills/format/skill-md";
import { cn } from "@/lib/utils";
import { TextDiffTable, type DiffMode } from "./text-diff";
import "./diff.css";

export type { DiffMode };

export interface SkillDiffViewProps {
  diff: SkillDiff;
  /** What the two sides are, e.g. "v1" and "v2", or "v4 (saved)" and "Your draft". */
  beforeLabel?: string;
  afterLabel?: string;
  defaultMode?: DiffMode;
}

/** A file with more changed lines than this starts folded, behind a button. */
const LARGE_FILE_LINES = 400;
/** Once this many changed lines are open on the page, further files start folded. */
const PAGE_LINE_BUDGET = 2000;
const MODE_KEY = "skillshelf.diff-mode";

const STATUS: Record<FileStatus, { label: string; short: string; className: string; Icon: typeof FileIcon }> = {
  added: { label: "Added", short: "A", className: "text-emerald-700 dark:text-emerald-300 bg-emerald-500/12", Icon: FilePlusIcon },
  removed: { label: "Removed", short: "D", className: "text-red-700 dark:text-red-300 bg-red-500/12", Icon: FileMinusIcon },
  changed: { label: "Modified", short: "M", className: "text-amber-700 dark:text-amber-300 bg-amber-500/12", Icon: FilePenIcon },
  renamed: { label: "Moved", short: "R", className: "text-sky-700 dark:text-sky-300 bg-sky-500/12", Icon: FileSymlinkIcon },
  unchanged: { label: "Unchanged", short: "U", className: "text-muted-foreground bg-muted", Icon: FileTextIcon },
};

function StatusBadge({ status }: { status: FileStatus }) {
  const s = STATUS[status];
  return <span className={cn("inline-flex shrink-0 items-center rounded px-1.5 py-px text-[11px] font-semibold tracking-wide uppercase", s.className)}>{s.label}</span>;
}

function LineCounts({ added, removed, className }: { added: number; removed: number; className?: string }) {
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

function fileAnchor(baseId: string, path: string): string {
  return `${baseId}-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

const modeListeners = new Set<() => void>();

function subscribeMode(listener: () => void): () => void {
  modeListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    modeListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function storedMode(): DiffMode | null {
  try {
    const saved = window.localStorage.getItem(MODE_KEY);
    return saved === "unified" || saved === "split" ? saved : null;
  } catch {
    return null;
  }
}

/** The layout follows the user across diffs (kept in this browser); the server renders the default. */
function useDiffMode(defaultMode: DiffMode): [DiffMode, (mode: DiffMode) => void] {
  const saved = useSyncExternalStore(subscribeMode, storedMode, () => null);
  const [chosen, setChosen] = useState<DiffMode | null>(null);
  return [
    chosen ?? saved ?? defaultMode,
    (next) => {
      setChosen(next);
      try {
        window.localStorage.setItem(MODE_KEY, next);
      } catch {
        // Private windows may refuse storage; the toggle still works for this page.
      }
      modeListeners.forEach((listener) => listener());
    },
  ];
}

/**
 * A skill diff the way a pull request reads: a summary, the changed files, then each file's diff
 * (SKILL.md as a frontmatter table plus its body), unified or side by side. Renders from a
 * serializable SkillDiff, so it works on the history page and inside the editor alike.
 */
export function SkillDiffView({ diff, beforeLabel = "Before", afterLabel = "After", defaultMode = "unified" }: SkillDiffViewProps) {
  const baseId = useId().replace(/:/g, "");
  const [mode, setMode] = useDiffMode(defaultMode);
  const shown = diff.files.filter((f) => f.status !== "unchanged");
  const unchanged = diff.files.filter((f) => f.status === "unchanged");
  const { stats } = diff;

  // Files open by default until the page budget is spent; big ones always start folded.
  let budget = PAGE_LINE_BUDGET;
  const openByDefault = new Map<string, boolean>();
  for (const f of shown) {
    const lines = f.linesAdded + f.linesRemoved;
    openByDefault.set(f.path, lines <= LARGE_FILE_LINES && lines <= budget);
    budget -= Math.min(lines, budget);
  }

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
        <nav aria-label="Changed files" className="rounded-lg border">
          <ul className="divide-y text-sm">
            {shown.map((f) => {
              const Icon = STATUS[f.status].Icon;
              return (
                <li key={f.path}>
                  <a href={`#${fileAnchor(baseId, f.path)}`} className="flex items-center gap-2.5 px-3 py-1.5 outline-none hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset">
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
        <FileCard key={f.path} file={f} id={fileAnchor(baseId, f.path)} mode={mode} defaultOpen={openByDefault.get(f.path) ?? true} beforeLabel={beforeLabel} afterLabel={afterLabel} />
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

function summaryText(stats: SkillDiff["stats"]): string {
  const parts: string[] = [];
  const n = (count: number, word: string) => `${count} ${word}`;
  const changedFiles = stats.filesChanged + stats.filesAdded + stats.filesRemoved + stats.filesRenamed;
  parts.push(`${changedFiles} ${changedFiles === 1 ? "file" : "files"} changed`);
  const detail: string[] = [];
  if (stats.filesAdded) detail.push(n(stats.filesAdded, "added"));
  if (stats.filesRemoved) detail.push(n(stats.filesRemoved, "removed"));
  if (stats.filesRenamed) detail.push(n(stats.filesRenamed, "moved"));
  return detail.length ? `${parts[0]} (${detail.join(", ")})` : parts[0];
}

function FileCard({ file, id, mode, defaultOpen, beforeLabel, afterLabel }: { file: FileDiff; id: string; mode: DiffMode; defaultOpen: boolean; beforeLabel: string; afterLabel: string }) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = `${id}-body`;
  const changedLines = file.linesAdded + file.linesRemoved;
  return (
    <section id={id} aria-label={`${STATUS[file.status].label}: ${file.path}`} className="scroll-mt-20 overflow-hidden rounded-lg border" data-testid="diff-file" data-path={file.path} data-status={file.status}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-muted/40 px-3 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-sm text-left outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          {open ? <ChevronDownIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" /> : <ChevronRightIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
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
        <LineCounts added={file.linesAdded} removed={file.linesRemoved} />
      </header>
      <div id={bodyId} hidden={!open}>
        {open ? <FileBody file={file} mode={mode} beforeLabel={beforeLabel} afterLabel={afterLabel} /> : null}
      </div>
      {!open && changedLines > LARGE_FILE_LINES ? (
        <p className="px-3 py-3 text-sm text-muted-foreground">
          Large diff ({changedLines.toLocaleString("en-US")} changed lines), folded to keep the page fast.{" "}
          <button type="button" className="font-medium text-foreground underline underline-offset-2 outline-none focus-visible:ring-3 focus-visible:ring-ring/50" onClick={() => setOpen(true)}>
            Show it
          </button>
        </p>
      ) : null}
    </section>
  );
}

function FileBody({ file, mode, beforeLabel, afterLabel }: { file: FileDiff; mode: DiffMode; beforeLabel: string; afterLabel: string }) {
  const language = languageForPath(file.path);
  if (file.status === "renamed") {
    return <p className="px-3 py-3 text-sm text-muted-foreground">Moved from {file.before?.path} without changes.</p>;
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
            <ContentDiff content={yaml} mode={mode} language="yaml" label={`${file.path} frontmatter`} />
          </SubSection>
        ) : null}
        {yamlChanged && fields.length ? (
          <details className="border-t">
            <summary className="cursor-pointer px-3 py-1.5 text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset">Frontmatter source</summary>
            <ContentDiff content={yaml} mode={mode} language="yaml" label={`${file.path} frontmatter source`} />
          </details>
        ) : null}
        {bodyChanged ? (
          <SubSection title="Body">
            <ContentDiff content={body} mode={mode} language="markdown" label={`${file.path} body`} />
          </SubSection>
        ) : (
          <p className="border-t px-3 py-2 text-xs text-muted-foreground">The body is unchanged.</p>
        )}
      </div>
    );
  }
  if (!file.content) return null;
  if (file.content.kind === "binary") return <BinaryRow file={file} />;
  return <ContentDiff content={file.content} mode={mode} language={language} label={`Changes in ${file.path}`} />;
}

function SubSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="border-t first:border-t-0">
      <h4 className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      {children}
    </div>
  );
}

function ContentDiff({ content, mode, language, label }: { content: FileContentDiff; mode: DiffMode; language: ReturnType<typeof languageForPath>; label: string }) {
  if (content.kind === "binary") return <p className="px-3 py-3 text-sm text-muted-foreground">Binary content.</p>;
  if (content.kind === "too-large") return <p className="px-3 py-3 text-sm text-muted-foreground">Not shown line by line: {content.reason}.</p>;
  if (!content.segments.length) return <p className="px-3 py-3 text-sm text-muted-foreground">Empty file.</p>;
  return <TextDiffTable diff={content} mode={mode} language={language} label={label} />;
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

const FIELD_STATUS: Record<FrontmatterChange["status"], string> = { added: "Added", removed: "Removed", changed: "Changed" };

function FrontmatterDiff({ fields, beforeLabel, afterLabel }: { fields: FrontmatterChange[]; beforeLabel: string; afterLabel: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" aria-label="Frontmatter changes" data-testid="frontmatter-diff">
        <caption className="px-3 pt-2 pb-1 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">Frontmatter</caption>
        <thead>
          <tr className="border-y bg-muted/40 text-left text-xs text-muted-foreground">
            <th scope="col" className="w-40 px-3 py-1.5 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              {beforeLabel}
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              {afterLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.key} className="border-b align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <code className="font-mono text-[13px] font-medium">{f.key}</code>
                <span className="mt-0.5 block text-xs text-muted-foreground">{FIELD_STATUS[f.status]}</span>
              </th>
              <td className={cn("px-3 py-2", f.status !== "added" && "bg-[var(--diff-del-bg)]")}>
                {f.status === "added" ? <span className="text-muted-foreground italic">not set</span> : <FieldValue value={f.before!} marks={f.marks?.before} side="old" />}
              </td>
              <td className={cn("px-3 py-2", f.status !== "removed" && "bg-[var(--diff-add-bg)]")}>
                {f.status === "removed" ? <span className="text-muted-foreground italic">not set</span> : <FieldValue value={f.after!} marks={f.marks?.after} side="new" />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FieldValue({ value, marks, side }: { value: FrontmatterValue; marks?: Range[]; side: "old" | "new" }) {
  if (typeof value === "string") {
    if (value === "") return <span className="text-muted-foreground italic">empty</span>;
    if (!marks?.length) return <span className="whitespace-pre-wrap">{value}</span>;
    const Tag = side === "old" ? "del" : "ins";
    const parts: React.ReactNode[] = [];
    let at = 0;
    marks.forEach((m, i) => {
      if (m.start > at) parts.push(value.slice(at, m.start));
      parts.push(
        <Tag key={i} className="diff-word">
          {value.slice(m.start, m.end)}
        </Tag>,
      );
      at = m.end;
    });
    if (at < value.length) parts.push(value.slice(at));
    return <span className="whitespace-pre-wrap">{parts}</span>;
  }
  if (value === null || typeof value !== "object") return <code className="font-mono text-[13px]">{String(value)}</code>;
  return <pre className="font-mono text-[12.5px] leading-relaxed whitespace-pre-wrap">{JSON.stringify(value, null, 2)}</pre>;
}
