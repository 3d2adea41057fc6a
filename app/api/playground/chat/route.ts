import { authenticate } from "@/lib/http/auth";
import { readBodyLimited } from "@/lib/http/body";
import { handle, HttpError } from "@/lib/http/errors";
import { playgroundChat } from "@/lib/http/playground-chat";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "@/lib/playground/inputs";

export const dynamic = "force-dynamic";
// A turn with tool calls can take several model steps.
export const maxDuration = 300;

/** A message, its setup and the conversation id fit in 64 KB many times over; attachments come base64 on top. */
const BODY_LIMIT = 64 * 1024 + MAX_ATTACHMENTS * Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3);

/** One playground turn, streamed as an AI SDK UI message stream (text plus the disclosure ledger). */
export async function POST(request: Request) {
  return handle(async () => {
    // A turn stores the conversation: a write, so a read-only token may not start one.
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    const raw = new TextDecoder().decode(await readBodyLimited(request, BODY_LIMIT));
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new HttpError(400, "invalid_json", "The request body is not JSON.");
    }
    return playgroundChat(viewer, body, { signal: request.signal });
  });
}
