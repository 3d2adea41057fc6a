import "server-only";
import { cache } from "react";
import type { ReviewInboxCounts } from "@/lib/types/reviews";
import { loadActor, type ViewerRef } from "../core/actor";
import { db } from "@/lib/db/server";
import { int } from "@/lib/db/sql-values";
import { unreadNotificationsSql } from "../notifications/read";
import { reviewerSql } from "./reviewers";

// The header's figures, on every signed-in page: the review badge and the bell, in one statement
// (four before: the waiting COUNT, the viewer's open requests, their verdicts, the bell's COUNT).
// Quoted identifiers, so it runs on SQLite and PostgreSQL alike.

export interface HeaderCounts {
  reviews: ReviewInboxCounts;
  /** Unread notifications in the app (countUnreadNotifications). */
  unreadNotifications: number;
}

type Row = { forMe: unknown; mine: unknown; changesRequested: unknown; unread: unknown };

/**
 * forMe: open requests the viewer may decide on (reviewerWhere) with no live verdict of theirs. A
 * live verdict on an open request is always on its latest revision: a new revision dismisses the
 * earlier ones (lib/data/proposals/propose.ts), and a verdict on an older one is refused.
 * mine: all the viewer's open requests (the read this replaces took the first 500).
 * changesRequested: the viewer's open requests where some reviewer's latest live verdict on the
 * latest revision asks for changes (latest by createdAt; of two at the same instant, the larger id).
 */
async function readCounts(id: string): Promise<HeaderCounts> {
  const actor = await loadActor(db, { id });
  const [row] = await db.$queryRaw<Row[]>`
    SELECT
      (SELECT COUNT(*) FROM "ReviewRequest" r JOIN "Skill" s ON s."id" = r."skillId"
        WHERE r."state" = 'open' AND ${reviewerSql(actor, "r", "s")}
          AND NOT EXISTS (SELECT 1 FROM "ReviewVerdictRow" v WHERE v."requestId" = r."id" AND v."reviewerId" = ${actor.id} AND v."dismissed" = FALSE)) AS "forMe",
      (SELECT COUNT(*) FROM "ReviewRequest" r WHERE r."state" = 'open' AND r."authorId" = ${actor.id}) AS "mine",
      (SELECT COUNT(*) FROM "ReviewRequest" r WHERE r."state" = 'open' AND r."authorId" = ${actor.id}
        AND EXISTS (SELECT 1 FROM "ReviewVerdictRow" v
          WHERE v."requestId" = r."id" AND v."revision" = r."revision" AND v."dismissed" = FALSE AND v."verdict" = 'changes'
            AND NOT EXISTS (SELECT 1 FROM "ReviewVerdictRow" w
              WHERE w."requestId" = r."id" AND w."revision" = r."revision" AND w."dismissed" = FALSE AND w."reviewerId" = v."reviewerId"
                AND (w."createdAt" > v."createdAt" OR (w."createdAt" = v."createdAt" AND w."id" > v."id"))))) AS "changesRequested",
      ${unreadNotificationsSql(actor)} AS "unread"`;
  return {
    reviews: { forMe: int(row?.forMe), mine: int(row?.mine), changesRequested: int(row?.changesRequested) },
    unreadNotifications: int(row?.unread),
  };
}

// By id, not by the viewer object: the layout and the page may hold different objects for one viewer.
const countsOf = cache(readCounts);

/** The header's counts, read once per render: the layout's badge and bell, and the inbox page's tabs. */
export function countHeaderBadges(viewer: ViewerRef): Promise<HeaderCounts> {
  return countsOf(viewer.id);
}

/** The review inbox's counts (the header's badge, the inbox's tabs): part of the header's one read. */
export async function countReviewInbox(viewer: ViewerRef): Promise<ReviewInboxCounts> {
  return (await countHeaderBadges(viewer)).reviews;
}
