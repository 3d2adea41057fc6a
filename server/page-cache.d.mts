import type { IncomingMessage, ServerResponse } from "node:http";
type Response = ServerResponse & { flush?: () => void };
/** Paths whose cookie-less, query-less GET answer depends on the build and the environment only. */
export declare const CACHED_PATHS: Set<string>;
/** `handle`, with the anonymous GET answer of `paths` kept for `ttlMs` and given again (see the file). */
export declare function withPageCache(
  handle: (req: IncomingMessage, res: Response) => Promise<unknown>,
  options?: { paths?: Set<string>; ttlMs?: number; now?: () => number },
): (req: IncomingMessage, res: Response) => Promise<unknown>;
