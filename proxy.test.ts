import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { ACTION_BODY_MAX_BYTES } from "@/lib/skills/format/limits";
import { config, proxy } from "./proxy";

const ORIGIN = "http://localhost:3000";
const SESSION_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token", "better-auth-session_token", "__Secure-better-auth-session_token"];

interface Case {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

// The matcher before it was narrowed to where the proxy acts: every page, the skill file routes and
// auth paths holding a percent sign.
const EVERY_PAGE = { matcher: ["/((?!api/|_next/static/|_next/image|favicon.ico).*)", "/api/skills/:path*", "/api/auth/:path(.*%.*)"] };

function matches({ path, headers = {}, cookies = {} }: Case, matcher: typeof config | typeof EVERY_PAGE = config): boolean {
  return unstable_doesMiddlewareMatch({ config: matcher, url: `${ORIGIN}${path}`, headers, cookies });
}

/** What the proxy does with the request if Next runs it: "next" when it lets it through. */
function outcome({ path, method = "GET", headers = {}, cookies = {} }: Case): string {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  const request = new NextRequest(`${ORIGIN}${path}`, { method, headers: { host: "localhost:3000", ...headers, ...(cookie ? { cookie } : {}) } });
  const response = proxy(request);
  return response.headers.get("x-middleware-next") === "1" ? "next" : String(response.status);
}

const signedIn = { [SESSION_COOKIES[0]]: "token.signature" };
const action = { "next-action": "7f00aa", origin: ORIGIN };

describe("the proxy's matcher", () => {
  it("skips a signed-in page view: the page checks the session itself", () => {
    for (const path of ["/skills", "/skills/abc?file=SKILL.md", "/playground", "/teams", "/admin", "/", "/notifications"])
      for (const name of SESSION_COOKIES) expect(matches({ path, cookies: { [name]: "token.signature" } }), `${path} with ${name}`).toBe(false);
  });

  it("runs for a page without a session cookie, where the signed-in areas redirect to sign-in", () => {
    for (const path of ["/skills", "/skills/abc", "/playground", "/teams/t1", "/account", "/admin", "/", "/sign-in"])
      expect(matches({ path, cookies: { theme: "dark" } }), path).toBe(true);
    expect(outcome({ path: "/skills/abc?view=grid" })).toBe("307");
  });

  it("runs for what Next may treat as a server action, signed in or not", () => {
    for (const path of ["/skills", "/skills/abc/edit", "/"]) {
      expect(matches({ path, method: "POST", headers: action, cookies: signedIn }), path).toBe(true);
      expect(matches({ path, method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, cookies: signedIn }), path).toBe(true);
    }
    expect(matches({ path: "/skills", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, cookies: signedIn })).toBe(false);
  });

  it("runs for a path with a percent sign, the skill file routes always, and never for other API routes or static files", () => {
    expect(matches({ path: "/skills/%c0%ae", cookies: signedIn })).toBe(true);
    expect(matches({ path: "/api/skills/abc/files/SKILL.md", cookies: signedIn })).toBe(true);
    expect(matches({ path: "/api/auth/%c0%ae" })).toBe(true);
    for (const path of ["/api/auth/sign-in/email", "/api/health", "/api/uploadthing", "/_next/static/chunks/a.js", "/favicon.ico"])
      expect(matches({ path }), path).toBe(false);
  });

  it("skips only requests the proxy would have let through, of those it used to see", () => {
    const paths = [
      "/skills",
      "/skills/abc",
      "/skills/%c0%ae",
      "/skills/a%20b",
      "/",
      "/sign-in",
      "/teams",
      "/api/skills/abc/files/%c0%ae",
      "/api/auth/%c0%ae",
      "/api/auth/sign-in/email",
      "/api/health",
    ];
    const requests: Omit<Case, "path">[] = [
      {},
      { cookies: signedIn },
      { cookies: { [SESSION_COOKIES[3]]: "token.signature" } },
      { method: "POST", headers: action, cookies: signedIn },
      { method: "POST", headers: { ...action, origin: "https://evil.example" }, cookies: signedIn },
      { method: "POST", headers: { ...action, "content-length": String(ACTION_BODY_MAX_BYTES + 1) }, cookies: signedIn },
      { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x", origin: "https://evil.example" }, cookies: signedIn },
      { method: "POST", headers: { "content-type": "application/json", origin: "https://evil.example" }, cookies: signedIn },
    ];
    let acting = 0;
    for (const path of paths)
      for (const request of requests) {
        const what = `${request.method ?? "GET"} ${path} ${JSON.stringify(request.headers ?? {})} ${Object.keys(request.cookies ?? {}).join()}`;
        const result = outcome({ path, ...request });
        if (result !== "next") acting++;
        if (matches({ path, ...request }, EVERY_PAGE) && !matches({ path, ...request })) expect(result, what).toBe("next");
      }
    // The cases include every kind of answer the proxy gives: redirect, 400, 403 and 413.
    expect(acting).toBeGreaterThan(10);
  });
});
