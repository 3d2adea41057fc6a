import { viewerFromHeaders } from "@/lib/data/core";
import { revokeToken, viewerFromBearer } from "@/lib/data/accounts";
import { assertSameOrigin } from "@/lib/http/auth";
import { handle, HttpError, json, notFoundResponse } from "@/lib/http/errors";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ tokenId: string }> };

/**
 * DELETE /api/v1/tokens/{id}: revoke. From a session, any of the user's tokens; with a token, only
 * that token itself (a CI job cleaning up after itself).
 */
export const DELETE = rateLimited(async (request: Request, { params }: Context) => {
  return handle(async () => {
    const { tokenId } = await params;
    if (request.headers.has("authorization")) {
      const viewer = await viewerFromBearer(request.headers.get("authorization"));
      if (!viewer) throw new HttpError(401, "unauthorized", "The access token is missing, malformed, unknown or revoked.");
      if (viewer.token.id !== tokenId) return notFoundResponse("Token");
      return json({ token: await revokeToken(viewer, tokenId) });
    }
    const viewer = await viewerFromHeaders(request.headers);
    if (!viewer) throw new HttpError(401, "unauthorized", "Sign in, or send the token itself to revoke it.");
    assertSameOrigin(request);
    const token = await revokeToken(viewer, tokenId);
    return token ? json({ token }) : notFoundResponse("Token");
  });
});
