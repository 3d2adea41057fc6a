"use client";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircleIcon, MessageSquarePlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useFormAction } from "@/components/ui/use-form-action";
import { commentAction, editCommentAction } from "@/lib/actions/reviews";
import { MAX_COMMENT } from "@/lib/skills/review-requests/policy";
import type { LineAnchor } from "@/lib/types/reviews";

/**
 * A comment: on the whole request, on one line (anchor), or a reply (parentId). An empty comment
 * is answered at the field; a refusal from the server (a closed request, a line that no longer
 * exists) above the buttons.
 */
export function ReviewCommentForm({
  requestId,
  anchor,
  parentId,
  edit,
  label,
  placeholder,
  submitLabel = "Comment",
  autoFocus = false,
  onCancel,
  onDone,
}: {
  requestId: string;
  anchor?: LineAnchor;
  parentId?: string;
  /** Change one's own comment instead of adding one. */
  edit?: { commentId: string; body: string };
  /** The field's accessible name, e.g. "Comment on SKILL.md line 12". */
  label: string;
  placeholder?: string;
  submitLabel?: string;
  autoFocus?: boolean;
  onCancel?: () => void;
  onDone?: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const router = useRouter();
  // The posted text stays on screen, marked as posting, until the refreshed page carries it: closing
  // at once left a gap in which the comment seemed lost and a second click posted it twice.
  const [posted, setPosted] = useState<string | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const handlers = {
    toast: false,
    onSuccess: () => {
      const field = formRef.current?.elements.namedItem("body");
      setPosted(field instanceof HTMLTextAreaElement ? field.value.trim() : "");
      formRef.current?.reset();
      startRefresh(() => router.refresh());
    },
  };
  // Both hooks run (hooks cannot be conditional); the form uses the one it is for.
  const adding = useFormAction(commentAction, handlers);
  const editing = useFormAction(editCommentAction, handlers);
  const { formAction, pending, failure } = edit ? editing : adding;
  // Shown while the refresh that carries it is under way; then an inline form closes.
  const posting = posted !== null && refreshing ? posted : null;
  useEffect(() => {
    if (posted !== null && !refreshing) onDone?.();
  }, [posted, refreshing, onDone]);
  const busy = pending || posting !== null;
  // A second click lands before the disabled button renders; this stops it from posting twice.
  const sending = useRef(false);
  useEffect(() => {
    if (!pending) sending.current = false;
  }, [pending]);
  const fieldError = failure?.fieldErrors?.body?.[0] ?? null;
  const otherError = failure && !fieldError ? failure.message : null;
  return (
    <form
      ref={formRef}
      action={formAction}
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        if (busy || sending.current) event.preventDefault();
        else sending.current = true;
      }}
      onKeyDown={(event) => {
        // Ctrl/Cmd+Enter sends, as in most comment boxes; Escape cancels an inline one.
        if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        } else if (event.key === "Escape" && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <input type="hidden" name="requestId" value={requestId} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      {edit ? <input type="hidden" name="commentId" value={edit.commentId} /> : null}
      {anchor ? (
        <>
          <input type="hidden" name="anchorVersion" value={anchor.version} />
          <input type="hidden" name="anchorPath" value={anchor.path} />
          <input type="hidden" name="anchorLine" value={anchor.line} />
        </>
      ) : null}
      <label htmlFor={`${id}-body`} className="sr-only">
        {label}
      </label>
      <Textarea
        id={`${id}-body`}
        name="body"
        rows={3}
        maxLength={MAX_COMMENT}
        placeholder={placeholder ?? "Leave a comment"}
        defaultValue={failure?.values?.body ?? edit?.body}
        autoFocus={autoFocus}
        aria-invalid={!!fieldError}
        aria-describedby={fieldError ? `${id}-error` : undefined}
        className="min-h-20 resize-y bg-background"
      />
      {posting !== null ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground"
          data-testid="comment-posting"
        >
          <LoaderCircleIcon aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin" />
          <span className="min-w-0 break-words whitespace-pre-wrap">
            <span className="font-medium text-foreground">{edit ? "Saving…" : "Posting…"}</span> {posting}
          </span>
        </p>
      ) : null}
      {fieldError ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {fieldError}
        </p>
      ) : null}
      {otherError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {otherError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <MessageSquarePlusIcon aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
