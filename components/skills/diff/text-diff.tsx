"use client";
import { Fragment, useEffect, useState, type ReactNode } from "react";
import { ChevronsUpDownIcon } from "lucide-react";
import type { LanguageId } from "@/components/skills/markdown/languages";
import { formatHunkHeader, type DiffLine, type DiffSegment, type Range, type TextDiff } from "@/lib/skills/diff/diff";
import type { DiffToken } from "./client-highlighter";

export type DiffMode = "unified" | "split";

/**
 * Optional extras per line, for the review page's line comments: a control shown in the line's
 * marker cell on hover or focus, and content (threads, a comment form) in a row under the line.
 * Absent on the compare page and in the editor, which render exactly as before.
 */
export interface LineExtras {
  control(line: DiffLine): ReactNode;
  below(line: DiffLine): ReactNode;
}

type LineTokens = { old: Map<number, DiffToken[]>; new: Map<number, DiffToken[]> };

/**
 * Colours for both sides of a text diff, computed in the browser after first paint: the lines
 * show as plain text at once and gain colours when the grammar has loaded. Each side is tokenized
 * as a whole (rebuilt from the diff, collapsed lines included), so multi-line constructs such as
 * fenced code in Markdown colour correctly.
 */
function useHighlight(diff: TextDiff, language: LanguageId | null): LineTokens | null {
  const [tokens, setTokens] = useState<{ diff: TextDiff; tokens: LineTokens } | null>(null);
  useEffect(() => {
    if (!language) return;
    let cancelled = false;
    const lines = diff.segments.flatMap((s) => s.lines);
    const oldLines = lines.filter((l) => l.oldLine !== null);
    const newLines = lines.filter((l) => l.newLine !== null);
    import("./client-highlighter")
      .then(async ({ highlightLines }) => {
        const [a, b] = await Promise.all([
          highlightLines(oldLines.map((l) => l.text).join("\n"), language),
          highlightLines(newLines.map((l) => l.text).join("\n"), language),
        ]);
        if (cancelled) return;
        const result: LineTokens = { old: new Map(), new: new Map() };
        if (a) oldLines.forEach((l, i) => a[i] && result.old.set(l.oldLine!, a[i]));
        if (b) newLines.forEach((l, i) => b[i] && result.new.set(l.newLine!, b[i]));
        setTokens({ diff, tokens: result });
      })
      .catch(() => {
        // Without colours the diff is still complete; a failed chunk load must not break it.
      });
    return () => {
      cancelled = true;
    };
  }, [diff, language]);
  return tokens?.diff === diff ? tokens.tokens : null;
}

/** A line's text with syntax colours and word-level marks laid over each other. */
function LineContent({ text, tokens, marks, side }: { text: string; tokens?: DiffToken[]; marks?: Range[]; side: "old" | "new" }) {
  if (!text) return <>{"\u200b"}</>;
  const pieces = tokens?.length ? tokens : [{ content: text }];
  const cuts = new Set<number>([0, text.length]);
  for (const m of marks ?? []) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  const out: ReactNode[] = [];
  let offset = 0;
  let key = 0;
  for (const token of pieces) {
    const start = offset;
    const end = offset + token.content.length;
    offset = end;
    const points = [start, ...[...cuts].filter((c) => c > start && c < end).sort((x, y) => x - y), end];
    for (let i = 0; i < points.length - 1; i++) {
      const content = text.slice(points[i], points[i + 1]);
      if (!content) continue;
      const marked = marks?.some((m) => m.start <= points[i] && points[i + 1] <= m.end);
      const span = token.style ? (
        <span key={key++} style={token.style}>
          {content}
        </span>
      ) : (
        <Fragment key={key++}>{content}</Fragment>
      );
      if (marked) {
        const Tag = side === "old" ? "del" : "ins";
        out.push(
          <Tag key={key++} className="diff-word">
            {span}
          </Tag>,
        );
      } else {
        out.push(span);
      }
    }
  }
  return <>{out}</>;
}

const MARKER: Record<DiffLine["kind"], string> = { add: "+", remove: "−", context: " " };
const ROW_CLASS: Record<DiffLine["kind"], string> = { add: "diff-add", remove: "diff-del", context: "" };
const KIND_LABEL: Record<DiffLine["kind"], string | null> = { add: "added", remove: "removed", context: null };

