import { listSources } from "@/lib/data/sources";
import { authenticate } from "@/lib/http/auth";
import { handle, json } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

/** GET /api/v1/sources: the skill sources of every place the token's owner may add skills to, with each one's last sync. */
export const GET = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    return json({ items: await listSources(viewer) });
  });
});
