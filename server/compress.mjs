// The production server's compression (next.config.ts turns Next's own off). Next streams a page
// in many small writes and flushes the compressor after each one (its pipe calls `res.flush()`
// when the response has it): the skill list's 35 writes went out as 35 separately flushed pieces,
// 42 KB of gzip for 175 KB of HTML where one piece is 22.6 KB. Here a flush asked for waits until
// the writes of the same turn of the event loop are in, then flushes once: what was written
// together is compressed together, and what waits on data (a Suspense boundary streamed later)
// still goes out as soon as it is written.
import compression from "compression";

/**
 * @typedef {import("node:http").IncomingMessage} Request
 * @typedef {import("node:http").ServerResponse & { flush?: () => void }} Response
 * @param {(req: Request, res: Response) => Promise<unknown>} handle
 * @returns {(req: Request, res: Response) => Promise<unknown>}
 */
export function withCompression(handle) {
  // Brotli at its default quality here (4) and gzip at 6, above 1 KB, compressible types only:
  // the `compression` package's defaults, as Next's built-in used.
  const compress = compression();
  return (req, res) => {
    /** @type {Promise<unknown>} */
    let handled = Promise.resolve();
    compress(/** @type {any} */ (req), /** @type {any} */ (res), () => {
      coalesceFlushes(res);
      handled = handle(req, res);
    });
    return handled;
  };
}

/** @param {Response} res */
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
