import "server-only";
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { createSkillsMcpServer, type SkillsMcpContext } from "./server";

// Serving one Streamable HTTP request, in either protocol era. The 2026-07-28 revision is
// stateless by design (every request carries its version and capabilities; `server/discover`
// replaces the handshake); 2025-era clients still open with `initialize`. Both get a fresh server
// from the same factory, and JSON answers: no stream is held open, the calls answer at once.

/** Tool arguments are a name, a path or a query: anything bigger is not a real call. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Answers one MCP request for `context`. No sessions (every request carries its token); GET, which
 * a 2025-era client would use to open a stream for server-initiated messages, is the route's 405.
 */
export async function serveMcpRequest(context: SkillsMcpContext, request: Request): Promise<Response> {
  const factory = () => createSkillsMcpServer(context);
  const legacy = await isLegacyRequest(request, undefined, { maxRequestBodySize: MAX_BODY_BYTES });
  // The modern leg's "auto" mode answers JSON unless a handler sends something before its result, which none of ours does.
  const response = legacy
    ? await serveLegacy(factory(), request)
    : await createMcpHandler(factory, { legacy: "reject", maxRequestBodySize: MAX_BODY_BYTES }).fetch(request);
  // Per caller, like every API answer (lib/http/errors.ts json): never kept by a shared cache.
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** The 2025-era stateless idiom, with JSON rather than a one-message event stream. */
async function serveLegacy(server: ReturnType<typeof createSkillsMcpServer>, request: Request): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
