import { z } from "zod";
import { listReviewRequests } from "@/lib/data/reviews";
import { authenticate } from "@/lib/http/auth";
import { handle, HttpError, json } from "@/lib/http/errors";
import { reviewSummaryJson } from "@/lib/http/review-json";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

const listQuery = z.object({
  box: z.enum(["for-me", "mine", "all"], "box must be for-me, mine or all").default("for-me"),
  state: z.enum(["open", "merged", "withdrawn", "all"], "state must be open, merged, withdrawn or all").default("open"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});

/**
 * GET /api/v1/reviews?box=for-me|mine|all&state=open|merged|withdrawn|all&page=&pageSize=: the
 * review requests the token's owner may see, newest activity first, with the inbox counts.
 */
export const GET = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const query = listQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new HttpError(400, "bad_request", z.prettifyError(query.error));
    const result = await listReviewRequests(viewer, query.data);
    return json({ items: result.items.map(reviewSummaryJson), total: result.total, page: result.page, pageSize: result.pageSize, counts: result.counts });
  });
});
