// The production server's compression (next.config.ts turns Next's own off).
//
// gzip, for every client that takes it (every browser does), is done here on the request's own
// thread, one piece per turn of the event loop: what Next wrote in a turn is deflated in one
// synchronous call and sent, with a sync flush, as the next part of one gzip stream. A page's
// shell is one piece (compressed together, 20.6 KB for the skill list's 130 KB) and a Suspense
// boundary streamed later goes out as soon as it is written. The `compression` package did the
// same through a zlib stream, whose every write and flush is a job on libuv's threads: 2.4 ms of
// CPU per skill list view against 1.2 ms here (level 6 both, the same server, alternating blocks);
// pages are now deflated at level 2 (below).
// A large body is deflated 128 KB per turn, so other requests run in between, and held back by
// write()'s answer like a socket's.
//
// Clients that take only Brotli or deflate still get them from the `compression` package, with
// its flushes gathered per turn (Next flushes after each write). Brotli was preferred over gzip
// before; its stream cannot be continued from separately compressed pieces, so it stays there.
import zlib from "node:zlib";
import compressible from "compressible";
import compression from "compression";
import onHeaders from "on-headers";
import vary from "vary";

/**
 * @typedef {import("node:http").IncomingMessage} Request
 * @typedef {import("node:http").ServerResponse & { flush?: () => void }} Response
 * @param {(req: Request, res: Response) => Promise<unknown>} handle
 * @returns {(req: Request, res: Response) => Promise<unknown>}
 */
export function withCompression(handle) {
  // The `compression` package's defaults for the others: Brotli at quality 4, deflate at 6.
  const others = compression();
  return (req, res) => {
    if (req.method !== "HEAD" && acceptsGzip(req.headers["accept-encoding"])) {
      gzipPerTurn(res);
      return handle(req, res);
    }
    /** @type {Promise<unknown>} */
    let handled = Promise.resolve();
    others(/** @type {any} */ (req), /** @type {any} */ (res), () => {
      coalesceFlushes(res);
      handled = handle(req, res);
    });
    return handled;
  };
}

/**
 * Whether an Accept-Encoding header takes gzip: named (or as x-gzip) with a weight above 0, or
 * covered by "*" with one.
 * @param {string | undefined} header
 */
export function acceptsGzip(header) {
  if (!header) return false;
  let any = 0;
  for (const entry of header.split(",")) {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === "gzip" || name === "x-gzip") return weight > 0;
    if (name === "*") any = weight;
  }
  return any > 0;
}

// Below this a body is sent as it is: the bytes saved do not pay for compressing them.
const THRESHOLD = 1024;
// The most deflated in one turn (about 0.5 ms at level 2, 1 ms at 6), and what write() takes before
// it answers "wait".
const PIECE = 128 * 1024;
// A page or an API answer is deflated on every view: level 2 took 0.53 ms for the 130 KB skill
// list against 1.07 at level 6 (the old default), for 23.3 KB instead of 20.6 (nginx's default
// is level 1: as fast, 24.1 KB). A file under /_next/static (Cache-Control: immutable) is
// deflated once per browser, which keeps it for a year: it gets level 6's fewer bytes.
const LEVEL = 2;
const IMMUTABLE_LEVEL = 6;
// RFC 1952: magic, deflate, no flags, no time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// The last deflate block: final, fixed Huffman codes, nothing in it (each piece ends with a sync
// flush's empty stored block, which is not final).
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The rules the `compression` package applied (a compressible type, no `Cache-Control:
 * no-transform`, not already encoded, not known to be under THRESHOLD), and a status whose body is
 * the whole representation.
 * @param {Response} res
 * @param {number | undefined} length the body's length when end() gave all of it at once
 */
function shouldGzip(res, length) {
  const type = res.getHeader("Content-Type");
  if (typeof type !== "string" || !compressible(type)) return false;
  const cacheControl = res.getHeader("Cache-Control");
  if (typeof cacheControl === "string" && /(?:^|,)\s*?no-transform\s*?(?:,|$)/.test(cacheControl)) return false;
  vary(res, "Accept-Encoding");
  // No body (204, 304), or a byte range of the uncompressed file (206: its Content-Range counts those).
  if (res.statusCode === 204 || res.statusCode === 206 || res.statusCode === 304 || res.statusCode < 200) return false;
  if (Number(res.getHeader("Content-Length")) < THRESHOLD || (length !== undefined && length < THRESHOLD)) return false;
  const encoding = res.getHeader("Content-Encoding");
  return encoding === undefined || encoding === "identity";
}

/** @param {unknown} chunk @param {unknown} encoding */
function toBuffer(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), /** @type {BufferEncoding} */ (typeof encoding === "string" ? encoding : "utf8"));
}

