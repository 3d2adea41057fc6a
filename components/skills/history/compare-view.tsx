import Link from "next/link";
import { ArrowLeftRightIcon, ArrowRightIcon, GitCompareArrowsIcon, HistoryIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRelative } from "@/lib/display";
import type { SkillHistory, VersionHistoryItem } from "@/lib/types/versions";
import { HistoryBreadcrumb } from "./version-history";

// Compact: the picker heads its version's card.
const selectClass = "h-8 w-full px-2 text-[13px]";

// One side of the comparison: its picker and what that version is. The picker is the side's only
// "From"/"To" label (a card title above a second labelled select said it twice).
function VersionSide({
  v,
  side,
  name,
  value,
  href,
  options,
}: {
  v: VersionHistoryItem | undefined;
  side: "From" | "To";
  name: "from" | "to";
  value: number;
  href: (n: number) => string;
  options: React.ReactNode;
}) {
  return (
    <div className="grid min-w-0 content-start gap-1.5 rounded-lg border bg-card px-3 py-2 text-sm shadow-xs" data-testid={`compare-${name}`}>
      <label className="grid gap-1">
        <span className="text-xs font-medium text-muted-foreground">{side}</span>
        <Select name={name} defaultValue={value} className={selectClass}>
          {options}
        </Select>
      </label>
      {v ? (
        <>
          <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <Link href={href(v.number)} className="font-mono font-semibold underline-offset-4 hover:underline">
              v{v.number}
            </Link>
            <span className="min-w-0 truncate">{v.message || <span className="text-muted-foreground italic">No message</span>}</span>
          </span>
          <span className="text-xs text-muted-foreground">
            {v.author?.name ?? "deleted user"} · <time dateTime={v.createdAt.toISOString()}>{formatRelative(v.createdAt)}</time>
          </span>
        </>
      ) : null}
    </div>
  );
}

/** Title, the two versions, and a form to pick another pair (a GET form: works without script). */
export function CompareHeader({ history, from, to }: { history: SkillHistory; from: number | null; to: number }) {
  const { skill, versions } = history;
  const base = `/skills/${encodeURIComponent(skill.id)}`;
  const byNumber = new Map(versions.map((v) => [v.number, v]));
  const href = (n: number) => (n === skill.currentVersion ? base : `${base}/v/${n}`);
  const options = versions.map((v) => (
    <option key={v.number} value={v.number}>
      v{v.number}
      {v.current ? " (current)" : ""} · {v.message.length > 40 ? `${v.message.slice(0, 40)}…` : v.message}
    </option>
  ));
  return (
    <header className="grid gap-4">
      <HistoryBreadcrumb skill={skill} trail={[{ label: "History", href: `${base}/versions` }, { label: "Compare" }]} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">
          {from === null ? (
            <>v{to}</>
          ) : (
            <>
              v{from} <ArrowRightIcon aria-label="to" className="inline size-5 align-[-3px] text-muted-foreground" /> v{to}
            </>
          )}{" "}
          <span className="text-base font-normal text-muted-foreground">
            of <span className="font-mono">{skill.name}</span>
          </span>
        </h1>
        <Button asChild variant="outline" size="sm">
          <Link href={`${base}/versions`}>
            <HistoryIcon aria-hidden /> All versions
          </Link>
        </Button>
      </div>
      {versions.length > 1 ? (
        <form action={`${base}/versions/compare`} method="get" className="grid gap-3">
          <div className="grid gap-2 sm:grid-cols-[1fr_auto_1fr] sm:items-center">
            <VersionSide
              v={from === null ? undefined : byNumber.get(from)}
              side="From"
              name="from"
              value={from ?? versions[versions.length - 1].number}
              href={href}
              options={options}
            />
            <ArrowRightIcon aria-hidden className="hidden size-4 text-muted-foreground sm:block" />
            <VersionSide v={byNumber.get(to)} side="To" name="to" value={to} href={href} options={options} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" size="sm" variant="secondary">
              <GitCompareArrowsIcon aria-hidden /> Compare
            </Button>
            {from !== null && from !== to ? (
              <Button asChild size="sm" variant="ghost">
                <Link href={`${base}/versions/compare?from=${to}&to=${from}`}>
                  <ArrowLeftRightIcon aria-hidden /> Swap sides
                </Link>
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </header>
  );
}

export function NothingToCompare({ history, version }: { history: SkillHistory; version: number }) {
  const base = `/skills/${encodeURIComponent(history.skill.id)}`;
  return (
    <EmptyState
      icon={GitCompareArrowsIcon}
      title={`v${version} has no earlier version`}
      action={
        <Button asChild variant="outline">
          <Link href={`${base}/versions`}>Back to the history</Link>
        </Button>
      }
    >
      {history.versions.length > 1
        ? "It is the oldest version kept. Choose another pair above."
        : "This skill has a single version. Save a change to compare versions here."}
    </EmptyState>
  );
}

/** Shaped like the diff: a summary line, a file list and two file cards. */
export function CompareSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading the differences">
      <div className="flex items-center justify-between">
        <Skeleton className="h-5 w-72" />
        <Skeleton className="h-8 w-44" />
      </div>
      <Skeleton className="h-24 w-full rounded-lg" />
      {[0, 1].map((i) => (
        <div key={i} className="overflow-hidden rounded-lg border">
          <Skeleton className="h-10 w-full rounded-none" />
          <div className="grid gap-2 p-3">
            {[80, 65, 90, 40, 70].map((w, j) => (
              <Skeleton key={j} className="h-3.5" style={{ width: `${w}%` }} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
