import { z } from "zod";
import { getEnv } from "@/lib/env";
import { authenticate } from "@/lib/http/auth";
import { readBodyLimited } from "@/lib/http/body";
import { handle, HttpError, notFoundResponse } from "@/lib/http/errors";
import { deleteUploadthingFile, fetchUploadthingFile } from "@/lib/http/uploadthing";
import { commitAnswer, previewAnswer } from "@/lib/http/uploads";
import { MAX_UPLOAD_BYTES } from "@/lib/skills/upload/upload";
import { isOwnRemoteUploadId } from "@/lib/skills/upload/remote-upload-id";
import { remoteUploadInput } from "@/lib/skills/upload/inputs";

export const dynamic = "force-dynamic";

/**
 * With UPLOADTHING_TOKEN set, the modal uploads the archive to uploadthing (with its progress) and
 * sends its key here: JSON {key, name, scope, team, message, profile, choices, commit}. The server
 * fetches the file and answers exactly like /api/upload/preview (commit: false) or
 * /api/upload/commit (commit: true). Without the token this route does not exist (404).
 */
export async function POST(request: Request) {
  return handle(async () => {
    const token = getEnv().UPLOADTHING_TOKEN;
    if (!token) return notFoundResponse("Page");
    const { viewer } = await authenticate(request, { scope: "publish", session: true });
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(await readBodyLimited(request, 256 * 1024)));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, "bad_request", "Send JSON: {key, name, scope, ...}.");
    }
    const input = remoteUploadInput.safeParse(raw);
    if (!input.success) throw new HttpError(400, "bad_request", z.prettifyError(input.error));
    const { key, name, commit, ...fields } = input.data;
    // `key` is the upload's server-assigned id, which names its uploader: someone else's is refused
    // exactly like a missing one.
    if (!isOwnRemoteUploadId(key, viewer.id)) throw new HttpError(404, "not_found", "No uploaded file has that key.");
    const bytes = await fetchUploadthingFile(token, key, MAX_UPLOAD_BYTES);
    const upload = { sources: [{ type: "file" as const, name, bytes }], fields };
    if (!commit) return previewAnswer(viewer, upload);
    const answer = await commitAnswer(viewer, upload);
    // Kept until the import succeeds, so a refused commit can be fixed and retried without re-uploading.
    if (answer.ok) await deleteUploadthingFile(token, key).catch(() => {});
    return answer;
  });
}
