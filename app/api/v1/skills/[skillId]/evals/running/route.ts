import { authenticate } from "@/lib/http/auth";
import { handle } from "@/lib/http/errors";
import { runningEvalsAnswer } from "@/lib/http/evals";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

/** GET /api/v1/skills/{id}/evals/running: the caller's trigger-test runs of this skill still going, with how far each got. */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    return runningEvalsAnswer(viewer, (await params).skillId);
  });
});
