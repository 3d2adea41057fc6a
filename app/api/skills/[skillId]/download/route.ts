import { authenticate } from "@/lib/http/auth";
import { handle } from "@/lib/http/errors";
import { skillZipResponse } from "@/lib/http/skill-zip";

// The app's download link (manage dialog) for a signed-in session; scripts may send a token too.
// Signed out looks exactly like a skill that does not exist.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ skillId: string }> };

export async function GET(request: Request, { params }: Context) {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true, anonymous: "not-found" });
    return skillZipResponse(request, viewer, (await params).skillId);
  });
}
