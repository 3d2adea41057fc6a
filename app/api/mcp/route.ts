import { authenticate } from "@/lib/http/auth";
import { labelParam } from "@/lib/http/discovery";
import { handle } from "@/lib/http/errors";
import { serveMcpRequest } from "@/lib/mcp/http";
import { resolveMcpContext } from "@/lib/mcp/server";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

/**
 * POST /api/mcp: the Model Context Protocol over Streamable HTTP (revision 2026-07-28 and the
 * 2025 ones), with a personal access token (read scope). `?profile=<id>` offers one of the token owner's agent profiles instead of every
 * skill they can see.
 */
export const POST = rateLimited(async (request: Request) => {
  return handle(async () => {
    const { viewer, token } = await authenticate(request, { scope: "read", session: false });
    const label = labelParam(request) ?? (token?.label === "latest" ? null : (token?.label ?? null));
    const context = await resolveMcpContext(viewer, { profileId: new URL(request.url).searchParams.get("profile"), label });
    return serveMcpRequest(context, request);
  });
});

// Stateless: no stream for server-initiated messages (GET) and no session to end (DELETE).
function methodNotAllowed(): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: this MCP server is stateless; send JSON-RPC requests with POST." }, id: null },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}

export const GET = rateLimited(methodNotAllowed);
export const DELETE = rateLimited(methodNotAllowed);
