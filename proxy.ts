import { NextResponse, type NextRequest } from "next/server";
import { getSessionCookie } from "better-auth/cookies";

// Optimistic only: a cookie that exists may still be expired or forged, so every page and
// action checks the session itself (lib/data/session.ts). This just saves a round trip.
export function proxy(request: NextRequest) {
  if (getSessionCookie(request)) return NextResponse.next();
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("next", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: ["/skills/:path*", "/playground/:path*", "/teams/:path*", "/account/:path*"],
};
