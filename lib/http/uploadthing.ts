import { HttpError } from "./errors";
import { readStreamLimited } from "./body";

/**
 * The bytes of a file the browser uploaded to uploadthing, fetched through a signed URL for its
 * server-assigned custom id (never a URL from the client, which would let anyone make the server fetch anything), with
 * the same size limit as a direct upload. Only called when UPLOADTHING_TOKEN is set; the package
 * is loaded here and nowhere on the default path.
 */
export async function fetchUploadthingFile(token: string, customId: string, limit: number): Promise<Uint8Array> {
  const { UTApi } = await import("uploadthing/server");
  const api = new UTApi({ token });
  let url: string;
  try {
    url = (await api.generateSignedURL(customId, { expiresIn: 60, keyType: "customId" })).ufsUrl;
  } catch {
    throw new HttpError(404, "not_found", "No uploaded file has that key.");
  }
  const response = await fetch(url);
  if (response.status === 404) throw new HttpError(404, "not_found", "No uploaded file has that key.");
  if (!response.ok) throw new HttpError(502, "upstream_error", `uploadthing answered ${response.status} for that file.`);
  const declared = Number(response.headers.get("content-length"));
  if (declared > limit) {
    await response.body?.cancel();
    throw new HttpError(413, "too_large", `The uploaded file is larger than the limit.`, { limit });
  }
  return readStreamLimited(response.body, limit);
}

/**
 * Remove an uploaded archive once its skills are stored: the database holds the content now, and
 * a retained copy would outlive a later delete of the skill. Best effort; a failure only leaves
 * the file where uploadthing's own retention handles it.
 */
export async function deleteUploadthingFile(token: string, customId: string): Promise<void> {
  const { UTApi } = await import("uploadthing/server");
  await new UTApi({ token }).deleteFiles(customId, { keyType: "customId" });
}
