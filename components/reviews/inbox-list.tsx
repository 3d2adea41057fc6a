import Link from "next/link";
import { CheckIcon, FolderInputIcon, GitMergeIcon, GitPullRequestArrowIcon, GitPullRequestClosedIcon, MessageSquareIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatRelative } from "@/lib/display";
import type { ReviewRequestSummary } from "@/lib/types/reviews";
import { cn } from "@/lib/utils";
import { approvalsText, requestKindText } from "./inbox-text";

function StateIcon({ request }: { request: ReviewRequestSummary }) {
  const className = "mt-0.5 size-4 shrink-0";
  if (request.state === "merged") return <GitMergeIcon aria-label="Merged" className={cn(className, "text-violet-600 dark:text-violet-400")} />;
  if (request.state === "withdrawn") return <GitPullRequestClosedIcon aria-label="Withdrawn" className={cn(className, "text-muted-foreground")} />;
  const Icon = request.kind === "move" ? FolderInputIcon : GitPullRequestArrowIcon;
  return <Icon aria-label="Open" className={cn(className, "text-emerald-600 dark:text-emerald-400")} />;
}

/** One request: what, on which skill, by whom, where it stands. The title links to the review page. */
function InboxRow({ request }: { request: ReviewRequestSummary }) {
  const href = `/reviews/${encodeURIComponent(request.id)}`;
  const open = request.state === "open";
  const approved = request.approvals >= request.requiredApprovals;
  return (
    <li className="relative flex items-start gap-3 px-4 py-3 transition-colors focus-within:bg-accent/50 hover:bg-accent/40" data-testid="review-row">
      <StateIcon request={request} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={href}
            className="min-w-0 font-medium break-words outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
          >
            {request.title}
          </Link>
          {open && request.waitingOn === "me" ? <Badge variant="default">Your review</Badge> : null}
          {open && request.changesRequested ? <Badge variant="destructive">Changes requested</Badge> : null}
          {open && request.outOfDate ? (
            <Badge variant="warning" title="The skill's current version moved past this proposal's base: the author must bring it up to date in the editor">
              Out of date
            </Badge>
          ) : null}
          {request.state === "merged" ? <Badge variant="secondary">{request.mergedVersion ? `Merged as v${request.mergedVersion}` : "Merged"}</Badge> : null}
          {request.state === "withdrawn" ? <Badge variant="outline">Withdrawn</Badge> : null}
        </div>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-[13px] text-muted-foreground">
          <span className="font-mono font-medium break-all text-foreground/90">{request.skill.name}</span>
          <span aria-hidden>·</span>
          <span>{requestKindText(request)}</span>
          <span aria-hidden>·</span>
          <span>by {request.author?.name ?? "a deleted user"}</span>
          {request.revision > 1 ? (
            <>
              <span aria-hidden>·</span>
              <span>revision {request.revision}</span>
            </>
          ) : null}
          <span aria-hidden>·</span>
          <span>
            updated{" "}
            <time dateTime={request.updatedAt.toISOString()} title={request.updatedAt.toLocaleString("en-US")}>
              {formatRelative(request.updatedAt)}
            </time>
          </span>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 pt-0.5 text-xs text-muted-foreground tabular-nums sm:flex-row sm:items-center sm:gap-3">
        {open ? (
          <span
            className={cn("inline-flex items-center gap-1", approved && "text-emerald-700 dark:text-emerald-300")}
            title={approvalsText(request)}
            aria-label={approvalsText(request)}
          >
            <CheckIcon aria-hidden className="size-3.5" />
            {request.approvals}/{request.requiredApprovals}
          </span>
        ) : null}
        {request.commentCount ? (
          <span
            className="inline-flex items-center gap-1"
            aria-label={`${request.commentCount} ${request.commentCount === 1 ? "comment" : "comments"}${request.unresolvedThreads ? `, ${request.unresolvedThreads} unresolved` : ""}`}
            title={request.unresolvedThreads ? `${request.unresolvedThreads} unresolved ${request.unresolvedThreads === 1 ? "thread" : "threads"}` : undefined}
          >
            <MessageSquareIcon aria-hidden className="size-3.5" />
            {request.commentCount}
          </span>
        ) : null}
      </div>
    </li>
  );
}

export function InboxList({ requests }: { requests: ReviewRequestSummary[] }) {
  return (
    <ul aria-label="Review requests" className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs">
      {requests.map((request) => (
        <InboxRow key={request.id} request={request} />
      ))}
    </ul>
  );
}
