import { Server, type IncomingMessage } from "node:http";
import { PEER_HEADER } from "@/lib/auth/client-address";

const installed = Symbol.for("skillshelf.peer-header");

/**
 * Stamps every incoming request with its socket's remote address under PEER_HEADER, replacing
 * any value a client sent. Next 16 gives route handlers and server actions no peer address (it
 * only fills X-Forwarded-For when the client sent none, so a client can always pick it), and the
 * sign-in limiter must key on an address the client cannot choose.
 */
export function stampPeerAddress(): void {
  const proto = Server.prototype as Server & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
