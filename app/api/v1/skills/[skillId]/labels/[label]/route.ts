import { z } from "zod";
import { deleteLabel, moveLabel } from "@/lib/data/skills";
import { authenticate } from "@/lib/http/auth";
import { parseInput, readJsonBody } from "@/lib/http/body";
import { handle, json } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string; label: string }> };

const moveInput = z.object({
  version: z.number("version must be a version number (1, 2, ...).").int("version must be a whole number.").min(1, "version must be 1 or more."),
});

/**
 * PUT /api/v1/skills/{id}/labels/{label} {"version": n}: point the label at published version n
 * (a publish token). 200 with the move; 202 with the review request when the team's policy
 * reviews moves of this label.
 */
export const PUT = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    const { skillId, label } = await params;
    const { version } = parseInput(moveInput, await readJsonBody(request, 4 * 1024, 'Send JSON like {"version": 3}.'));
    const outcome = await moveLabel(viewer, skillId, label, version, { via: "api" });
    return json(outcome, { status: outcome.kind === "proposed" ? 202 : 200 });
  });
});

/** DELETE /api/v1/skills/{id}/labels/{label}: remove a team's own label (stable, beta and latest stay). */
export const DELETE = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    const { skillId, label } = await params;
    await deleteLabel(viewer, skillId, label);
    return new Response(null, { status: 204 });
  });
});
