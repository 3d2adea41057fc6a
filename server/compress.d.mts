import type { IncomingMessage, ServerResponse } from "node:http";
type Response = ServerResponse & { flush?: () => void };
/** `handle` behind gzip (deflated per turn of the event loop) or, for clients without it, Brotli or deflate. */
export declare function withCompression(
  handle: (req: IncomingMessage, res: Response) => Promise<unknown>,
): (req: IncomingMessage, res: Response) => Promise<unknown>;
/** Whether an Accept-Encoding header takes gzip. */
export declare function acceptsGzip(header: string | undefined): boolean;