/** @param {Response} res */
function gzipPerTurn(res) {
  const write = res.write;
  const end = res.end;
  let on = false;
  let level = LEVEL;
  /** @type {number | undefined} */
  let knownLength;
  /** @type {Buffer[]} */
  let queue = [];
  let queued = 0;
  let scheduled = false;
  let started = false;
  let crc = 0;
  let size = 0;
  // end() was called: its callback, once the last piece is out.
  /** @type {(() => void) | undefined | null} */
  let ending = null;
  // write() answered "wait" because of what waits here: a "drain" is owed once it is out.
  let owed = false;

  onHeaders(res, () => {
    on = shouldGzip(res, knownLength);
    if (!on) return;
    const cacheControl = res.getHeader("Cache-Control");
    if (typeof cacheControl === "string" && /(?:^|,)\s*immutable\s*(?:,|$)/.test(cacheControl)) level = IMMUTABLE_LEVEL;
    res.setHeader("Content-Encoding", "gzip");
    res.removeHeader("Content-Length");
  });

  /** Up to `max` bytes off the front of the queue, as one buffer. */
  const take = (/** @type {number} */ max) => {
    if (queued <= max) {
      const all = queue.length === 1 ? queue[0] : Buffer.concat(queue, queued);
      queue = [];
      queued = 0;
      return all;
    }
    // The whole buffers in front first, then the part of the next one that fits; the queue is cut
    // once (shifting one buffer at a time made 400,000 small writes take 38 s to send).
    let count = 0;
    let taken = 0;
    while (taken + queue[count].length <= max) taken += queue[count++].length;
    const parts = queue.slice(0, count);
    const rest = queue.slice(count);
    if (taken < max) {
      parts.push(rest[0].subarray(0, max - taken));
      rest[0] = rest[0].subarray(max - taken);
      taken = max;
    }
    queue = rest;
    queued -= taken;
    return Buffer.concat(parts, taken);
  };

  /** The next part of the gzip stream for `piece`; with `last`, its end and trailer too. */
  const deflate = (/** @type {Buffer} */ piece, /** @type {boolean} */ last) => {
    /** @type {Buffer[]} */
    const parts = [];
    if (!started) {
      started = true;
      parts.push(GZIP_HEADER);
    }
    if (piece.length > 0) {
      crc = zlib.crc32(piece, crc);
      size = (size + piece.length) % 2 ** 32;
      parts.push(zlib.deflateRawSync(piece, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    }
    if (last) {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size, 4);
      parts.push(LAST_BLOCK, trailer);
    }
    return Buffer.concat(parts);
  };

  const settleDrain = () => {
    if (!owed || queued >= PIECE) return;
    owed = false;
    // When the socket itself is full it sends the "drain" when it empties.
    if (!res.writableNeedDrain) res.emit("drain");
  };

  const turn = () => {
    scheduled = false;
    // A client that went away: nothing more is sent.
    if (res.destroyed) {
      queue = [];
      queued = 0;
      return;
    }
    if (ending !== null && queued <= PIECE) {
      const callback = ending;
      ending = null;
      end.call(res, deflate(take(PIECE), true), callback);
      return;
    }
    if (queued > 0) write.call(res, deflate(take(PIECE), false));
    if (queued > 0 || ending !== null) schedule();
    settleDrain();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };

  res.write = function gzipWrite(chunk, encoding) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!on) return write.apply(res, /** @type {any} */ (arguments));
    if (ending !== null || res.writableEnded) return false;
    const buffer = toBuffer(chunk, encoding);
    if (buffer.length === 0) return true;
    queue.push(buffer);
    queued += buffer.length;
    schedule();
    if (queued < PIECE && !res.writableNeedDrain) return true;
    owed = true;
    return false;
  };

  res.end = /** @type {any} */ (
    function gzipEnd(/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ callback) {
      if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
      else if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
      if (!res.headersSent) {
        if (res.getHeader("Content-Length") === undefined) knownLength = chunk ? toBuffer(chunk, encoding).length : 0;
        res.writeHead(res.statusCode);
      }
      if (!on) return end.call(res, chunk, encoding, callback);
      if (ending !== null || res.writableEnded) return res;
      if (chunk) {
        const buffer = toBuffer(chunk, encoding);
        queue.push(buffer);
        queued += buffer.length;
      }
      ending = callback;
      // All of it in one turn when it fits: most answers end here, without waiting for a turn.
      if (!scheduled && queued <= PIECE) turn();
      else schedule();
      return res;
    }
  );
}

/**
 * Next flushes after each write (its pipe calls `res.flush()` when the response has it); the
 * `compression` package would then send each write as its own flushed piece. A flush asked for
 * waits until the writes of the same turn are in, then flushes once.
 * @param {Response} res
 */
function coalesceFlushes(res) {
  const flush = res.flush;
  if (typeof flush !== "function") return;
  let queued = false;
  res.flush = () => {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      // A client that went away takes the compressor with it (the package releases it on close).
      if (!res.destroyed) flush.call(res);
    });
  };
}
