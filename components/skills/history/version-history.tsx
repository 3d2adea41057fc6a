import Link from "next/link";
import {
  ChevronRightIcon,
  GitCompareArrowsIcon,
  GitMergeIcon,
  GitPullRequestArrowIcon,
  GitPullRequestClosedIcon,
  PinIcon,
  ShieldAlertIcon,
} from "lucide-react";
import { VersionProvenanceText } from "@/components/sources/synced-from";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatBytes, formatNumber, formatRelative } from "@/lib/display";
import type { SkillHistory, VersionHistoryItem } from "@/lib/types/versions";
import { cn } from "@/lib/utils";
import { PruneVersionsControl } from "./prune-versions-dialog";
import { RestoreVersionDialog } from "./restore-version-dialog";
import { LabelChips } from "@/components/skills/label-chips";
import { PointLabelDialog } from "./point-label-dialog";

export function HistoryBreadcrumb({ skill, trail }: { skill: { id: string; name: string }; trail: { label: string; href?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
      <Link href="/skills" className="rounded-sm outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
        Skills
      </Link>
      <ChevronRightIcon aria-hidden className="size-3.5" />
      <Link
        href={`/skills/${encodeURIComponent(skill.id)}`}
        className="truncate rounded-sm font-mono outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        {skill.name}
      </Link>
      {trail.map((item, i) => (
        <span key={item.label} className="flex items-center gap-1">
          <ChevronRightIcon aria-hidden className="size-3.5" />
          {item.href && i < trail.length - 1 ? (
            <Link href={item.href} className="rounded-sm outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
              {item.label}
            </Link>
          ) : (
            <span aria-current="page" className="text-foreground">
              {item.label}
            </span>
          )}
        </span>
      ))}
    </nav>
  );
}

function Delta({ value, format, unit }: { value: number | null; format: (n: number) => string; unit: string }) {
  if (value === null) return <span className="text-muted-foreground">—</span>;
  if (value === 0) return <span className="text-muted-foreground">±0</span>;
  return (
    <span
      className={cn("font-medium tabular-nums", value > 0 ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-300")}
      aria-label={`${value > 0 ? "grew by" : "shrank by"} ${format(Math.abs(value))} ${unit}`}
    >
      {value > 0 ? "+" : "−"}
      {format(Math.abs(value))}
    </span>
  );
}

const REVIEW: Record<string, { label: string; variant: "warning" | "success" | "destructive" } | undefined> = {
  needs_review: { label: "Needs review", variant: "warning" },
  reviewed: { label: "Reviewed", variant: "success" },
  override: { label: "Override", variant: "destructive" },
};

function Findings({ v }: { v: VersionHistoryItem }) {
  const review = REVIEW[v.reviewStatus];
  const parts = [];
  if (v.errorCount) parts.push(<Badge key="e" variant="destructive">{`${v.errorCount} ${v.errorCount === 1 ? "error" : "errors"}`}</Badge>);
  if (v.warningCount) parts.push(<Badge key="w" variant="warning">{`${v.warningCount} ${v.warningCount === 1 ? "warning" : "warnings"}`}</Badge>);
  if (v.scanHighest)
    parts.push(
      <Badge key="s" variant={v.scanHighest === "critical" || v.scanHighest === "high" ? "destructive" : "outline"}>
        <ShieldAlertIcon aria-hidden /> Scan: {v.scanHighest}
      </Badge>,
    );
  if (review)
    parts.push(
      <Badge key="r" variant={review.variant}>
        {review.label}
      </Badge>,
    );
  if (!parts.length) return <span className="text-muted-foreground">None</span>;
  return <span className="flex flex-wrap gap-1">{parts}</span>;
}

/**
 * A version's review request, as a badge linking to it: "Proposed" (open, not what agents get),
 * "Withdrawn proposal" or "Superseded revision" (never published), or "Approved in review" (merged: it became current).
 */
function ProposalBadge({ v }: { v: VersionHistoryItem }) {
  if (!v.proposal) return null;
  const href = `/reviews/${encodeURIComponent(v.proposal.requestId)}`;
  const { label, title, variant, Icon } =
    v.proposal.state === "open"
      ? {
          label: "Proposed",
          title: "Proposed in a review request: agents do not get it until it is approved",
          variant: "success" as const,
          Icon: GitPullRequestArrowIcon,
        }
      : v.proposal.state === "withdrawn" || v.proposal.state === "superseded"
        ? {
            label: v.proposal.state === "withdrawn" ? "Withdrawn proposal" : "Superseded revision",
            title:
              v.proposal.state === "withdrawn"
                ? "Proposed in a review request that was withdrawn: it was never published"
                : "An earlier revision of a review request, replaced by a later one: it was never published",
            variant: "outline" as const,
            Icon: GitPullRequestClosedIcon,
          }
        : { label: "Approved in review", title: "Published when its review request was approved", variant: "secondary" as const, Icon: GitMergeIcon };
  return (
    <Link href={href} title={title} className="rounded-md outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
      <Badge variant={variant} className="hover:underline">
        <Icon aria-hidden /> {label}
      </Badge>
    </Link>
  );
}

/** A version's latest trigger-test result, linking to its Triggers tab; a dash when it was never run. */
function Triggers({ result, href, version }: { result: { passed: number; tests: number } | undefined; href: string; version: number }) {
  if (!result) return <span className="text-muted-foreground">—</span>;
  const all = result.passed === result.tests;
  return (
    <Link
      href={href}
      className="rounded-md outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
      aria-label={`Trigger tests of v${version}: ${result.passed} of ${result.tests} passed`}
      data-testid="version-triggers"
    >
      <Badge variant={all ? "success" : "warning"} className="hover:underline">
        Triggers {result.passed}/{result.tests}
      </Badge>
    </Link>
  );
}

/** The history page: every kept version, two to compare, restore and prune. Proposed versions show, marked, never offered to restore. */
export function VersionHistory({
  history,
  triggers = {},
}: {
  history: SkillHistory;
  /** Per version number, its latest trigger-test result for its own description (see latestOwnRuns). */
  triggers?: Record<number, { passed: number; tests: number }>;
}) {
  const { skill, versions, can } = history;
  const canRestore = can.addVersion && skill.syncedFrom === null;
  const base = `/skills/${encodeURIComponent(skill.id)}`;
  const newest = versions[0];
  const defaultFrom = versions[1]?.number ?? newest.number;
  const proposed = versions.filter((v) => v.published === false).length;

  return (
    // One column no wider than the page: the table scrolls inside its frame on a phone.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-3">
        <HistoryBreadcrumb skill={skill} trail={[{ label: "History" }]} />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">
              History of <span className="font-mono">{skill.name}</span>
            </h1>
            <p className="text-sm text-muted-foreground">
              {versions.length} {versions.length === 1 ? "version" : "versions"} kept · current v{skill.currentVersion}
              {proposed ? ` · ${proposed} proposed in review, never published` : ""}
              {canRestore ? " · restoring a version adds a new one; nothing is deleted" : ""}
            </p>
            {can.addVersion && skill.syncedFrom ? (
              // Restore would be refused: the next sync would replace it. Said here instead of offered.
              <p className="text-sm text-muted-foreground" data-testid="restore-synced">
                Synced from <span className="font-mono [overflow-wrap:anywhere]">{skill.syncedFrom}</span>: versions come from its syncs, so none is restored
                here. Revert the change in the repository, or detach the skill from its source to restore one.
              </p>
            ) : null}
          </div>
          {versions.length > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`${base}/versions/compare?from=${defaultFrom}&to=${newest.number}`}>
                <GitCompareArrowsIcon aria-hidden /> Latest changes
              </Link>
            </Button>
          ) : null}
        </div>
      </header>

      {/* A plain GET form: choosing two versions and comparing works before any script has loaded. */}
      <form action={`${base}/versions/compare`} method="get" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {/* relative: the sr-only header is absolutely placed and would otherwise widen the page past the scroller. */}
        <div className="relative overflow-x-auto rounded-xl border bg-card shadow-xs">
          <table className="w-full min-w-[62rem] border-collapse text-sm" aria-label="Versions">
            <thead>
              <tr className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                <th scope="col" className="w-20 px-3 py-2 font-medium">
                  <span title="Choose the older side (from) and the newer side (to) of a comparison">Compare</span>
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Version
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Author · date
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Size
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Tokens
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Findings
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span title="The latest trigger-test result of the version's own description">Triggers</span>
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr
                  key={v.number}
                  className={cn("border-b align-top last:border-b-0", v.published === false && "bg-muted/30")}
                  data-testid="version-row"
                  data-version={v.number}
                  data-published={v.published === false ? "false" : undefined}
                >
                  <td className="px-3 py-2.5">
                    <span className="flex gap-2">
                      <input
                        type="radio"
                        name="from"
                        value={v.number}
                        defaultChecked={v.number === defaultFrom}
                        aria-label={`Compare from v${v.number}`}
                        className="size-4 accent-primary"
                      />
                      <input
                        type="radio"
                        name="to"
                        value={v.number}
                        defaultChecked={v.number === newest.number}
                        aria-label={`Compare to v${v.number}`}
                        className="size-4 accent-primary"
                      />
                    </span>
                  </td>
                  <th scope="row" className="px-3 py-2.5 text-left font-normal">
                    <span className="flex flex-wrap items-center gap-2">
                      <Link href={v.current ? base : `${base}/v/${v.number}`} className="font-mono font-semibold underline-offset-4 hover:underline">
                        v{v.number}
                      </Link>
                      {v.current ? <Badge variant="secondary">Current</Badge> : null}
                      <LabelChips labels={v.labels} />
                      <ProposalBadge v={v} />
                      {v.pinnedBy ? (
                        <Badge variant="outline" title="Agent profiles pin this version; prune keeps it">
                          <PinIcon aria-hidden /> Pinned by {v.pinnedBy} {v.pinnedBy === 1 ? "profile" : "profiles"}
                        </Badge>
                      ) : null}
                    </span>
                    <span className="mt-1 block max-w-md text-[13px] break-words text-foreground/90">
                      {v.message || <span className="text-muted-foreground italic">No message</span>}
                    </span>
                    {v.provenance ? (
                      <span className="mt-0.5 block max-w-md text-xs text-muted-foreground" data-testid="version-provenance">
                        <VersionProvenanceText provenance={v.provenance} />
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    <span className="block">{v.author?.name ?? <span className="text-muted-foreground">deleted user</span>}</span>
                    {v.provenance?.commit ? <span className="block text-xs text-muted-foreground">published the sync</span> : null}
                    <time dateTime={v.createdAt.toISOString()} title={v.createdAt.toLocaleString("en-US")} className="text-xs text-muted-foreground">
                      {formatRelative(v.createdAt)}
                    </time>
                  </td>
                  <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
                    <span className="block">{formatBytes(v.totalBytes)}</span>
                    <span className="text-xs">
                      <Delta value={v.byteDelta} format={formatBytes} unit="" />
                    </span>
                  </td>
                  <td
                    className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums"
                    title={`Catalog ${formatNumber(v.tokens.catalog)} · body ${formatNumber(v.tokens.body)} · resources ${formatNumber(v.tokens.resources)} tokens`}
                  >
                    <span className="block">{formatNumber(v.tokens.total)}</span>
                    <span className="text-xs" data-testid="token-delta">
                      <Delta value={v.tokenDelta} format={formatNumber} unit="tokens" />
                    </span>
                  </td>
                  <td className="px-3 py-2.5">
                    <Findings v={v} />
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap">
                    <Triggers result={triggers[v.number]} version={v.number} href={`${v.current ? base : `${base}/v/${v.number}`}?tab=triggers`} />
                  </td>
                  <td className="px-3 py-2.5">
                    <span className="flex items-center justify-end gap-1.5">
                      {v.predecessor !== null ? (
                        <Button asChild variant="ghost" size="sm" className="h-7 px-2 text-xs">
                          <Link href={`${base}/versions/compare?from=${v.predecessor}&to=${v.number}`} aria-label={`Changes in v${v.number}`}>
                            <GitCompareArrowsIcon aria-hidden className="size-3.5" /> Changes
                          </Link>
                        </Button>
                      ) : null}
                      {/* A proposal was never current: restoring it would say otherwise (its request is where it moves on). */}
                      {can.addVersion && v.published !== false ? (
                        <PointLabelDialog
                          skillId={skill.id}
                          version={v.number}
                          labelNames={history.labelNames}
                          reviewed={history.reviewedLabels}
                          labelled={Object.fromEntries(versions.flatMap((o) => o.labels.map((l) => [l, o.number])))}
                        />
                      ) : null}
                      {canRestore && !v.current && v.published !== false ? (
                        <RestoreVersionDialog skillId={skill.id} version={v.number} currentVersion={skill.currentVersion} />
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {versions.length > 1 ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm">
              <GitCompareArrowsIcon aria-hidden /> Compare selected
            </Button>
            <p className="text-sm text-muted-foreground">Pick a “from” and a “to” version in the first column (left: from, right: to).</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            This skill has one version so far. Each save or upload of a changed copy adds the next one, and you can compare any two here.
          </p>
        )}
      </form>

      {can.manage && versions.length > 1 ? (
        <PruneVersionsControl
          skillId={skill.id}
          versions={versions.map((v) => ({ number: v.number, current: v.current, pinnedBy: v.pinnedBy, labels: v.labels }))}
        />
      ) : null}
    </div>
  );
}
