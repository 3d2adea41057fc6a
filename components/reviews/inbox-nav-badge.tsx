import { inboxCountTitle } from "@/lib/skills/review-requests/inbox-url";
import type { ReviewInboxCounts } from "@/lib/types/reviews";

/**
 * The header's review counts: requests waiting for the viewer's review, in the accent colour, and
 * (from sm up) the viewer's own open ones, muted. The title and the hidden text say which is which.
 */
export function InboxNavBadge({ counts }: { counts: ReviewInboxCounts }) {
  if (!counts.forMe && !counts.mine) return null;
  return (
    <span
      className="inline-flex items-center gap-1 max-sm:pointer-events-none max-sm:absolute max-sm:-top-0.5 max-sm:right-0"
      title={inboxCountTitle(counts)}
      data-testid="review-nav-counts"
    >
      {counts.forMe ? (
        <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums max-sm:px-1 max-sm:text-[10px] max-sm:leading-4">
          {counts.forMe}
          <span className="sr-only"> waiting for your review</span>
        </span>
      ) : null}
      {counts.changesRequested ? (
        // The author's next move: amber, and shown on a phone too when nothing waits for the viewer.
        <span
          className={`rounded-full bg-amber-500/20 px-1.5 text-xs leading-5 font-medium text-amber-800 tabular-nums dark:text-amber-200 max-sm:px-1 max-sm:text-[10px] max-sm:leading-4 ${counts.forMe ? "max-sm:hidden" : ""}`}
          data-testid="review-nav-changes"
        >
          {counts.changesRequested}
          <span className="sr-only"> of yours with changes requested</span>
        </span>
      ) : null}
      {counts.mine > counts.changesRequested ? (
        // On a phone the muted count shows only when nothing waits for the viewer.
        <span
          className={`rounded-full bg-muted px-1.5 text-xs leading-5 text-muted-foreground tabular-nums max-sm:px-1 max-sm:text-[10px] max-sm:leading-4 ${counts.forMe || counts.changesRequested ? "max-sm:hidden" : ""}`}
        >
          {counts.mine - counts.changesRequested}
          <span className="sr-only"> {counts.changesRequested ? "other" : "of yours"} open</span>
        </span>
      ) : null}
    </span>
  );
}
