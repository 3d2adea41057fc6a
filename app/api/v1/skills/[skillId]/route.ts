import { getSkill, getSkillVersion } from "@/lib/data/skills";
import { authenticate } from "@/lib/http/auth";
import { handle, HttpError, json, notFoundResponse } from "@/lib/http/errors";
import { skillDetailJson } from "@/lib/http/skill-json";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

/** GET /api/v1/skills/{id}[?v=n]: metadata, every version, and the files of the current (or n-th) version. */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    const { skillId } = await params;
    const v = new URL(request.url).searchParams.get("v");
    if (v !== null && !/^[1-9]\d{0,8}$/.test(v)) throw new HttpError(400, "bad_request", "v must be a version number (1, 2, ...).");
    const skill = await getSkill(viewer, skillId);
    if (!skill) return notFoundResponse();
    const version = v === null ? skill.current : await getSkillVersion(viewer, skillId, Number(v));
    if (!version) return notFoundResponse("Version");
    return json(skillDetailJson(skill, version));
  });
});
