import { getReviewRequest } from "@/lib/data/reviews";
import { authenticate } from "@/lib/http/auth";
import { handle, HttpError, json, notFoundResponse } from "@/lib/http/errors";
import { reviewDetailJson } from "@/lib/http/review-json";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ requestId: string }> };

/** GET /api/v1/reviews/{id}[?revision=n]: the request, its revisions, verdicts and threads (no diff). */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const { requestId } = await params;
    const revision = new URL(request.url).searchParams.get("revision");
    if (revision !== null && !/^[1-9]\d{0,8}$/.test(revision)) throw new HttpError(400, "bad_request", "revision must be a revision number (1, 2, ...).");
    const detail = await getReviewRequest(viewer, requestId, revision === null ? {} : { revision: Number(revision) });
    if (!detail) return notFoundResponse("Review request");
    return json(reviewDetailJson(detail));
  });
});
