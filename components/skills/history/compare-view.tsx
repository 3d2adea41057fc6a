import Link from "next/link";
import { ArrowLeftRightIcon, ArrowRightIcon, GitCompareArrowsIcon, HistoryIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRelative } from "@/lib/format";
import type { SkillHistory, VersionHistoryItem } from "@/lib/types/versions";
import { HistoryBreadcrumb } from "./version-history";

// Compact, to sit in one row with the Compare button.
const selectClass = "h-8 max-w-56 px-2 text-[13px]";

function VersionCard({ v, side, href }: { v: VersionHistoryItem | undefined; side: string; href: string }) {
  if (!v) return null;
  return (
    <div className="grid min-w-0 gap-0.5 rounded-lg border bg-card px-3 py-2 text-sm shadow-xs">
      <span className="text-xs text-muted-foreground">{side}</span>
      <span className="flex flex-wrap items-baseline gap-x-2">
        <Link href={href} className="font-mono font-semibold underline-offset-4 hover:underline">
          v{v.number}
        </Link>
        <span className="min-w-0 truncate">{v.message || <span className="text-muted-foreground italic">No message</span>}</span>
      </span>
      <span className="text-xs text-muted-foreground">
        {v.author?.name ?? "deleted user"} · <time dateTime={v.createdAt.toISOString()}>{formatRelative(v.createdAt)}</time>
      </span>
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
      {from !== null ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto_1fr] sm:items-center">
          <VersionCard v={byNumber.get(from)} side="From" href={href(from)} />
          <ArrowRightIcon aria-hidden className="hidden size-4 text-muted-foreground sm:block" />
          <VersionCard v={byNumber.get(to)} side="To" href={href(to)} />
        </div>
      ) : null}
      {versions.length > 1 ? (
        <form action={`${base}/versions/compare`} method="get" className="flex flex-wrap items-end gap-3 text-sm">
          <label className="grid gap-1">
            <span className="text-xs font-medium text-muted-foreground">From</span>
            <Select name="from" defaultValue={from ?? versions[versions.length - 1].number} className={selectClass}>
              {options}
            </Select>
          </label>
          <label className="grid gap-1">
            <span className="text-xs font-medium text-muted-foreground">To</span>
            <Select name="to" defaultValue={to} className={selectClass}>
              {options}
            </Select>
          </label>
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