function Marker({ kind }: { kind: DiffLine["kind"] }) {
  const label = KIND_LABEL[kind];
  return (
    <>
      <span aria-hidden>{MARKER[kind]}</span>
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

function LineControl({ line, extras }: { line: DiffLine; extras?: LineExtras }) {
  const control = extras?.control(line);
  return control ? <span className="diff-line-control">{control}</span> : null;
}

/** The row under a line that holds its extras (threads); nothing when there are none. */
function BelowRow({ lines, extras, mode }: { lines: (DiffLine | null)[]; extras?: LineExtras; mode: DiffMode }) {
  if (!extras) return null;
  // A context row's two halves are the same line: its extras once.
  const content = [...new Set(lines)].flatMap((line) => (line ? [extras.below(line)] : [])).filter((node) => node != null && node !== false);
  if (!content.length) return null;
  return (
    <tr className="diff-below">
      <td colSpan={mode === "split" ? 6 : 4}>
        {content.map((node, i) => (
          <Fragment key={i}>{node}</Fragment>
        ))}
      </td>
    </tr>
  );
}

function UnifiedRows({ lines, tokens, extras }: { lines: DiffLine[]; tokens: LineTokens | null; extras?: LineExtras }) {
  return lines.map((line, i) => (
    <Fragment key={i}>
      <tr className={ROW_CLASS[line.kind]} data-kind={line.kind}>
        <td className="diff-num" data-line={line.oldLine ?? ""} />
        <td className="diff-num" data-line={line.newLine ?? ""} />
        <td className="diff-marker">
          <Marker kind={line.kind} />
          <LineControl line={line} extras={extras} />
        </td>
        <td className="diff-code">
          <LineContent
            text={line.text}
            marks={line.marks}
            side={line.kind === "remove" ? "old" : "new"}
            tokens={line.kind === "remove" ? tokens?.old.get(line.oldLine!) : tokens?.new.get(line.newLine!)}
          />
        </td>
      </tr>
      <BelowRow lines={[line]} extras={extras} mode="unified" />
    </Fragment>
  ));
}

type SplitRow = { left: DiffLine | null; right: DiffLine | null };

function splitRows(lines: DiffLine[]): SplitRow[] {
  const rows: SplitRow[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].kind === "context") {
      rows.push({ left: lines[i], right: lines[i] });
      i++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i].kind === "remove") removed.push(lines[i++]);
    while (i < lines.length && lines[i].kind === "add") added.push(lines[i++]);
    for (let k = 0; k < Math.max(removed.length, added.length); k++) rows.push({ left: removed[k] ?? null, right: added[k] ?? null });
  }
  return rows;
}

function SplitHalf({
  line,
  side,
  tokens,
  divider,
  extras,
}: {
  line: DiffLine | null;
  side: "old" | "new";
  tokens: LineTokens | null;
  divider?: boolean;
  extras?: LineExtras;
}) {
  if (!line) {
    return (
      <>
        <td className={`diff-num diff-empty-cell${divider ? " diff-split-divider" : ""}`} />
        <td className="diff-marker diff-empty-cell" />
        <td className="diff-code diff-empty-cell" />
      </>
    );
  }
  const kind = line.kind;
  const cell = kind === "add" ? "diff-add-cell" : kind === "remove" ? "diff-del-cell" : "";
  const number = side === "old" ? line.oldLine : line.newLine;
  return (
    <>
      <td className={`diff-num ${cell}${divider ? " diff-split-divider" : ""}`} data-line={number ?? ""} />
      <td className={`diff-marker ${cell}`}>
        <Marker kind={kind} />
        {/* A removed line is commented on the left; an added or unchanged one on the right. */}
        {(side === "old") === (kind === "remove") ? <LineControl line={line} extras={extras} /> : null}
      </td>
      <td className={`diff-code ${cell}`}>
        <LineContent
          text={line.text}
          marks={kind === "context" ? undefined : line.marks}
          side={side}
          tokens={number === null ? undefined : tokens?.[side].get(number)}
        />
      </td>
    </>
  );
}

