import type { ApiErrorBody } from "@/lib/types/uploads";

export type UploadAnswer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ApiErrorBody["error"] };

export interface UploadProgress {
  loaded: number;
  total: number;
  /** The request body is sent; the server is reading it. */
  sent: boolean;
}

/**
 * POSTs a multipart form with XMLHttpRequest: fetch() has no upload progress in browsers, and the
 * progress bar must show the bytes really sent. Aborting (the dialog closing) rejects with AbortError.
 */
export function postUpload<T>(
  url: string,
  form: FormData,
  options: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
): Promise<UploadAnswer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => options.onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0, sent: false });
    xhr.upload.onload = () => options.onProgress({ loaded: 1, total: 1, sent: true });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a proxy's HTML error page, or an empty answer
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve({ ok: true, status: xhr.status, body: body as T });
      else {
        const error = (body as ApiErrorBody | null)?.error;
        resolve({
          ok: false,
          status: xhr.status,
          error: error ?? {
            code: "http_error",
            message: xhr.status === 413 ? "The upload is too large." : `The server answered ${xhr.status || "nothing"}; try again.`,
          },
        });
      }
    };
    xhr.onerror = () =>
      resolve({ ok: false, status: 0, error: { code: "network", message: "The upload did not reach the server; check your connection and try again." } });
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
