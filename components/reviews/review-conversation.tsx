import Link from "next/link";
import { CircleCheckIcon, GitCommitVerticalIcon, MessagesSquareIcon, TriangleAlertIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatRelative } from "@/lib/display";
import type { ReviewRequestDetail, ReviewThread, ReviewVerdictItem } from "@/lib/types/reviews";
import { cn } from "@/lib/utils";
import { conversationItems, revisionLabel } from "./review-anchors";
import { ReviewCommentForm } from "./review-comment-form";
import { reviewHref } from "./review-header";
import { ReviewThreadCard } from "./review-thread";

const When = ({ at }: { at: Date }) => (
  <time dateTime={at.toISOString()} title={at.toISOString()}>
    {formatRelative(at)}
  </time>
);

function Verdict({ verdict }: { verdict: ReviewVerdictItem }) {
  const approve = verdict.verdict === "approve";
  const Icon = approve ? CircleCheckIcon : TriangleAlertIcon;
  return (
    <div className={cn("flex gap-3 text-sm", verdict.dismissed && "opacity-70")} data-testid="review-verdict" data-verdict={verdict.verdict}>
      <Icon aria-hidden className={cn("mt-0.5 size-4 shrink-0", approve ? "text-emerald-600 dark:text-emerald-400" : "text-amber-600 dark:text-amber-400")} />
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{verdict.reviewer?.name ?? "deleted user"}</span>
          <span>
            {approve ? "approved" : "requested changes on"} revision {verdict.revision}
          </span>
          <span className="text-xs text-muted-foreground">
            <When at={verdict.createdAt} />
          </span>
          {verdict.dismissed ? <Badge variant="secondary">dismissed by revision {verdict.revision + 1}</Badge> : null}
        </p>
        {verdict.note ? <p className="rounded-md border bg-card px-3 py-2 break-words whitespace-pre-wrap">{verdict.note}</p> : null}
      </div>
    </div>
  );
}

function RevisionPushed({ requestId, revision }: { requestId: string; revision: ReviewRequestDetail["revisions"][number] }) {
  return (
    <div className="flex gap-3 text-sm" data-testid="review-revision">
      <GitCommitVerticalIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{revision.author?.name ?? "deleted user"}</span>
          <span>pushed</span>
          <Link
            href={reviewHref(requestId, revision.number)}
            className="rounded-sm underline underline-offset-4 outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
          >
            {revisionLabel(revision)}
          </Link>
          <span className="text-xs text-muted-foreground">
            <When at={revision.createdAt} />
          </span>
          {revision.pruned ? <Badge variant="secondary">version pruned</Badge> : null}
        </p>
        {revision.message ? <p className="text-muted-foreground">{revision.message}</p> : null}
      </div>
    </div>
  );
}

/**
 * The conversation: whole-request threads and line threads not on screen (with their place), the
 * verdicts and the revisions pushed, in time order; then a box for a new comment.
 */
export function ReviewConversation({ request, threads }: { request: ReviewRequestDetail; threads: ReviewThread[] }) {
  const items = conversationItems(request, threads);
  return (
    <section aria-labelledby="review-conversation-title" className="grid gap-4" data-testid="review-conversation">
      <h2 id="review-conversation-title" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <MessagesSquareIcon aria-hidden className="size-5 text-muted-foreground" /> Conversation
        {request.commentCount ? (
          <span className="text-sm font-normal text-muted-foreground">
            · {request.commentCount} {request.commentCount === 1 ? "comment" : "comments"} in all
          </span>
        ) : null}
      </h2>
      {items.length ? (
        <ol className="grid gap-4">
          {items.map((item) => (
            <li key={`${item.kind}-${item.kind === "thread" ? item.thread.id : item.kind === "verdict" ? item.verdict.id : item.revision.number}`}>
              {item.kind === "thread" ? (
                <ReviewThreadCard thread={item.thread} requestId={request.id} canComment={request.can.comment} showPlace />
              ) : item.kind === "verdict" ? (
                <Verdict verdict={item.verdict} />
              ) : (
                <RevisionPushed requestId={request.id} revision={item.revision} />
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid="review-conversation-empty">
          {/* The count covers line threads shown in the diff above, so "no comments" would contradict it. */}
          {request.commentCount ? "No comments on the whole proposal; the comments are on lines of the diff above." : "No comments yet."}{" "}
          {request.can.comment ? "Comment on the whole proposal below, or on a line of the diff: hover or focus a line and press its + button." : null}
        </p>
      )}
      {request.can.comment ? (
        <div className="grid gap-2 rounded-lg border bg-card p-3 shadow-xs">
          <ReviewCommentForm requestId={request.id} label="Add a comment" placeholder="Add a comment…" />
          <p className="text-xs text-muted-foreground">A comment neither approves nor requests changes: the Review section below records your decision.</p>
        </div>
      ) : request.state !== "open" ? (
        <p className="text-sm text-muted-foreground">This request is closed; its conversation is kept as a record.</p>
      ) : null}
    </section>
  );
}