function SplitRows({ lines, tokens, extras }: { lines: DiffLine[]; tokens: LineTokens | null; extras?: LineExtras }) {
  return splitRows(lines).map((row, i) => (
    <Fragment key={i}>
      <tr data-kind={row.left?.kind === "context" ? "context" : "change"}>
        <SplitHalf line={row.left} side="old" tokens={tokens} extras={extras} />
        <SplitHalf line={row.right} side="new" tokens={tokens} divider extras={extras} />
      </tr>
      <BelowRow lines={[row.left, row.right]} extras={extras} mode="split" />
    </Fragment>
  ));
}

function HunkRow({ segment, mode }: { segment: Extract<DiffSegment, { type: "hunk" }>; mode: DiffMode }) {
  return (
    <tr className="diff-hunk">
      <td colSpan={mode === "split" ? 6 : 4} className="py-0.5">
        {formatHunkHeader(segment.header)}
      </td>
    </tr>
  );
}

function CollapsedRow({ count, mode, onExpand }: { count: number; mode: DiffMode; onExpand: () => void }) {
  return (
    <tr className="diff-hunk">
      <td colSpan={mode === "split" ? 6 : 4} className="p-0">
        <button
          type="button"
          onClick={onExpand}
          className="flex w-full items-center gap-2 px-3 py-1 text-left font-sans text-xs text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:ring-inset"
        >
          <ChevronsUpDownIcon aria-hidden className="size-3.5" />
          Show {count} unchanged {count === 1 ? "line" : "lines"}
        </button>
      </td>
    </tr>
  );
}

/** One text diff as a table: unified (one column, old and new line numbers) or side by side. */
export function TextDiffTable({
  diff,
  mode,
  language,
  label,
  extras,
}: {
  diff: TextDiff;
  mode: DiffMode;
  language: LanguageId | null;
  label: string;
  extras?: LineExtras;
}) {
  const tokens = useHighlight(diff, language);
  // Unchanged runs holding extras (a comment thread) start expanded, so the thread is seen.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => (extras ? holdingExtras(diff, extras) : new Set()));
  const Rows = mode === "split" ? SplitRows : UnifiedRows;
  return (
    <div className="overflow-x-auto">
      <table className="diff-table" aria-label={label} data-mode={mode}>
        <colgroup>
          {mode === "split" ? (
            <>
              <col className="w-13" />
              <col className="w-5" />
              <col />
              <col className="w-13" />
              <col className="w-5" />
              <col />
            </>
          ) : (
            <>
              <col className="w-13" />
              <col className="w-13" />
              <col className="w-5" />
              <col />
            </>
          )}
        </colgroup>
        <tbody>
          {diff.segments.map((segment, index) => {
            if (segment.type === "collapsed" && !expanded.has(index)) {
              return <CollapsedRow key={index} count={segment.lines.length} mode={mode} onExpand={() => setExpanded((prev) => new Set(prev).add(index))} />;
            }
            return (
              <Fragment key={index}>
                {/* Between hunks the collapsed row is the separator; a header only marks a first hunk that starts mid-file (the SKILL.md body). */}
                {segment.type === "hunk" && index === 0 && (segment.header.oldStart > 1 || segment.header.newStart > 1) ? (
                  <HunkRow segment={segment} mode={mode} />
                ) : null}
                <Rows lines={segment.lines} tokens={tokens} extras={extras} />
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {notes(diff).map((note) => (
        <p key={note} className="border-t px-3 py-1.5 text-xs text-muted-foreground">
          {note}
        </p>
      ))}
    </div>
  );
}

function holdingExtras(diff: TextDiff, extras: LineExtras): Set<number> {
  const out = new Set<number>();
  diff.segments.forEach((segment, index) => {
    if (segment.type === "collapsed" && segment.lines.some((line) => extras.below(line))) out.add(index);
  });
  return out;
}

function notes(diff: TextDiff): string[] {
  const out: string[] = [];
  const ending = { lf: "LF", crlf: "CRLF", mixed: "mixed", none: "none" } as const;
  if (diff.lineEndings.old !== diff.lineEndings.new && diff.lineEndings.old !== "none" && diff.lineEndings.new !== "none") {
    out.push(`Line endings changed: ${ending[diff.lineEndings.old]} → ${ending[diff.lineEndings.new]}.`);
  }
  if (diff.finalNewline.old !== diff.finalNewline.new)
    out.push(diff.finalNewline.new ? "A newline was added at the end of the file." : "No newline at the end of the file any more.");
  return out;
}
