import { isTextMediaType } from "@/lib/skills/format/media-type";
import type { DownloadResponse } from "@/lib/storage/blob-store";
import { attachmentDisposition } from "./content-disposition";

// Bytes nobody here wrote (skill files, files a skill_run produced) served so they can never become
// a page of this origin: always an attachment, never sniffed, sandboxed with no sources should a
// browser render them anyway. Media types come from the bytes (lib/skills/format/media-type.ts),
// so an SVG is only ever shown through <img>, where it cannot run.

/** Signed out, missing and not yours all answer this, so none can be told apart. */
export function untrustedNotFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
  });
}

/** The headers every untrusted file response carries; the caller adds caching and length. */
export function untrustedFileHeaders(file: { mediaType: string; fileName: string; asPlainText?: boolean }): Headers {
  const text = isTextMediaType(file.mediaType);
  return new Headers({
    "Content-Type": file.asPlainText && text ? "text/plain; charset=utf-8" : text ? `${file.mediaType}; charset=utf-8` : file.mediaType,
    "Content-Disposition": attachmentDisposition(file.fileName),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Referrer-Policy": "no-referrer",
  });
}

/**
 * A redirect to a short-lived URL of the bucket that answers the file with the same type and
 * disposition (S3_PRESIGNED_DOWNLOADS with S3 storage), or null to serve the bytes from here.
 * Call it only once the viewer may read the file: the URL works for whoever holds it.
 */
export async function presignedRedirect(
  content: { presignedUrl(response: DownloadResponse): Promise<string | null> },
  headers: Headers,
): Promise<Response | null> {
  const url = await content.presignedUrl({ contentType: headers.get("content-type")!, contentDisposition: headers.get("content-disposition")! });
  if (!url) return null;
  // The URL expires within minutes and is this viewer's: no cache may keep the redirect.
  return new Response(null, {
    status: 302,
    headers: { Location: url, "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" },
  });
}
