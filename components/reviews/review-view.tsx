import { deferBodies } from "@/lib/skills/diff/defer";
import type { ReviewRequestDetail } from "@/lib/types/reviews";
import { placeThreads } from "./review-anchors";
import { ReviewChecks } from "./review-checks";
import { ReviewConversation } from "./review-conversation";
import { ReviewDecision } from "./review-decision";
import { ReviewDiff } from "./review-diff";
import { kindText, ReviewHeader } from "./review-header";

/** The review page: header, checks, the diff with its line threads, the conversation, the decision. */
export function ReviewView({ request }: { request: ReviewRequestDetail }) {
  const { shown } = request;
  const placed = placeThreads(request.threads, shown.diff, shown);
  const inline = [...placed.inline.values()].flat();
  return (
    <div className="grid min-w-0 gap-8" data-testid="review-page">
      <ReviewHeader request={request} />
      <ReviewChecks shown={shown} />
      <section aria-labelledby="review-changes-title" className="grid min-w-0 gap-3">
        <h2 id="review-changes-title" className="text-lg font-semibold tracking-tight">
          Changes
        </h2>
        {request.kind === "move" && shown.diff.identical ? (
          <p className="rounded-lg border bg-card px-4 py-3 text-sm text-muted-foreground">
            {kindText(request)}: v{shown.to} moves as it is; no file changes.
          </p>
        ) : (
          <ReviewDiff
            key={`${shown.revision}-${shown.since ?? "base"}`}
            requestId={request.id}
            revision={shown.revision}
            since={shown.since}
            // A big diff sends its first files' bodies (and every file with a line thread); the rest load as they scroll into view.
            diff={deferBodies(shown.diff, { keep: placed.paths })}
            shown={{ from: shown.from, to: shown.to }}
            threads={inline}
            openPaths={[...placed.paths]}
            canComment={request.can.comment}
          />
        )}
      </section>
      <ReviewConversation request={request} threads={placed.listed} />
      <ReviewDecision
        request={{
          id: request.id,
          skill: request.skill,
          state: request.state,
          revision: request.revision,
          mergedVersion: request.mergedVersion,
          outOfDate: request.outOfDate,
          approvals: request.approvals,
          requiredApprovals: request.requiredApprovals,
          can: request.can,
          decideRefusal: request.decideRefusal,
          readiness: request.readiness,
          verdicts: request.verdicts,
          shownRevision: shown.revision,
        }}
      />
    </div>
  );
}
