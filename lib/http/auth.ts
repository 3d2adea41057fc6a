import { requestAddress } from "@/lib/auth/client-address";
import { getEnv } from "@/lib/env";
import { viewerFromHeaders, type Viewer } from "@/lib/data/core";
import { checkBearer, tokenAllows, type BearerCheck, type TokenScope } from "@/lib/data/accounts";
import { HttpError } from "./errors";

export interface RequestViewer {
  viewer: Viewer;
  /** How the request proved who it is. */
  via: "session" | "token";
  /** With a token: which one, and what it allows. */
  token: { id: string; scope: TokenScope; label: string } | null;
}

export interface AuthenticateOptions {
  /** What a token must allow: "read" for lists and downloads, "publish" for anything that writes. */
  scope: TokenScope;
  /** Whether a signed-in browser session is accepted too (token routes for people as well as scripts). */
  session: boolean;
  /**
   * Signed out and no token: "unauthorized" (401, the API) or "not-found" (404, for links in the
   * app, which must not say whether a skill exists).
   */
  anonymous?: "unauthorized" | "not-found";
}

const BEARER_CHALLENGE = 'Bearer realm="skillshelf"';

function unauthorized(message: string, invalidToken: boolean): HttpError {
  return new HttpError(
    401,
    "unauthorized",
    message,
    {},
    { "WWW-Authenticate": invalidToken ? `${BEARER_CHALLENGE}, error="invalid_token"` : BEARER_CHALLENGE },
  );
}

// One lookup per request of its token and of its session: the rate limit (lib/http/rate-limit.ts)
// asks who is calling before the route handler authenticates the same request.
const bearerChecks = new WeakMap<Request, Promise<BearerCheck>>();
const sessionViewers = new WeakMap<Request, Promise<Viewer | null>>();

function bearerOf(request: Request): Promise<BearerCheck> {
  let check = bearerChecks.get(request);
  if (!check) bearerChecks.set(request, (check = checkBearer(request.headers.get("authorization"))));
  return check;
}

function sessionOf(request: Request): Promise<Viewer | null> {
  let viewer = sessionViewers.get(request);
  if (!viewer) sessionViewers.set(request, (viewer = viewerFromHeaders(request.headers)));
  return viewer;
}

/**
 * Whom a request's API rate limit counts against: the user its working token or session signs in
 * (one allowance however many tokens they make), else its address (so made-up tokens share their
 * sender's allowance, not one each).
 */
export async function rateLimitPartition(request: Request): Promise<string> {
  if (request.headers.get("authorization") !== null) {
    const check = await bearerOf(request);
    if (check.ok) return `user ${check.viewer.id}`;
  } else if (request.headers.get("cookie")) {
    const viewer = await sessionOf(request);
    if (viewer) return `user ${viewer.id}`;
  }
  return `address ${requestAddress(request.headers, getEnv().TRUSTED_PROXIES)}`;
}

/**
 * Who is asking. An Authorization header always wins and must be a valid, unrevoked token with the
 * scope needed (a bad one is 401 even if a session cookie came along: scripts should learn their
 * token is wrong). Without one, a session is used where allowed; state-changing session requests
 * must come from this site's own pages.
 */
export async function authenticate(request: Request, options: AuthenticateOptions): Promise<RequestViewer> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const check = await bearerOf(request);
    if (!check.ok && check.reason === "expired")
      throw unauthorized(`This access token expired on ${check.expiredAt.toISOString().slice(0, 10)}. Create a new one on your account page.`, true);
    if (!check.ok) throw unauthorized("The access token is missing, malformed, unknown or revoked. Send Authorization: Bearer sks_...", true);
    const viewer = check.viewer;
    if (!tokenAllows(viewer.token.scope, options.scope)) {
      throw new HttpError(
        403,
        "insufficient_scope",
        `This token has the "${viewer.token.scope}" scope; this needs "${options.scope}". Create a token with the publish scope on your account page.`,
        {},
        {
          "WWW-Authenticate": `${BEARER_CHALLENGE}, error="insufficient_scope", scope="${options.scope}"`,
        },
      );
    }
    const { token, ...rest } = viewer;
    return { viewer: { ...rest, tokenId: token.id }, via: "token", token };
  }
  if (options.session) {
    const viewer = await sessionOf(request);
    if (viewer) {
      if (!isSafeMethod(request.method)) assertSameOrigin(request);
      return { viewer, via: "session", token: null };
    }
  }
  if (options.anonymous === "not-found") throw new HttpError(404, "not_found", "Skill not found.");
  throw unauthorized(
    options.session ? "Sign in, or send a personal access token: Authorization: Bearer sks_..." : "Send a personal access token: Authorization: Bearer sks_...",
    false,
  );
}

function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/**
 * Cookies ride along on cross-site form posts, so a session-authenticated write must come from a
 * page of this site. Browsers send Origin on every POST; scripts with a session cookie and no
 * Origin are not a browser being tricked, and pass.
 */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site") throw crossSite();
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const allowed = new Set<string>([new URL(getEnv().authUrl).origin, new URL(request.url).origin]);
  const host = request.headers.get("host");
  let parsed: URL | null = null;
  try {
    parsed = new URL(origin);
  } catch {
    throw crossSite();
  }
  if (allowed.has(parsed.origin) || (host !== null && parsed.host === host)) return;
  throw crossSite();
}

function crossSite(): HttpError {
  return new HttpError(403, "forbidden", "Cross-site requests are refused; use the app, or a personal access token.");
}
