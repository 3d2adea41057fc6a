import { listSkillLabels } from "@/lib/data/skills";
import { authenticate } from "@/lib/http/auth";
import { handle, json, notFoundResponse } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

/** GET /api/v1/skills/{id}/labels: latest, stable, beta and the team's own, each with the version it points at (null: unset, answers latest). */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const labels = await listSkillLabels(viewer, (await params).skillId);
    if (!labels) return notFoundResponse();
    return json(labels);
  });
});
