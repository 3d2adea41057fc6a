// The signed-out sign-in page, rendered once and kept for a short while. Rendered per request it
// cost 11-18 ms of CPU (bench:render), more than a plain Next.js page (the sign-in form, its
// metadata, font and theme script; Next renders any page that reads its query on every request),
// and it is the one page anyone can ask for without an account, as often as they like. What it
// shows to a request without cookies depends on the build and the environment only (the single
// sign-on option, the sign-up policy): no database read, no per-request token, no nonce (the CSP
// has none: lib/http/security-headers.ts). So such a request, with no query string and none of
// the headers Next varies its answer on (a client-side navigation's RSC request), gets the copy
// the last one like it was given, for TTL_MS; anything else is rendered as before, and so is the
// first request after the copy expires. Only a whole 200 answer without a Set-Cookie is kept.
// This sits between the compression (which compresses the copy as it would the render) and Next.

/** Paths whose cookie-less, query-less GET answer depends on the build and the environment only. */
export const CACHED_PATHS = new Set(["/sign-in"]);

// Bounds how long an answer could lag a change that is not a restart, should one of these pages
// ever come to read something else; at one render per minute the page's cost is nothing anyway.
const TTL_MS = 60_000;

// Request headers any of which makes the answer someone's own: cookies and credentials (a session
// is redirected away from sign-in), and those Next lists in its Vary (client navigations ask for
// the RSC payload, not the document) or reads for server actions.
const PERSONAL_HEADERS = [
  "cookie",
  "authorization",
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "next-action",
];

/**
 * @typedef {import("node:http").IncomingMessage} Request
 * @typedef {import("node:http").ServerResponse & { flush?: () => void }} Response
 * @typedef {{ status: number, headers: import("node:http").OutgoingHttpHeaders, body: Buffer, expires: number }} Copy
 * @param {(req: Request, res: Response) => Promise<unknown>} handle
 * @param {{ paths?: Set<string>, ttlMs?: number, now?: () => number }} [options]
 * @returns {(req: Request, res: Response) => Promise<unknown>}
 */
export function withPageCache(handle, { paths = CACHED_PATHS, ttlMs = TTL_MS, now = Date.now } = {}) {
  /** @type {Map<string, Copy>} */
  const copies = new Map();
  return (req, res) => {
    const path = req.url ?? "";
    if (req.method !== "GET" || !paths.has(path) || PERSONAL_HEADERS.some((name) => req.headers[name] !== undefined)) return handle(req, res);
    const copy = copies.get(path);
    if (copy && copy.expires > now()) {
      res.writeHead(copy.status, copy.headers);
      res.end(copy.body);
      return Promise.resolve();
    }
    record(res, (answer) => {
      if (answer.status === 200 && answer.headers["set-cookie"] === undefined) copies.set(path, { ...answer, expires: now() + ttlMs });
    });
    return handle(req, res);
  };
}

// Headers about this one transfer rather than the page: the compression around this sets the
// encoding of the request it compressed for (and a copy labelled gzip would not be compressed
// again for the next), Node the framing and the date.
const TRANSFER_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive", "date"]);

/** @param {import("node:http").OutgoingHttpHeaders} headers */
const ownHeaders = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSFER_HEADERS.has(name.toLowerCase())));

/**
 * Tees what `res` is given (status, headers, body) and hands it to `keep` once the answer has
 * ended whole; an answer cut short (the client left, the render failed) is not kept.
 * @param {Response} res
 * @param {(answer: { status: number, headers: import("node:http").OutgoingHttpHeaders, body: Buffer }) => void} keep
 */
function record(res, keep) {
  /** @type {Buffer[]} */
  const chunks = [];
  /** @type {import("node:http").OutgoingHttpHeaders} */
  let headed = {};
  /** @param {unknown} chunk @param {unknown} encoding */
  const add = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8")
        : Buffer.from(/** @type {Uint8Array} */ (chunk)),
    );
  };
  const { writeHead, write, end } = res;
  res.writeHead = /** @type {any} */ (
    function (/** @type {number} */ status, /** @type {any[]} */ ...rest) {
      const headers = rest.find((arg) => arg && typeof arg === "object");
      // Only plain objects: header arrays are raw pairs Next does not send here; such an answer is then kept without them, so refuse to keep it.
      if (Array.isArray(headers)) headed = { "set-cookie": "unknown" };
      else if (headers) for (const [name, value] of Object.entries(headers)) headed[name.toLowerCase()] = value;
      return writeHead.call(this, status, ...rest);
    }
  );
  res.write = /** @type {any} */ (
    function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
      add(chunk, rest[0]);
      return write.call(this, chunk, ...rest);
    }
  );
  res.end = /** @type {any} */ (
    function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
      add(chunk, rest[0]);
      const result = end.call(this, chunk, ...rest);
      if (!res.destroyed) keep({ status: res.statusCode, headers: ownHeaders({ ...res.getHeaders(), ...headed }), body: Buffer.concat(chunks) });
      return result;
    }
  );
  // The client left before the end: nothing is kept (end is not reached, or reached destroyed).
  res.once("close", () => {
    if (!res.writableFinished) chunks.length = 0;
  });
}
