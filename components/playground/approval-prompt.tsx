"use client";
import { useEffect, useId, useRef, useState } from "react";
import { LoaderIcon, ShieldCheckIcon, ShieldQuestionIcon, ShieldXIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { APPROVAL_LABELS, type ApprovalAnswer, type ApprovalState } from "./tool-calls";

/** What a call card knows about the approval of its call (message-view.tsx derives it from the part, the ledger and the user's clicks). */
export interface CallApproval {
  state: ApprovalState | null;
  /** "unit-converter wants to call convert_units": the ledger's sentence, or one built from the call. */
  summary: string;
  /** The user's click, until the continuation records it. */
  decision?: ApprovalAnswer;
  /** Answers the call's approval (the part's approval id); absent where it cannot be answered now (a request is in flight). */
  onAnswer?: (approvalId: string, decision: ApprovalAnswer) => void;
  /** Whether the answers are on their way (the continuation request is in flight). */
  sending?: boolean;
}

const ANSWERS: { decision: ApprovalAnswer; label: string; variant: "default" | "outline" }[] = [
  { decision: "once", label: "Approve once", variant: "default" },
  { decision: "conversation", label: "Approve for this conversation", variant: "outline" },
  { decision: "deny", label: "Deny", variant: "outline" },
];

const SENDING: Record<ApprovalAnswer, string> = {
  once: "Approved once",
  conversation: "Approved for this conversation",
  deny: "Denied",
};

/**
 * The question a paused call asks: the summary and three answers. Once answered, a line says what
 * was chosen while the answer is on its way, and focus moves to it (the buttons are gone).
 */
export function ApprovalPrompt({ approvalId, answered, approval }: { approvalId: string; answered: boolean; approval: CallApproval }) {
  const titleId = useId();
  const status = useRef<HTMLParagraphElement>(null);
  const [clicked, setClicked] = useState(false);
  useEffect(() => {
    if (clicked && answered) status.current?.focus();
  }, [clicked, answered]);

  if (answered) {
    const decision = approval.decision ?? (approval.state === "denied" ? "deny" : "once");
    return (
      <p ref={status} tabIndex={-1} role="status" className="flex items-center gap-2 rounded-md border px-3 py-2 text-xs text-muted-foreground outline-none">
        {approval.sending ? <LoaderIcon className="size-3.5 shrink-0 animate-spin" aria-hidden /> : null}
        {SENDING[decision]}; {approval.sending ? "sending your answer…" : "your answer is not sent yet."}
      </p>
    );
  }
  const onAnswer = approval.onAnswer;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-approval-pending=""
      className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2.5 text-amber-950 dark:text-amber-100"
    >
      <p id={titleId} className="flex items-start gap-2 text-sm font-medium [overflow-wrap:anywhere]">
        <ShieldQuestionIcon className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
        {approval.summary}
      </p>
      <p className="text-xs text-amber-900/80 dark:text-amber-100/75">Nothing runs until you answer. A denial is passed to the model.</p>
      <div className="flex flex-wrap gap-2">
        {ANSWERS.map((a) => (
          <Button
            key={a.decision}
            type="button"
            size="sm"
            variant={a.variant}
            disabled={!onAnswer}
            className={a.decision === "deny" ? "text-destructive hover:text-destructive dark:text-red-300" : undefined}
            onClick={() => {
              setClicked(true);
              onAnswer?.(approvalId, a.decision);
            }}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** The call's approval state as a badge: how it was let through, denied, or waiting. */
export function ApprovalBadge({ state }: { state: ApprovalState | null }) {
  if (!state) return null;
  const Icon = state === "denied" ? ShieldXIcon : state === "requested" ? ShieldQuestionIcon : ShieldCheckIcon;
  const variant = state === "denied" ? "destructive" : state === "requested" ? "warning" : state === "allowed-tools" ? "outline" : "success";
  return (
    <Badge variant={variant} className="max-w-full font-normal whitespace-normal" data-testid="approval-state">
      <Icon aria-hidden /> {APPROVAL_LABELS[state]}
    </Badge>
  );
}

/** What a card says where a denied call's result would be. */
export function DeniedNote({ what }: { what: string }) {
  return (
    <p role="note" className="flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-xs text-muted-foreground">
      <ShieldXIcon className="size-3.5 shrink-0" aria-hidden />
      Denied: you did not let {what} run, and the model was told.
    </p>
  );
}
