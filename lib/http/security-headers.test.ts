import { describe, expect, it } from "vitest";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import nextConfig from "../../next.config";
import { actionBodyTooLargeMessage } from "@/lib/skills/format/limits";
import { contentSecurityPolicy, isCrossOriginAction, oversizedActionBytes } from "./security-headers";

describe("security headers in next.config.ts", () => {
  /** The headers Next would add to a response for `pathname`, matched as Next matches them. */
  async function headersFor(pathname: string): Promise<Map<string, string>> {
    const rules = (await nextConfig.headers?.()) ?? [];
    const names = new Map<string, string>();
    for (const rule of rules) {
      if (!getPathMatch(rule.source)(pathname)) continue;
      for (const header of rule.headers) names.set(header.key.toLowerCase(), header.value);
    }
    return names;
  }

  it("apply to every path, pages and API alike", async () => {
    for (const pathname of ["/", "/skills/abc", "/api/skills/abc", "/api/health", "/sign-in"]) {
      const names = await headersFor(pathname);
      expect(names.get("x-frame-options"), pathname).toBe("DENY");
      expect(names.get("x-content-type-options"), pathname).toBe("nosniff");
      expect(names.get("referrer-policy"), pathname).toBe("strict-origin-when-cross-origin");
      const csp = names.get("content-security-policy") ?? "";
      expect(csp, pathname).toContain("frame-ancestors 'none'");
      expect(csp, pathname).toContain("img-src 'self' data: blob:");
      expect(csp, pathname).toContain("object-src 'none'");
    }
  });

  it("leave a skill file's own sandbox policy and referrer policy in place", async () => {
    const names = await headersFor("/api/skills/abc/files/assets/pipeline.svg");
    expect(names.get("content-security-policy")).toBeUndefined();
    expect(names.get("referrer-policy")).toBeUndefined();
    expect(names.get("x-content-type-options")).toBe("nosniff");
  });

  it("leave a playground file (an attachment, or what a skill_run wrote to out/) its own sandbox policy", async () => {
    const names = await headersFor("/api/playground/files/cm1abc-run-file");
    expect(names.get("content-security-policy")).toBeUndefined();
    expect(names.get("referrer-policy")).toBeUndefined();
    expect(names.get("x-content-type-options")).toBe("nosniff");
    // The rest of the playground's API and its page keep the page policy.
    expect((await headersFor("/api/playground/chat")).get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect((await headersFor("/playground")).get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("leave the discovery index's files their own policies too, before and after the rewrite; pages keep theirs", async () => {
    for (const pathname of ["/.well-known/agent-skills/pdf-tools/assets/logo.svg", "/api/agent-skills/pdf-tools/SKILL.md"]) {
      const names = await headersFor(pathname);
      expect(names.get("content-security-policy"), pathname).toBeUndefined();
      expect(names.get("x-content-type-options"), pathname).toBe("nosniff");
    }
    expect((await headersFor("/.well-known-agent-skills")).get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect((await headersFor("/skills/well-known/agent-skills/")).get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("rewrite the discovery RFC's well-known paths to the route that serves them", async () => {
    const rules = await nextConfig.rewrites?.();
    expect(rules).toContainEqual({ source: "/.well-known/agent-skills/:path*", destination: "/api/agent-skills/:path*" });
  });

  it("allow eval only outside production (React's dev tooling)", () => {
    expect(contentSecurityPolicy(false)).not.toContain("'unsafe-eval'");
    expect(contentSecurityPolicy(true)).toContain("'unsafe-eval'");
  });
});

describe("isCrossOriginAction", () => {
  const action = (headers: Record<string, string>, method = "POST") => isCrossOriginAction(method, new Headers({ "next-action": "abc", ...headers }));

  it("refuses an action whose Origin is another host", () => {
    expect(action({ origin: "http://evil.example", host: "localhost:3000" })).toBe(true);
    expect(action({ origin: "null", host: "localhost:3000" })).toBe(true);
    expect(action({ origin: "http://localhost:3001", host: "localhost:3000" })).toBe(true);
    expect(action({ origin: "not a url", host: "localhost:3000" })).toBe(true);
    expect(
      isCrossOriginAction("POST", new Headers({ "content-type": "multipart/form-data; boundary=x", origin: "http://evil.example", host: "localhost:3000" })),
    ).toBe(true);
  });

  it("lets same-origin actions, other requests and origin-less clients through to Next", () => {
    expect(action({ origin: "http://localhost:3000", host: "localhost:3000" })).toBe(false);
    expect(action({ origin: "https://shelf.example", host: "127.0.0.1:3000", "x-forwarded-host": "shelf.example" })).toBe(false);
    expect(action({ host: "localhost:3000" })).toBe(false);
    expect(action({ origin: "http://evil.example", host: "localhost:3000" }, "GET")).toBe(false);
    expect(isCrossOriginAction("POST", new Headers({ "content-type": "application/json", origin: "http://evil.example", host: "localhost:3000" }))).toBe(false);
  });
});

describe("oversizedActionBytes", () => {
  const limit = 1000;
  it("names the size of an action body over the limit, from Content-Length, before it is read", () => {
    expect(oversizedActionBytes("POST", new Headers({ "next-action": "abc", "content-length": "1001" }), limit)).toBe(1001);
    expect(oversizedActionBytes("POST", new Headers({ "content-type": "multipart/form-data; boundary=x", "content-length": "5000" }), limit)).toBe(5000);
    expect(actionBodyTooLargeMessage(28 * 1024 * 1024)).toBe(
      "This submission is 28.0 MB; one save or form can send at most 27.0 MB. Remove or shrink large files, or upload the skill as a .zip instead.",
    );
  });

  it("leaves bodies within the limit, without a length, and other requests alone", () => {
    expect(oversizedActionBytes("POST", new Headers({ "next-action": "abc", "content-length": "1000" }), limit)).toBeNull();
    expect(oversizedActionBytes("POST", new Headers({ "next-action": "abc" }), limit)).toBeNull();
    expect(oversizedActionBytes("POST", new Headers({ "content-type": "application/json", "content-length": "5000" }), limit)).toBeNull();
    expect(oversizedActionBytes("GET", new Headers({ "next-action": "abc", "content-length": "5000" }), limit)).toBeNull();
  });
});
