import { startSync } from "@/lib/data/sources";
import { authenticate } from "@/lib/http/auth";
import { handle, json } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ sourceId: string }> };

/**
 * POST /api/v1/sources/{id}/sync: start a sync now (202 with the running sync; the one already
 * running, if any). Poll GET /api/v1/sources/{id} for its outcome.
 */
export const POST = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    const { sourceId } = await params;
    const sync = await startSync(viewer, sourceId);
    return json(sync, { status: 202, headers: { Location: `/api/v1/sources/${sourceId}` } });
  });
});
