import { NextResponse, type NextRequest } from "next/server";
import { getSessionCookie } from "better-auth/cookies";
import { isCrossOriginAction, oversizedActionBytes } from "@/lib/http/security-headers";
import { ACTION_BODY_MAX_BYTES, actionBodyTooLargeMessage } from "@/lib/skills/format/limits";

const SIGNED_IN_AREAS = ["/skills", "/playground", "/teams", "/account", "/admin"];

// Optimistic only: a cookie that exists may still be expired or forged, so every page and
// action checks the session itself (lib/data/core/session.ts). This just saves a round trip.
export function proxy(request: NextRequest) {
  if (isCrossOriginAction(request.method, request.headers)) return refuse(403, "Cross-origin form submissions are refused: submit the form from this site.");
  const oversized = oversizedActionBytes(request.method, request.headers, ACTION_BODY_MAX_BYTES);
  if (oversized !== null) return refuse(413, actionBodyTooLargeMessage(oversized));
  const { pathname } = request.nextUrl;
  // Next decodes route parameters itself and answers 500 for a broken escape like "%c0%ae".
  if (!hasValidEscapes(pathname)) return refuse(400, "The address contains an invalid percent-encoding (such as %c0%ae); check the link.");
  const signedInArea = SIGNED_IN_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`));
  if (!signedInArea || getSessionCookie(request)) return NextResponse.next();
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("next", pathname + request.nextUrl.search);
  return NextResponse.redirect(signIn);
}

function hasValidEscapes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function refuse(status: number, message: string): NextResponse {
  return new NextResponse(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

// Next runs a proxy through its middleware adapter (a NextRequest, a response to merge), about
// 0.5 ms of CPU per page even when it only lets the request through, so it runs only where it can
// act. Matchers must be literals (Next reads them at build time), hence the repeated page pattern;
// proxy.test.ts holds each case.

export const config = {
  matcher: [
    // A page without a session cookie (any of the names better-auth's getSessionCookie reads): the
    // signed-in areas' redirect. With one, the page checks the session itself.
    {
      source: "/((?!api/|_next/static/|_next/image|favicon.ico).*)",
      missing: [
        { type: "cookie", key: "better-auth.session_token" },
        { type: "cookie", key: "__Secure-better-auth.session_token" },
        { type: "cookie", key: "better-auth-session_token" },
        { type: "cookie", key: "__Secure-better-auth-session_token" },
      ],
    },
    // What Next may treat as a server action (isPossibleAction): posted from another origin or too
    // large, it is refused here. A server action can be posted to any page.
    { source: "/((?!api/|_next/static/|_next/image|favicon.ico).*)", has: [{ type: "header", key: "next-action" }] },
    { source: "/((?!api/|_next/static/|_next/image|favicon.ico).*)", has: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }] },
    // A path with a percent sign, which may be a broken escape ("%c0%ae": a 400 here, Next's 500
    // otherwise): pages, and auth routes (no real auth path holds one, so their bodies are never
    // buffered for the proxy). The skill file and download routes always: their paths carry file
    // names. Other API routes and static files check their own requests; uploads must not be
    // buffered for the proxy.
    "/((?!api/|_next/static/|_next/image|favicon.ico).*%.*)",
    "/api/skills/:path*",
    "/api/auth/:path(.*%.*)",
  ],
};
