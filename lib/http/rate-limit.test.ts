import { afterAll, describe, expect, it, vi } from "vitest";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { createMemoryRateLimitStore } from "@/lib/auth/rate-limit";
import { createDatabaseRateLimitStore } from "@/lib/auth/rate-limit-database";
import { createTestDatabase, createUser, testDialect } from "@/lib/test/database";
import { manualClock } from "@/lib/test/rate-limit-contract";

// The API's limit through real route handlers, on the store this database would get in production
// (rate-limit-store.ts: memory on SQLite, the database on PostgreSQL), with a clock the test moves.

// 600 real requests, each with a token lookup (and on PostgreSQL a counting transaction): slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const { getEnv } = await import("@/lib/env");
const { rateLimitBackend, replaceSharedRateLimitStore } = await import("@/lib/auth/rate-limit-store");
const sourcesRoute = await import("@/app/api/v1/sources/route");
const skillsRoute = await import("@/app/api/v1/skills/route");
const cliRoute = await import("@/app/api/v1/cli/skillshelf-sync.mjs/route");
const discoveryRoute = await import("@/app/api/agent-skills/[...path]/route");
const mcpRoute = await import("@/app/api/mcp/route");

const clock = manualClock();
const backend = rateLimitBackend(getEnv());
expect(backend).toBe(testDialect === "postgres" ? "database" : "memory");
replaceSharedRateLimitStore(backend === "database" ? createDatabaseRateLimitStore(db, { now: clock.now }) : createMemoryRateLimitStore({ now: clock.now }));
afterAll(async () => {
  replaceSharedRateLimitStore(null);
  await cleanup();
});

await createUser(db, "ada");
await createUser(db, "grace");
const adaToken = (await createToken({ id: "ada" }, { name: "ci", scope: "read" })).secret;
const adaSecondToken = (await createToken({ id: "ada" }, { name: "laptop", scope: "read" })).secret;
const graceToken = (await createToken({ id: "grace" }, { name: "ci", scope: "read" })).secret;

function listSources(options: { token?: string; peer?: string } = {}) {
  const headers = new Headers({ [PEER_HEADER]: options.peer ?? "203.0.113.7" });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  return sourcesRoute.GET(new Request("http://localhost/api/v1/sources", { headers }));
}

describe("the HTTP API's rate limit", () => {
  it("answers the 601st call of a minute with 429, Retry-After and the RateLimit fields, per user", async () => {
    const first = await listSources({ token: adaToken });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"api";q=600;w=60');
    expect(first.headers.get("ratelimit")).toBe('"api";r=599;t=60');
    expect(first.headers.get("retry-after")).toBeNull();

    // Half of the calls through a second token: a user's tokens share one allowance.
    const statuses = new Set<number>();
    for (let i = 1; i < 600; i += 1) {
      clock.advance(50);
      statuses.add((await listSources({ token: i % 2 ? adaSecondToken : adaToken })).status);
    }
    expect([...statuses]).toEqual([200]);

    // 600 calls spread over 29.95 s: the first ages out 30.05 s from now.
    const refused = await listSources({ token: adaToken });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("31");
    expect(refused.headers.get("ratelimit")).toBe('"api";r=0;t=31');
    expect(refused.headers.get("ratelimit-policy")).toBe('"api";q=600;w=60');
    expect(await refused.json()).toEqual({
      error: {
        code: "rate_limited",
        message:
          "Too many requests: the API allows 600 requests a minute per user, however many tokens they use (per address without a token or session). Try again in 31 s.",
        limit: 600,
        windowSeconds: 60,
        retryAfterSeconds: 31,
      },
    });

    // Ada's other token is spent too: a new token adds no allowance.
    expect((await listSources({ token: adaSecondToken })).status).toBe(429);
    // Another user's token, from the same address, has its own allowance.
    const other = await listSources({ token: graceToken });
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit")).toBe('"api";r=599;t=60');

    // The window slides: once the first call ages out, one call goes through again.
    clock.advance(30_050);
    expect((await listSources({ token: adaToken })).status).toBe(200);
    expect((await listSources({ token: adaToken })).status).toBe(429);
  });

  it("counts calls without a working token per address, made-up tokens included", async () => {
    const anonymous = await listSources({ peer: "198.51.100.1" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit")).toBe('"api";r=599;t=60');
    const madeUp = await listSources({ peer: "198.51.100.1", token: "sks_madeup0000000000000000000000000000000000" });
    expect(madeUp.status).toBe(401);
    expect(madeUp.headers.get("ratelimit")).toBe('"api";r=598;t=60');
    expect((await listSources({ peer: "198.51.100.2" })).headers.get("ratelimit")).toBe('"api";r=599;t=60');
  });

  it("covers the skills list, the CLI download, the discovery index and MCP", async () => {
    const headers = { authorization: `Bearer ${graceToken}`, [PEER_HEADER]: "203.0.113.9" };
    const answers = [
      await skillsRoute.GET(new Request("http://localhost/api/v1/skills", { headers })),
      await cliRoute.GET(new Request("http://localhost/api/v1/cli/skillshelf-sync.mjs", { headers })),
      await discoveryRoute.GET(new Request("http://localhost/.well-known/agent-skills/index.json", { headers }), {
        params: Promise.resolve({ path: ["index.json"] }),
      }),
      await mcpRoute.GET(new Request("http://localhost/api/mcp", { headers })),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 405]);
    // Grace made one call in the first test: these four count after it, against her token.
    expect(answers.map((a) => a.headers.get("ratelimit"))).toEqual([598, 597, 596, 595].map((r) => `"api";r=${r};t=30`));
  });
});

describe("where the counters live", () => {
  it("Redis when REDIS_URL is set, else the database on PostgreSQL, else memory", () => {
    const sqlite = { provider: "sqlite", path: "/tmp/x.db" } as const;
    const postgres = { provider: "postgres", url: "postgres://db/skillshelf" } as const;
    expect(rateLimitBackend({ REDIS_URL: "redis://127.0.0.1:6379", database: sqlite })).toBe("redis");
    expect(rateLimitBackend({ REDIS_URL: "redis://127.0.0.1:6379", database: postgres })).toBe("redis");
    expect(rateLimitBackend({ database: postgres })).toBe("database");
    expect(rateLimitBackend({ database: sqlite })).toBe("memory");
  });
});
