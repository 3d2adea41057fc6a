"use client";
import { useCallback, useMemo, useState } from "react";
import { SkillDiffView, type DiffLineComments, type LoadDiffFiles } from "@/components/skills/diff/skill-diff-view";
import { reviewDiffFilesAction } from "@/lib/actions/reviews";
import type { SkillDiff } from "@/lib/skills/diff/diff";
import type { LineAnchor, ReviewThread } from "@/lib/types/reviews";
import { anchorKey, lineAnchors, type ShownPair } from "./review-anchors";
import { ReviewCommentForm } from "./review-comment-form";
import { ReviewThreadCard } from "./review-thread";

/**
 * The proposal's diff (the compare page's view) with line comments: a "+" on each line (on hover
 * or focus) opens a comment box under it; threads on a line show under that line.
 */
export function ReviewDiff({
  requestId,
  revision,
  since = null,
  diff,
  shown,
  threads,
  openPaths,
  canComment,
}: {
  requestId: string;
  /** The revision on screen, whose deferred bodies load on demand. */
  revision: number;
  /** The earlier revision the diff starts from (?since=), or null for the base. */
  since?: number | null;
  diff: SkillDiff;
  shown: ShownPair;
  /** Threads whose line is in this diff (placeThreads' inline ones). */
  threads: ReviewThread[];
  openPaths: string[];
  canComment: boolean;
}) {
  const [composing, setComposing] = useState<LineAnchor | null>(null);
  const byKey = useMemo(() => {
    const map = new Map<string, ReviewThread[]>();
    for (const thread of threads) if (thread.anchor) map.set(anchorKey(thread.anchor), [...(map.get(anchorKey(thread.anchor)) ?? []), thread]);
    return map;
  }, [threads]);
  const composingKey = composing ? anchorKey(composing) : null;

  const lineComments = useMemo<DiffLineComments>(
    () => ({
      openPaths: new Set(openPaths),
      control(file, line) {
        if (!canComment) return null;
        const { comment } = lineAnchors(file, line, shown);
        if (!comment) return null;
        const where = `${comment.path} line ${comment.line}${line.kind === "remove" ? " (removed)" : ""}`;
        // Compact markup (a class, no icon): one of these sits on every line of the diff.
        return <button type="button" aria-label={`Comment on ${where}`} onClick={() => setComposing(comment)} className="diff-comment-button" />;
      },
      below(file, line) {
        const { comment, shows } = lineAnchors(file, line, shown);
        const here = shows.flatMap((anchor) => byKey.get(anchorKey(anchor)) ?? []);
        const isComposing = comment !== null && composingKey === anchorKey(comment);
        if (!here.length && !isComposing) return null;
        return (
          <div className="grid max-w-3xl gap-2 p-2 sm:p-3" data-testid="line-threads">
            {here.map((thread) => (
              <ReviewThreadCard key={thread.id} thread={thread} requestId={requestId} canComment={canComment} />
            ))}
            {isComposing ? (
              <div className="rounded-lg border bg-card p-2.5 shadow-xs">
                <ReviewCommentForm
                  requestId={requestId}
                  anchor={comment}
                  label={`Comment on ${comment.path} line ${comment.line} of v${comment.version}`}
                  placeholder={`Comment on line ${comment.line}…`}
                  autoFocus
                  onCancel={() => setComposing(null)}
                  onDone={() => setComposing(null)}
                />
              </div>
            ) : null}
          </div>
        );
      },
    }),
    [openPaths, canComment, shown, byKey, composingKey, requestId],
  );

  const loadFiles = useCallback<LoadDiffFiles>(
    async (paths) => {
      const result = await reviewDiffFilesAction({ requestId, revision, paths, ...(since ? { since } : {}) });
      return result.ok ? result.data : null;
    },
    [requestId, revision, since],
  );

  return (
    <SkillDiffView
      diff={diff}
      beforeLabel={shown.from !== null ? `v${shown.from}` : "Nothing"}
      afterLabel={`v${shown.to}`}
      lineComments={lineComments}
      loadFiles={loadFiles}
    />
  );
}
