import { authenticate } from "@/lib/http/auth";
import { readBodyLimited } from "@/lib/http/body";
import { handle, HttpError, json } from "@/lib/http/errors";
import { previewPrompt } from "@/lib/http/playground-preview";

export const dynamic = "force-dynamic";

/** A setup is a few ids and a header of at most a few KB. */
const BODY_LIMIT = 64 * 1024;

/** The system prompt a playground turn with this setup would send, with its token counts. */
export async function POST(request: Request) {
  return handle(async () => {
    const { viewer } = await authenticate(request, { scope: "read", session: true });
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(await readBodyLimited(request, BODY_LIMIT)));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, "invalid_json", "The request body is not JSON.");
    }
    return json(await previewPrompt(viewer, body));
  });
}
