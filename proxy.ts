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

export const config = {
  // Every page (a server action can be posted to any of them), and the skill file and download
  // routes (their paths carry file names). Other API routes and static files check their own
  // requests; uploads must not be buffered for the proxy. Auth routes come here only when their
  // path holds a percent sign (no real auth path does), so their bodies are never buffered for it
  // and a broken escape such as "%c0%ae" still gets a 400 instead of Next's 500.
  matcher: ["/((?!api/|_next/static/|_next/image|favicon.ico).*)", "/api/skills/:path*", "/api/auth/:path(.*%.*)"],
};
