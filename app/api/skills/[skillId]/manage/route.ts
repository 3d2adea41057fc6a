import { getSkillManageInfo } from "@/lib/data/skills";
import { authenticate } from "@/lib/http/auth";
import { handle, json, notFoundResponse } from "@/lib/http/errors";

// The manage dialog's data, loaded when it opens. Signed out looks like a skill that does not exist.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

export async function GET(request: Request, { params }: Context) {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true, anonymous: "not-found" });
    const info = await getSkillManageInfo(viewer, (await params).skillId);
    return info ? json(info) : notFoundResponse();
  });
}
