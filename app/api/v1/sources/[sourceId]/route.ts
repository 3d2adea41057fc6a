import { getSource } from "@/lib/data/sources";
import { authenticate } from "@/lib/http/auth";
import { handle, json } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ sourceId: string }> };

/** GET /api/v1/sources/{id}: one source with its skills and its latest syncs. */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const { sourceId } = await params;
    return json(await getSource(viewer, sourceId));
  });
});
