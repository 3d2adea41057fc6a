import { authenticate } from "@/lib/http/auth";
import { handle } from "@/lib/http/errors";
import { readUploadRequest } from "@/lib/http/upload-form";
import { previewAnswer } from "@/lib/http/uploads";

export const dynamic = "force-dynamic";

/** The upload modal's preview: what the upload holds and where it may go; stores nothing. */
export async function POST(request: Request) {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    return previewAnswer(viewer, await readUploadRequest(request));
  });
}
