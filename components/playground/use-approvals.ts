"use client";
import { useCallback, useRef, useState } from "react";
import type { ApprovalAnswer } from "./tool-calls";

/**
 * What the user answered to each call that waited, by approval id. The AI SDK keeps only
 * approved or not; the request needs which approval (once or for the conversation), so it reads
 * them here: `current` for the transport, which is made once, `decisions` for rendering.
 */
export function useApprovalDecisions() {
  const current = useRef(new Map<string, ApprovalAnswer>());
  const [decisions, setDecisions] = useState<ReadonlyMap<string, ApprovalAnswer>>(() => new Map());
  const record = useCallback((approvalId: string, decision: ApprovalAnswer) => {
    current.current.set(approvalId, decision);
    setDecisions(new Map(current.current));
  }, []);
  return { decisions, current, record };
}
