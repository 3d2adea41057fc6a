import { authenticate } from "@/lib/http/auth";
import { handle } from "@/lib/http/errors";
import { skillZipResponse } from "@/lib/http/skill-zip";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

/** GET /api/v1/skills/{id}/download?v=n or ?label=stable: the version's deterministic ZIP (see docs/reference/http-api.md). */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer, token } = await authenticate(request, { scope: "read", session: true });
    return skillZipResponse(request, viewer, (await params).skillId, token?.label ?? null);
  });
});
