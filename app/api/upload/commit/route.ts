import { authenticate } from "@/lib/http/auth";
import { handle } from "@/lib/http/errors";
import { readUploadRequest } from "@/lib/http/upload-form";
import { commitAnswer } from "@/lib/http/uploads";

export const dynamic = "force-dynamic";

/** The upload modal's confirm: the same upload again with the user's choices; all chosen or none. */
export async function POST(request: Request) {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    return commitAnswer(viewer, await readUploadRequest(request));
  });
}
