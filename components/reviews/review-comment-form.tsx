"use client";
import { useId, useRef } from "react";
import { LoaderCircleIcon, MessageSquarePlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useFormAction } from "@/components/ui/use-form-action";
import { commentAction } from "@/lib/actions/reviews";
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
  const { formAction, pending, failure } = useFormAction(commentAction, {
    refresh: true,
    toast: false,
    onSuccess: () => {
      formRef.current?.reset();
      onDone?.();
    },
  });
  const fieldError = failure?.fieldErrors?.body?.[0] ?? null;
  const otherError = failure && !fieldError ? failure.message : null;
  return (
    <form
      ref={formRef}
      action={formAction}
      noValidate
      className="grid gap-2"
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
        defaultValue={failure?.values?.body}
        autoFocus={autoFocus}
        aria-invalid={!!fieldError}
        aria-describedby={fieldError ? `${id}-error` : undefined}
        className="min-h-20 resize-y bg-background"
      />
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
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <MessageSquarePlusIcon aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
