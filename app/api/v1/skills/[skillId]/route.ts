import { getSkill, getSkillVersion } from "@/lib/data/skills";
import { authenticate } from "@/lib/http/auth";
import { handle, json, notFoundResponse } from "@/lib/http/errors";
import { askedVersion, labelHeaders } from "@/lib/http/skill-labels";
import { skillDetailJson } from "@/lib/http/skill-json";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

/** GET /api/v1/skills/{id}[?v=n | ?label=stable]: metadata, every version, and the files of the current (n-th, labelled) version. */
export const GET = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { viewer, token } = await authenticate(request, { scope: "read", session: true });
    const { skillId } = await params;
    const skill = await getSkill(viewer, skillId);
    if (!skill) return notFoundResponse();
    const asked = await askedVersion(request, viewer, token?.label, skillId);
    const version = asked.number === undefined || asked.number === skill.current.number ? skill.current : await getSkillVersion(viewer, skillId, asked.number);
    if (!version) return notFoundResponse("Version");
    return json({ ...skillDetailJson(skill, version), ...(asked.label ? { label: asked.label } : {}) }, { headers: labelHeaders(asked.label) });
  });
});
