import Link from "next/link";
import {
  ChevronRightIcon,
  CircleAlertIcon,
  GitCompareArrowsIcon,
  GitMergeIcon,
  GitPullRequestArrowIcon,
  GitPullRequestClosedIcon,
  PencilIcon,
} from "lucide-react";
import { ScopeBadge } from "@/components/skills/scope-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatRelative } from "@/lib/display";
import { scopeName } from "@/lib/labels";
import type { ReviewRequestDetail } from "@/lib/types/reviews";
import { cn } from "@/lib/utils";
import { approvalsText, revisionLabel } from "./review-anchors";

const linkClass = "rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50";

export function reviewHref(requestId: string, revision?: number, since?: number): string {
  const query = new URLSearchParams();
  if (revision) query.set("revision", String(revision));
  if (since) query.set("since", String(since));
  const search = query.toString();
  return `/reviews/${encodeURIComponent(requestId)}${search ? `?${search}` : ""}`;
}

/** "Changes since your last review" (the viewer's last verdict's revision), else "since revision N-1", when the shown revision has an earlier one. */
function SinceLinks({ request }: { request: ReviewRequestDetail }) {
  const { shown } = request;
  const latest = shown.revision === request.revision;
  const kept = (n: number) => request.revisions.some((r) => r.number === n && !r.pruned);
  if (shown.since !== null) {
    return (
      <p role="status" className="rounded-lg border border-primary/30 bg-primary/5 px-4 py-2.5 text-sm" data-testid="review-since">
        Showing what changed from revision {shown.since} (v{shown.from}) to revision {shown.revision} (v{shown.to}).{" "}
        <Link href={reviewHref(request.id, latest ? undefined : shown.revision)} className={cn(linkClass, "font-medium underline")}>
          Show all changes against v{request.revisions.find((r) => r.number === shown.revision)?.baseVersion ?? "the base"}
        </Link>
      </p>
    );
  }
  const mine = latest && request.lastReviewedRevision !== null && kept(request.lastReviewedRevision) ? request.lastReviewedRevision : null;
  const previous = shown.revision > 1 && kept(shown.revision - 1) ? shown.revision - 1 : null;
  const since = mine ?? previous;
  if (since === null || request.kind !== "version") return null;
  return (
    <Button asChild variant={mine ? "default" : "ghost"} size="sm">
      <Link href={reviewHref(request.id, latest ? undefined : shown.revision, since)}>
        <GitCompareArrowsIcon aria-hidden /> {mine ? `Changes since your last review (revision ${mine})` : `Changes since revision ${since}`}
      </Link>
    </Button>
  );
}

export function ReviewStateBadge({ request }: { request: Pick<ReviewRequestDetail, "state" | "mergedVersion"> }) {
  switch (request.state) {
    case "open":
      return (
        <Badge variant="success" data-testid="review-state">
          <GitPullRequestArrowIcon aria-hidden /> Open
        </Badge>
      );
    case "merged":
      return (
        <Badge className="border-transparent bg-violet-500/15 text-violet-700 dark:text-violet-300" data-testid="review-state">
          <GitMergeIcon aria-hidden /> Merged{request.mergedVersion ? ` as v${request.mergedVersion}` : ""}
        </Badge>
      );
    case "withdrawn":
      return (
        <Badge variant="secondary" data-testid="review-state">
          <GitPullRequestClosedIcon aria-hidden /> Withdrawn
        </Badge>
      );
  }
}

/** "New version v7" or "Move to team Platform". */
export function kindText(request: Pick<ReviewRequestDetail, "kind" | "versionNumber" | "target">): string {
  if (request.kind === "version") return request.versionNumber ? `New version v${request.versionNumber}` : "New version";
  if (request.kind === "label") return "Release label move";
  const target = request.target;
  if (!target) return "Move";
  return target.scope === "TEAM" && target.team ? `Move to team ${target.team.name}` : `Move to the ${scopeName(target.scope).toLowerCase()} space`;
}

