import { readBodyLimited } from "./body";
import { HttpError, jsonError } from "./errors";

/**
 * The largest body any /api/auth request needs (an email, a name, two passwords). Refused from
 * Content-Length before reading, and counted while reading, so an unauthenticated client cannot
 * make the server buffer hundreds of megabytes before better-auth gets to reject them.
 */
export const AUTH_BODY_LIMIT = 64 * 1024;

/**
 * Wraps better-auth's handler: a malformed percent-encoding in the path is a 400 (better-auth
 * throws on decoding it), and a body is read at most AUTH_BODY_LIMIT bytes, then handed on.
 */
export function guardAuthHandler(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return jsonError(400, "bad_path", "The request path has a malformed percent-encoding.");
    }
    if (request.method === "GET" || request.method === "HEAD" || request.body === null) return handler(request);
    let body: Uint8Array;
    try {
      body = await readBodyLimited(request, AUTH_BODY_LIMIT);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return jsonError(
        error.status,
        error.code,
        `The request body is larger than ${AUTH_BODY_LIMIT / 1024} KB, the limit for sign-in and account requests.`,
        error.details,
        error.headers,
      );
    }
    // readBodyLimited returns a fresh, exactly sized buffer.
    return handler(
      new Request(request.url, { method: request.method, headers: request.headers, body: body as Uint8Array<ArrayBuffer>, signal: request.signal }),
    );
  };
}
