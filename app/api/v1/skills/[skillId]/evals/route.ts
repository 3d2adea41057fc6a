import { assertSameOrigin, authenticate } from "@/lib/http/auth";
import { readJsonBody } from "@/lib/http/body";
import { handle } from "@/lib/http/errors";
import { evalsAnswer, runEvalsAnswer } from "@/lib/http/evals";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

/** Tests of 200 requests of 2,000 characters, a proposed description and the rest fit well under it. */
const BODY_LIMIT = 1024 * 1024;

/** GET /api/v1/skills/{id}/evals[?version=n]: the version's trigger tests and the runs the caller may see. */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    return evalsAnswer(viewer, (await params).skillId, new URL(request.url));
  });
});

/**
 * POST /api/v1/skills/{id}/evals {catalog?, modelId?, mode?, version?, tests?, compare?, dryRun?}:
 * runs the trigger tests and answers 201 with the estimate and the stored runs (two for an A/B).
 */
export const POST = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer, via } = await authenticate(request, { scope: "read", session: true });
    if (via === "session") assertSameOrigin(request);
    const raw = await readJsonBody(request, BODY_LIMIT, 'Send JSON like {"catalog": {"kind": "all"}, "modelId": "offline-router"}.', { empty: {} });
    return runEvalsAnswer(viewer, (await params).skillId, raw, request.signal);
  });
});
