import { getEditorVersion } from "@/lib/data/editor";
import { authenticate } from "@/lib/http/auth";
import { handle, json, jsonError } from "@/lib/http/errors";

// One version's files with their texts, for the editor's conflict diff and for rebasing a draft:
// only for a skill the viewer may edit, as the editor page itself.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string; version: string }> };

export async function GET(request: Request, { params }: Context) {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true, anonymous: "not-found" });
    const { skillId, version } = await params;
    const number = Number(version);
    const loaded = Number.isInteger(number) && number > 0 ? await getEditorVersion(viewer, skillId, number) : null;
    return loaded ? json(loaded) : jsonError(404, "not_found", `Version ${version} is not available.`);
  });
}
