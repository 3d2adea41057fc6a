import type { IncomingMessage, ServerResponse } from "node:http";
type Response = ServerResponse & { flush?: () => void };
/** `handle` behind gzip or Brotli as the client accepts, its flushes gathered per turn of the event loop. */
export declare function withCompression(
  handle: (req: IncomingMessage, res: Response) => Promise<unknown>,
): (req: IncomingMessage, res: Response) => Promise<unknown>;
