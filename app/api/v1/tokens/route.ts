import { viewerFromHeaders } from "@/lib/data/core";
import { createToken, listTokens } from "@/lib/data/accounts";
import { assertSameOrigin } from "@/lib/http/auth";
import { parseInput, readJsonBody } from "@/lib/http/body";
import { handle, HttpError, json } from "@/lib/http/errors";
import { createTokenInput } from "@/lib/auth/token-inputs";
import { rateLimited } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

// Tokens are made from a signed-in session only: a token that could mint tokens would outlive
// its own revocation.
async function sessionViewer(request: Request) {
  if (request.headers.has("authorization")) throw new HttpError(403, "forbidden", "Tokens are created and listed from a signed-in session, not with a token.");
  const viewer = await viewerFromHeaders(request.headers);
  if (!viewer) throw new HttpError(401, "unauthorized", "Sign in first: POST /api/auth/sign-in/email, then send its session cookie.");
  return viewer;
}

/** GET /api/v1/tokens: the caller's active tokens (never their secrets). */
export const GET = rateLimited(async (request: Request) => {
  return handle(async () => {
    const viewer = await sessionViewer(request);
    return json({ tokens: await listTokens(viewer) });
  });
});

/** POST /api/v1/tokens {name, scope}: 201 with the token and its secret, which is never shown again. */
export const POST = rateLimited(async (request: Request) => {
  return handle(async () => {
    const viewer = await sessionViewer(request);
    assertSameOrigin(request);
    const raw = await readJsonBody(request, 16 * 1024, 'Send JSON like {"name": "CI publish", "scope": "publish"}.');
    const created = await createToken(viewer, parseInput(createTokenInput, raw));
    return json(created, { status: 201 });
  });
});
