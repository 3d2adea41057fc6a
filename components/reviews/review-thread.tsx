"use client";
import { useState } from "react";
import { CheckCircle2Icon, LoaderCircleIcon, MessageSquareIcon, PencilIcon, ReplyIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import { ConfirmFormDialog } from "@/components/ui/confirm-form-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { deleteCommentAction, resolveThreadAction } from "@/lib/actions/reviews";
import { formatRelative } from "@/lib/display";
import type { ReviewCommentItem, ReviewThread } from "@/lib/types/reviews";
import { cn } from "@/lib/utils";
import { anchorPlace } from "./review-anchors";
import { ReviewCommentForm } from "./review-comment-form";

function OwnCommentActions({ requestId, comment, onEdit }: { requestId: string; comment: ReviewCommentItem; onEdit: () => void }) {
  return (
    <span className="ml-auto flex gap-0.5">
      <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="Edit your comment" title="Edit" onClick={onEdit}>
        <PencilIcon aria-hidden />
      </Button>
      <ConfirmFormDialog
        trigger={
          <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="Delete your comment" title="Delete">
            <Trash2Icon aria-hidden />
          </Button>
        }
        title="Delete this comment?"
        description="It is removed from the conversation for everyone; a thread's first comment goes with your replies to it."
        action={deleteCommentAction}
        fields={{ requestId, commentId: comment.id }}
        submit="Delete comment"
      />
    </span>
  );
}

export function ReviewComment({ comment, requestId }: { comment: ReviewCommentItem; requestId: string }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="grid gap-1" data-testid="review-comment">
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="text-sm font-medium text-foreground">{comment.author?.name ?? "deleted user"}</span>
        <time dateTime={comment.createdAt.toISOString()} title={comment.createdAt.toISOString()}>
          {formatRelative(comment.createdAt)}
        </time>
        {comment.canEdit && !editing ? <OwnCommentActions requestId={requestId} comment={comment} onEdit={() => setEditing(true)} /> : null}
      </div>
      {editing ? (
        <ReviewCommentForm
          requestId={requestId}
          edit={{ commentId: comment.id, body: comment.body }}
          label="Edit your comment"
          submitLabel="Save"
          autoFocus
          onCancel={() => setEditing(false)}
          onDone={() => setEditing(false)}
        />
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap">{comment.body}</p>
      )}
    </li>
  );
}

function ResolveButton({ requestId, thread }: { requestId: string; thread: ReviewThread }) {
  const { formAction, pending, failure } = useFormAction(resolveThreadAction, { refresh: true, toast: false });
  const resolve = !thread.resolved;
  return (
    <form action={formAction} className="contents">
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="threadId" value={thread.id} />
      <input type="hidden" name="resolved" value={String(resolve)} />
      <Button type="submit" variant="ghost" size="sm" disabled={pending}>
        {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : resolve ? <CheckCircle2Icon aria-hidden /> : <RotateCcwIcon aria-hidden />}
        {resolve ? "Resolve" : "Reopen"}
      </Button>
      {failure ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          {failure.message}
        </p>
      ) : null}
    </form>
  );
}

/**
 * One thread: its comments, a reply box, resolve/reopen. A resolved thread folds to one line. With
 * `showPlace` (the conversation) a line thread says where it is: "on v6, SKILL.md:12".
 */
export function ReviewThreadCard({
  thread,
  requestId,
  canComment,
  showPlace = false,
}: {
  thread: ReviewThread;
  requestId: string;
  canComment: boolean;
  showPlace?: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const [open, setOpen] = useState(!thread.resolved);
  const first = thread.comments[0];
  return (
    <article
      className={cn("grid gap-3 rounded-lg border bg-card px-3 py-2.5 shadow-xs", thread.resolved && "bg-muted/40")}
      aria-label={`Thread by ${first?.author?.name ?? "deleted user"}${thread.anchor ? ` ${anchorPlace(thread.anchor)}` : ""}`}
      data-testid="review-thread"
      data-resolved={thread.resolved ? "true" : "false"}
    >
      {showPlace && thread.anchor ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <MessageSquareIcon aria-hidden className="size-3.5" />
          <span className="font-mono">{anchorPlace(thread.anchor)}</span>
          {thread.outdated ? <Badge variant="secondary">Outdated</Badge> : null}
        </p>
      ) : null}
      {thread.resolved ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <CheckCircle2Icon aria-hidden className="size-3.5 text-emerald-600 dark:text-emerald-400" />
          Resolved by {thread.resolved.by?.name ?? "deleted user"} {formatRelative(thread.resolved.at)}
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="rounded-sm font-medium text-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
          >
            {open ? "Hide" : `Show ${thread.comments.length} ${thread.comments.length === 1 ? "comment" : "comments"}`}
          </button>
        </p>
      ) : null}
      {open ? (
        <ul className="grid gap-3">
          {thread.comments.map((comment) => (
            <ReviewComment key={comment.id} comment={comment} requestId={requestId} />
          ))}
        </ul>
      ) : null}
      {canComment ? (
        replying ? (
          <ReviewCommentForm
            requestId={requestId}
            parentId={thread.id}
            label="Reply"
            placeholder="Reply…"
            submitLabel="Reply"
            autoFocus
            onCancel={() => setReplying(false)}
            onDone={() => setReplying(false)}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-end gap-1 border-t pt-2">
            {open ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setReplying(true)}>
                <ReplyIcon aria-hidden /> Reply
              </Button>
            ) : null}
            <ResolveButton requestId={requestId} thread={thread} />
          </div>
        )
      ) : null}
    </article>
  );
}
