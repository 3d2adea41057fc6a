import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRedisServer, NO_REDIS_MESSAGE, startRedisServer } from "@/lib/test/redis-server";
import { describeRateLimitStore, manualClock } from "@/lib/test/rate-limit-contract";
import { createRedisRateLimitStore } from "./rate-limit-redis";

const installed = findRedisServer() !== null;
if (!installed) console.warn(`Skipping the Redis rate-limit store tests: ${NO_REDIS_MESSAGE}`);

describe.skipIf(!installed)("against a real redis-server", () => {
  // Two clients (two connections) stand for two instances of the app.
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  const clients: Redis[] = [];
  const client = () => clients[clients.push(new Redis(server.url, { lazyConnect: true })) - 1];
  let first: Redis;
  let second: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    [first, second] = [client(), client()];
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    await server?.stop();
  });

  describeRateLimitStore(
    "redis",
    (now) => createRedisRateLimitStore(first, { now }),
    (now) => createRedisRateLimitStore(second, { now }),
  );

  it("lets a key expire with its newest attempt, so Redis keeps nothing that no longer counts", async () => {
    const clock = manualClock();
    const store = createRedisRateLimitStore(first, { now: clock.now, prefix: "ttl:" });
    await store.take("k", { limit: 3, windowMs: 60_000 });
    const ttl = await first.pttl("ttl:k");
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await first.zcard("ttl:k")).toBe(1);
  });
});