/** Title, skill, kind, state, approvals, the out-of-date notice and the revision switcher. */
export function ReviewHeader({ request }: { request: ReviewRequestDetail }) {
  const skillHref = `/skills/${encodeURIComponent(request.skill.id)}`;
  const { shown } = request;
  const revision = request.revisions.find((r) => r.number === shown.revision);
  const latest = shown.revision === request.revision;
  return (
    <header className="grid gap-4">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <Link href="/reviews" className="rounded-sm outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
          Review requests
        </Link>
        <ChevronRightIcon aria-hidden className="size-3.5" />
        <Link href={skillHref} className="truncate rounded-sm font-mono outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
          {request.skill.name}
        </Link>
      </nav>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{request.title}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-muted-foreground">
          <ReviewStateBadge request={request} />
          <span className="font-medium text-foreground">{kindText(request)}</span>
          <span>
            of{" "}
            <Link href={skillHref} className={cn(linkClass, "font-mono text-foreground")}>
              {request.skill.name}
            </Link>
          </span>
          <ScopeBadge scope={request.skill.scope} team={request.skill.team?.name} />
          <span>
            by {request.author?.name ?? "deleted user"} · <time dateTime={request.createdAt.toISOString()}>{formatRelative(request.createdAt)}</time>
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="review-status">
          <Badge variant={request.approvals >= request.requiredApprovals ? "success" : "outline"}>
            {approvalsText(request.approvals, request.requiredApprovals)}
          </Badge>
          {request.state === "open" && request.changesRequested ? <Badge variant="warning">Changes requested</Badge> : null}
          {request.state === "open" && request.unresolvedThreads ? (
            <Badge variant="outline">
              {request.unresolvedThreads} unresolved {request.unresolvedThreads === 1 ? "thread" : "threads"}
            </Badge>
          ) : null}
          {request.askedFirst.length ? (
            <span className="text-muted-foreground" data-testid="review-asked-first">
              Owners, asked first: <span className="text-foreground">{request.askedFirst.map((owner) => owner.name).join(", ")}</span>
            </span>
          ) : null}
          {request.state === "merged" && request.mergedVersion ? (
            <Link href={`${skillHref}/v/${request.mergedVersion}`} className={cn(linkClass, "text-sm font-medium underline")}>
              Open v{request.mergedVersion}
            </Link>
          ) : null}
        </p>
      </div>

      {revision?.message ? <p className="rounded-lg border bg-card px-4 py-3 text-sm whitespace-pre-wrap shadow-xs">{revision.message}</p> : null}

      {request.noEligibleReviewer ? (
        <p role="status" className="flex gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm" data-testid="review-no-reviewer">
          <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          {request.noEligibleReviewer}
        </p>
      ) : null}
      {request.state === "open" && request.outOfDate ? (
        <div role="status" className="flex gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm" data-testid="review-out-of-date">
          <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <div className="grid gap-1">
            <p className="font-medium">Out of date</p>
            <p className="text-muted-foreground">
              The skill&apos;s current version moved past v{request.baseVersion}, which this proposal is based on. It cannot merge until the author rebases it
              in the editor onto the current version.
            </p>
            {request.can.revise ? (
              <p>
                <Link href={`${skillHref}/edit?request=${encodeURIComponent(request.id)}`} className={cn(linkClass, "font-medium underline")}>
                  Rebase in the editor
                </Link>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {request.revisions.length > 1 ? (
          <nav aria-label="Revisions" className="flex flex-wrap gap-1.5 text-[13px]">
            {request.revisions.map((r) => (
              <Link
                key={r.number}
                href={reviewHref(request.id, r.number === request.revision ? undefined : r.number)}
                aria-current={r.number === shown.revision ? "page" : undefined}
                className="rounded-md border px-2 py-1 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50 aria-[current=page]:border-primary aria-[current=page]:bg-primary/10 aria-[current=page]:text-foreground"
              >
                {revisionLabel(r)}
                {r.number === request.revision ? " · latest" : ""}
              </Link>
            ))}
          </nav>
        ) : revision ? (
          <span className="text-[13px] text-muted-foreground">{revisionLabel(revision)}</span>
        ) : null}
        <span className="ml-auto flex flex-wrap gap-2">
          {request.shown.since === null ? <SinceLinks request={request} /> : null}
          {request.can.revise && !request.outOfDate ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`${skillHref}/edit?request=${encodeURIComponent(request.id)}`}>
                <PencilIcon aria-hidden /> Push a revision
              </Link>
            </Button>
          ) : null}
          {shown.from !== null ? (
            <Button asChild variant="ghost" size="sm">
              <Link href={`${skillHref}/versions/compare?from=${shown.from}&to=${shown.to}`}>
                <GitCompareArrowsIcon aria-hidden /> Compare v{shown.from} → v{shown.to}
              </Link>
            </Button>
          ) : null}
        </span>
      </div>

      {request.shown.since !== null ? <SinceLinks request={request} /> : null}
      {!latest ? (
        <p role="status" className="rounded-lg border bg-muted/50 px-4 py-2.5 text-sm">
          You are looking at revision {shown.revision}, an earlier one.{" "}
          <Link href={reviewHref(request.id)} className={cn(linkClass, "font-medium underline")}>
            See the latest (revision {request.revision})
          </Link>
          {request.state === "open" ? "; decisions apply to it." : "."}
        </p>
      ) : null}
    </header>
  );
}
