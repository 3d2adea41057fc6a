import type { ApiErrorBody, SkillArchiveRouter } from "@/lib/types/uploads";
import type { UploadAnswer, UploadProgress } from "./upload-request";

// The uploadthing path of the modal, used only when the server has UPLOADTHING_TOKEN: the archive
// goes to uploadthing (with its progress), and /api/upload/remote fetches it by key for the same
// preview and commit. uploadthing's client is imported here, on first use, so the default path
// never loads it.

/** Whether a picked file is one the uploadthing path takes: an archive or a SKILL.md file. */
export function isRemoteArchive(file: File): boolean {
  return /\.(zip|skill|tar|tgz|gz|md)$/i.test(file.name);
}

/** Uploads one file to uploadthing and answers its key. Aborting rejects with AbortError. */
export async function uploadToUploadthing(
  file: File,
  options: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
): Promise<{ ok: true; key: string } | { ok: false; status: number; error: ApiErrorBody["error"] }> {
  const { genUploader, UploadAbortedError } = await import("uploadthing/client");
  if (options.signal.aborted) throw new DOMException("The upload was cancelled.", "AbortError");
  const { uploadFiles } = genUploader<SkillArchiveRouter>({ url: "/api/uploadthing", package: "skillshelf" });
  try {
    const [uploaded] = await uploadFiles("skillArchive", {
      files: [file],
      signal: options.signal,
      onUploadProgress: ({ totalLoaded }) => options.onProgress({ loaded: totalLoaded, total: file.size, sent: false }),
    });
    // The server assigned a custom id naming the uploader; it is what /api/upload/remote accepts.
    if (!uploaded?.customId) return { ok: false, status: 0, error: { code: "upload_failed", message: "The storage service accepted nothing; try again." } };
    return { ok: true, key: uploaded.customId };
  } catch (cause) {
    if (cause instanceof UploadAbortedError || options.signal.aborted) throw new DOMException("The upload was cancelled.", "AbortError");
    const message = cause instanceof Error ? cause.message : String(cause);
    return {
      ok: false,
      status: 0,
      error: /FileSizeMismatch|too large/i.test(message)
        ? { code: "too_large", message: "The file is larger than the upload limit." }
        : { code: "upload_failed", message: `The upload to storage failed: ${message}` },
    };
  }
}

export interface RemoteUploadRequest {
  key: string;
  name: string;
  commit: boolean;
  scope: string;
  team?: string;
  choices?: unknown[];
  overrideReason?: string;
}

/** POSTs to /api/upload/remote: the same answers as /api/upload/preview and /api/upload/commit. */
export async function postRemoteUpload<T>(body: RemoteUploadRequest, signal: AbortSignal): Promise<UploadAnswer<T>> {
  let response: Response;
  try {
    response = await fetch("/api/upload/remote", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
  } catch {
    if (signal.aborted) throw new DOMException("The upload was cancelled.", "AbortError");
    return { ok: false, status: 0, error: { code: "network", message: "The request did not reach the server; check your connection and try again." } };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok && json) return { ok: true, status: response.status, body: json as T };
  const error = (json as ApiErrorBody | null)?.error;
  return { ok: false, status: response.status, error: error ?? { code: "http_error", message: `The server answered ${response.status}; try again.` } };
}
