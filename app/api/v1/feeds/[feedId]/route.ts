import { revokeFeed } from "@/lib/data/distribution";
import { authenticate } from "@/lib/http/auth";
import { handle, json, notFoundResponse } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ feedId: string }> };

/** DELETE /api/v1/feeds/{id}: revoke one of the caller's delivery links; it stops at once. */
export const DELETE = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const { feedId } = await params;
    const feed = await revokeFeed(viewer, feedId);
    return feed ? json({ feed }) : notFoundResponse("Delivery link");
  });
});
