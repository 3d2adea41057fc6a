"use client";
import { useId } from "react";
import Link from "next/link";
import { CircleAlertIcon, CircleCheckIcon, GitMergeIcon, LoaderCircleIcon, TriangleAlertIcon, Undo2Icon } from "lucide-react";
import { ConfirmFormDialog } from "@/components/ui/confirm-form-dialog";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useFormAction } from "@/components/ui/use-form-action";
import { decideAction, withdrawAction } from "@/lib/actions/reviews";
import { MAX_COMMENT } from "@/lib/skills/review-requests/policy";
import type { ReviewRequestDetail } from "@/lib/types/reviews";
import { approvalsText } from "./review-anchors";

type Request = Pick<
  ReviewRequestDetail,
  "id" | "skill" | "state" | "revision" | "mergedVersion" | "outOfDate" | "approvals" | "requiredApprovals" | "can" | "decideRefusal" | "readiness" | "verdicts"
> & {
  /** The revision on screen (the diff itself stays out of this client component's props). */
  shownRevision: number;
};

const notice = "flex gap-3 rounded-lg border px-4 py-3 text-sm";

function Merged({ skillId, version }: { skillId: string; version: number }) {
  return (
    <p role="status" className={`${notice} border-violet-500/40 bg-violet-500/10`} data-testid="review-merged">
      <GitMergeIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-violet-600 dark:text-violet-400" />
      <span>
        Merged as v{version}: it is the skill&apos;s current version.{" "}
        <Link href={`/skills/${encodeURIComponent(skillId)}`} className="font-medium underline underline-offset-4">
          Open the skill
        </Link>
      </span>
    </p>
  );
}

function DecideForm({ request }: { request: Request }) {
  const id = useId();
  const { state, formAction, pending, failure } = useFormAction(decideAction, { refresh: true });
  const noteError = failure?.fieldErrors?.note?.[0] ?? null;
  const result = state?.ok ? state.data : null;
  if (result?.merged) return <Merged skillId={request.skill.id} version={result.merged.version} />;
  return (
    <form action={formAction} noValidate className="grid gap-3">
      <input type="hidden" name="requestId" value={request.id} />
      <input type="hidden" name="skillId" value={request.skill.id} />
      {/* The latest revision: a decision is on what is proposed now, even from an earlier revision's page. */}
      <input type="hidden" name="revision" value={request.revision} />
      {request.shownRevision !== request.revision ? (
        <p className="text-sm text-muted-foreground">Your decision applies to revision {request.revision}, the latest.</p>
      ) : null}
      {request.outOfDate ? (
        <p className={`${notice} border-amber-500/40 bg-amber-500/10`}>
          <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          This proposal is out of date: an approval counts, but it cannot merge until the author rebases it.
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          Note with your decision <span className="font-normal text-muted-foreground">(optional to approve, required to request changes)</span>
        </label>
        <Textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={MAX_COMMENT}
          defaultValue={failure?.values?.note}
          aria-invalid={!!noteError}
          aria-describedby={noteError ? `${id}-note-error` : undefined}
          placeholder="What you checked, or what should change"
        />
        {noteError ? (
          <p id={`${id}-note-error`} className="text-sm text-destructive">
            {noteError}
          </p>
        ) : null}
      </div>
      {failure && !noteError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {failure.message}
        </p>
      ) : null}
      {result && !result.merged && result.verdict === "approve" && result.outOfDate ? (
        <p role="status" className={`${notice} border-amber-500/40 bg-amber-500/10`}>
          <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          Approved, but not merged: the skill&apos;s current version moved meanwhile. The author must rebase the proposal in the editor.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" name="verdict" value="changes" variant="outline" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <TriangleAlertIcon aria-hidden />}
          Request changes
        </Button>
        <Button type="submit" name="verdict" value="approve" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <CircleCheckIcon aria-hidden />}
          Approve
        </Button>
      </div>
    </form>
  );
}

/** Approve / request changes for a reviewer, Withdraw for the author, or why the viewer cannot decide. */
export function ReviewDecision({ request }: { request: Request }) {
  if (request.state === "merged" && request.mergedVersion) return <Merged skillId={request.skill.id} version={request.mergedVersion} />;
  if (request.state === "withdrawn")
    return <p className="text-sm text-muted-foreground">This request was withdrawn. Its proposed versions stay unpublished.</p>;
  const { readiness } = request;
  const waitingOn = request.verdicts.filter(
    (v) => !v.dismissed && v.revision === request.revision && readiness.changesRequestedBy.includes(v.reviewer?.id ?? ""),
  );
  return (
    <section aria-labelledby="review-decision-title" id="decide" className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="review-decision">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="review-decision-title" className="text-lg font-semibold tracking-tight">
          Review
        </h2>
        <p className="text-sm text-muted-foreground">
          {approvalsText(readiness.approvals, readiness.required)} on revision {request.revision}
          {waitingOn.length ? ` · changes requested by ${[...new Set(waitingOn.map((v) => v.reviewer?.name ?? "deleted user"))].join(", ")}` : ""}
        </p>
      </div>
      {request.can.decide ? (
        <DecideForm request={request} />
      ) : request.decideRefusal ? (
        <p className="text-sm text-muted-foreground">{request.decideRefusal}</p>
      ) : null}
      {request.can.withdraw ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <p className="text-sm text-muted-foreground">Withdraw the request if you no longer want this change.</p>
          <ConfirmFormDialog
            trigger={
              <Button variant="outline" size="sm">
                <Undo2Icon aria-hidden /> Withdraw
              </Button>
            }
            title="Withdraw this request?"
            description="Reviewers can no longer approve it, and its proposed versions stay unpublished. The conversation is kept."
            action={withdrawAction}
            fields={{ requestId: request.id, skillId: request.skill.id }}
            submit="Withdraw request"
          />
        </div>
      ) : null}
    </section>
  );
}
